/**
 * A structured exception repr whose head announces fields (messageField.ts): its `details` field is
 * the statement. Generated as repr class × log format × details, in the shape of gRPC Python's
 * reprs (grpc/grpc src/python/grpcio/grpc/_channel.py _NON_OK_RENDEZVOUS_REPR_FORMAT,
 * src/python/grpcio/grpc/aio/_call.py _NON_OK_CALL_REPRESENTATION); the messages are written for
 * these tests. The long details fail without the rule (the head, with the status at most, was quoted);
 * the short ones already fit the head's record (withRecord.ts) and guard that the rule keeps them.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';
import { messageField } from '../../functions/diagnosis/signals/decisiveLine/messageField.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const payloadOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload;

const FORMATS: Record<string, (line: string) => string> = {
  bare: (line) => line,
  stern: (line) => `[pod/demo-0-0/main] ${line}`,
};

/** The class path each API raises, as Python prints it on the traceback's last line. */
const CLASSES = ['grpc._channel._InactiveRpcError', 'grpc._channel._MultiThreadedRendezvous', 'grpc.aio._call.AioRpcError'];

const CALLS = [
  { status: 'StatusCode.PERMISSION_DENIED', details: 'Request had insufficient authentication scopes.' },
  { status: 'StatusCode.NOT_FOUND', details: 'Model ranker-v3 is not found in repository /models' },
  { status: 'StatusCode.DEADLINE_EXCEEDED', details: 'Deadline Exceeded' },
  // grpc/grpc src/core/resolver/dns/c_ares/grpc_ares_wrapper.cc: "C-ares status is not ARES_SUCCESS qtype=… name=… is_balancer=…: …".
  {
    status: 'StatusCode.UNAVAILABLE',
    details:
      'DNS resolution failed for ranker.serving.svc.cluster.local:8500: C-ares status is not ARES_SUCCESS qtype=A name=ranker.serving.svc.cluster.local is_balancer=0: Domain name not found',
  },
  // grpc/grpc src/core/load_balancing/pick_first/pick_first.cc: "failed to connect to all addresses; last error: …".
  {
    status: 'StatusCode.UNAVAILABLE',
    details: 'failed to connect to all addresses; last error: UNKNOWN: ipv6:%5Bfd00:10:96::2a%5D:9000: Failed to connect to remote host: No route to host',
  },
];

function repr(className: string, status: string, details: string): string[] {
  const name = className.split('.').at(-1) ?? className;
  return [
    'Traceback (most recent call last):',
    '  File "/srv/client.py", line 31, in <module>',
    '    reply = stub.Predict(request, timeout=5)',
    `${className}: <${name} of RPC that terminated with:`,
    `\tstatus = ${status}`,
    `\tdetails = "${details}"`,
    `\tdebug_error_string = "UNKNOWN:Error received from peer  {grpc_message:"${details}", grpc_status:7}"`,
    '>',
  ];
}

describe("a repr's message field is its statement", () => {
  for (const className of CLASSES) {
    for (const [format, place] of Object.entries(FORMATS)) {
      for (const { status, details } of CALLS) {
        it(`${className} ${status} (${format})`, () => {
          const quoted = payloadOf(exit(repr(className, status, details).map(place).join('\n')))?.text;
          expect(quoted).toContain(details);
        });
      }
    }
  }
});

describe('messageField', () => {
  it('needs a head that announces fields, and a message field among them', () => {
    const lines = repr('grpc._channel._InactiveRpcError', 'StatusCode.UNAVAILABLE', 'failed to connect to all addresses');
    expect(messageField(lines, 3)).toBe(5);
    const noMessage = ['app.Error: state dump:', '\tstep = 4', '\tloss = nan'];
    expect(messageField(noMessage, 0)).toBeNull();
    const notAnnouncing = ['app.Error: step 4 failed', '\tdetails = "disk full"'];
    expect(messageField(notAnnouncing, 0)).toBeNull();
  });
});
