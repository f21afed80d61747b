/**
 * Which link of an exception chain is the statement when one link holds another's message
 * (restatedLink.ts): the one adding specific content. Generated as chain structure × log format;
 * the messages are written for these tests in the shape of the cited upstream formats, not copied
 * from a corpus entry. The first three structures fail without the rule (the chain's default end
 * wins); the fourth guards against over-reach (a wrapper that adds a path stays the statement).
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';
import { statementOfPair } from '../../functions/diagnosis/signals/decisiveLine/restatedLink.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const payloadOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload;

/** How a container's lines reach the message: bare, through stern's prefix, through `kubectl logs --timestamps`. */
const FORMATS: Record<string, (line: string) => string> = {
  bare: (line) => line,
  stern: (line) => `[pod/demo-0-0/main] ${line}`,
  timestamps: (line) => `2026-12-03T10:41:22.118234567Z ${line}`,
};

interface Structure {
  name: string;
  lines: string[];
  /** What the quote must hold, and what it must not be reduced to. */
  quoted: string;
  notOnly?: string;
}

const javaFrames = ['\tat com.acme.jobs.Main.run(Main.java:41)', '\tat com.acme.jobs.Main.main(Main.java:12)'];
const pyFrames = ['Traceback (most recent call last):', '  File "/srv/run.py", line 9, in <module>', '    main()'];

const STRUCTURES: Structure[] = [
  {
    // netty/netty transport/src/main/java/io/netty/channel/AbstractChannel.java annotateConnectException:
    // new AnnotatedNoRouteToHostException(cause.getMessage() + ": " + remoteAddress, cause) — the holder adds the peer.
    name: 'a Java wrapper that adds the peer to its cause',
    lines: [
      'Exception in thread "main" org.apache.kafka.common.KafkaException: Failed to construct kafka consumer',
      ...javaFrames,
      'Caused by: io.netty.channel.AbstractChannel$AnnotatedNoRouteToHostException: No route to host: kafka-2.brokers/10.0.7.9:9092',
      'Caused by: java.net.NoRouteToHostException: No route to host',
      '\tat java.base/sun.nio.ch.Net.pollConnect(Native Method)',
      '\t... 9 more',
    ],
    quoted: 'No route to host: kafka-2.brokers/10.0.7.9:9092',
  },
  {
    // openjdk/jdk src/java.base/share/classes/java/lang/Throwable.java Throwable(Throwable cause):
    // detailMessage = cause.toString(), so java.util.concurrent.ExecutionException holds its cause whole.
    name: 'a Java wrapper that holds its cause whole (class and message)',
    lines: [
      'Exception in thread "main" java.util.concurrent.ExecutionException: java.io.FileNotFoundException: /data/shards/part-00007.parquet (No such file or directory)',
      '\tat java.base/java.util.concurrent.FutureTask.report(FutureTask.java:122)',
      ...javaFrames,
      'Caused by: java.io.FileNotFoundException: /data/shards/part-00007.parquet (No such file or directory)',
      '\tat java.base/java.io.FileInputStream.open0(Native Method)',
      '\t... 4 more',
    ],
    quoted: 'ExecutionException: java.io.FileNotFoundException: /data/shards/part-00007.parquet (No such file or directory)',
  },
  {
    // python/cpython Lib/traceback.py: the cause, "The above exception was the direct cause …", then a wrapper
    // `raise RuntimeError(f"could not load settings: {e}") from e` that holds the cause's message, not its class.
    name: 'a Python wrapper raised from its cause that adds generic words only',
    lines: [
      ...pyFrames,
      'json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 3 column 5 (char 41)',
      '',
      'The above exception was the direct cause of the following exception:',
      '',
      ...pyFrames,
      'RuntimeError: could not load settings: Expecting property name enclosed in double quotes: line 3 column 5 (char 41)',
    ],
    quoted: 'json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 3 column 5 (char 41)',
  },
  {
    // The same chain whose wrapper names the file: it adds a specific, so it stays the statement (the chain's default).
    name: 'a Python wrapper raised from its cause that adds a path',
    lines: [
      ...pyFrames,
      'json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 3 column 5 (char 41)',
      '',
      'The above exception was the direct cause of the following exception:',
      '',
      ...pyFrames,
      'RuntimeError: /etc/trainer/settings.json: Expecting property name enclosed in double quotes: line 3 column 5 (char 41)',
    ],
    quoted: 'RuntimeError: /etc/trainer/settings.json:',
  },
];

describe('the link of a chain that adds specific content is the statement', () => {
  for (const structure of STRUCTURES) {
    for (const [format, place] of Object.entries(FORMATS)) {
      it(`${structure.name} (${format})`, () => {
        const text = exit(structure.lines.map(place).join('\n'));
        expect(payloadOf(text)?.text).toContain(structure.quoted);
      });
    }
  }
});

describe('statementOfPair', () => {
  it('is no pair when the messages are the same under two classes, or one is too short to tell', () => {
    expect(statementOfPair('javax.net.ssl.SSLException: Connection reset by peer', 'java.net.SocketException: Connection reset by peer')).toBeNull();
    expect(statementOfPair('com.acme.JobError: failed: timeout', 'java.lang.Exception: timeout')).toBeNull();
  });

  it('reads a `Caused by:` carrier and a thread header as no part of the link', () => {
    expect(
      statementOfPair('Caused by: com.acme.StepFailed: step failed: Address already in use', 'Caused by: java.net.BindException: Address already in use'),
    ).toBe('held');
    expect(
      statementOfPair('Exception in thread "main" com.acme.StepFailed: port 8080: Address already in use', 'java.net.BindException: Address already in use'),
    ).toBe('holder');
  });
});
