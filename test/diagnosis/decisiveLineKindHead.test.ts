/**
 * A multi-line message whose head names only the kind of failure holds its statement in its body
 * (embeddedRepr.ts, linePointers.ts continuationStatement). Generated as wrapper × embedded cause:
 * Triton's CompilationError (triton-lang/triton python/triton/compiler/errors.py _format_message:
 * "at {line}:{col}:", the source excerpt, a caret, repr(e)), Dask's meta error (dask/dask
 * dask/dataframe/utils.py raise_on_meta_error: "Metadata inference failed in {0}." … "Original
 * error is below:" "------------------------" repr(e) "Traceback:"), an f-string wrapper
 * (`raise RuntimeError(f"stage failed:\n{e!r}")`). Causes are CPython reprs (Objects/exceptions.c
 * BaseException_repr). Dynamo's layouts: torch/_dynamo/utils.py get_fake_value ("Failed running …:"
 * then the error) and torch/_dynamo/exc.py format_graph_break_message (gb_type, "  Explanation: ",
 * "  Hint: ", "  Developer debug context: ", "from user code:"). The names are written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';
const FRAMES = ['Traceback (most recent call last):', '  File "/app/train.py", line 142, in <module>', '    run(batch)'];

const CAUSES: Record<string, string> = {
  value: 'ValueError("arange\'s range must be a power of 2")',
  key: "KeyError('text')",
  assertion: "AssertionError('block size 96 is not a multiple of 32')",
};
const WRAPPERS: Record<string, (cause: string) => string[]> = {
  triton: (cause) => [
    'triton.compiler.errors.CompilationError: at 6:11:',
    'def _kernel(x_ptr, n, BLOCK: tl.constexpr):',
    '    offs = tl.arange(0, BLOCK)',
    '           ^',
    cause,
  ],
  daskMeta: (cause) => [
    'ValueError: Metadata inference failed in `apply`.',
    '',
    'You have supplied a custom function and Dask is unable to ',
    'determine the type of output that that function returns. ',
    '',
    'Original error is below:',
    '------------------------',
    cause,
    '',
    'Traceback:',
    '---------',
    '  File "/app/prepare.py", line 14, in count_tokens',
  ],
  fString: (cause) => ['RuntimeError: stage failed:', cause],
};
const RELAYS: Record<string, (line: string) => string> = {
  none: (line) => line,
  rank: (line) => (line === '' ? line : `[rank1]: ${line}`),
};

describe('a head that names only the kind yields to the cause its message embeds', () => {
  for (const [wrapper, lines] of Object.entries(WRAPPERS)) {
    for (const [cause, repr] of Object.entries(CAUSES)) {
      for (const [relay, put] of Object.entries(RELAYS)) {
        it(`${wrapper} embedding ${cause}, relay ${relay}`, () => {
          expect(quoteOf(exit([...FRAMES, ...lines(repr)].map(put).join('\n')))).toContain(repr);
        });
      }
    }
  }
  it("a head that states the fault itself stays the statement (Dask's dtype mismatch over a column's conversion error)", () => {
    const text = [
      ...FRAMES,
      'ValueError: Mismatched dtypes found in `pd.read_csv`/`pd.read_table`.',
      '',
      'The following columns also raised exceptions on conversion:',
      '',
      '- label',
      '  ValueError("invalid literal for int() with base 10: \'neutral\'")',
    ];
    expect(quoteOf(exit(text.join('\n')))).toContain('Mismatched dtypes found');
  });
  it("a repr past another exception line is that exception's, not the head's", () => {
    const text = [...FRAMES, 'RuntimeError: stage failed:', 'ValueError: shard 7 has 977 rows, expected 1024', "KeyError('text')"];
    expect(quoteOf(exit(text.join('\n')))).toContain('ValueError: shard 7 has 977 rows');
  });
});

describe("a head wrapped onto further lines announces the statement after its ':'", () => {
  const HEADS: Record<string, string[]> = {
    wrapped: [
      "torch._dynamo.exc.TorchRuntimeError: Failed running call_function <built-in function linear>(*(FakeTensor(..., device='cuda:0', size=(8, 2048, 4096), dtype=torch.bfloat16), Parameter(FakeTensor(..., device='cuda:0', size=(1024, 4096), dtype=torch.bfloat16,",
      '           requires_grad=True)), None), **{}):',
    ],
    oneLine: ["torch._dynamo.exc.TorchRuntimeError: Failed running call_method view(*(FakeTensor(..., device='cuda:0', size=(8, 2048)), 4096), **{}):"],
  };
  const STATEMENTS: Record<string, string> = {
    shape: 'a and b must have same reduction dim, but got [16384, 4096] X [4096, 1024].',
    view: "shape '[8, 4096]' is invalid for input of size 16384",
  };
  for (const [head, lines] of Object.entries(HEADS)) {
    for (const [statement, line] of Object.entries(STATEMENTS)) {
      it(`${head} head, ${statement}`, () => {
        const text = [...FRAMES, ...lines, line, '', 'from user code:', '   File "/app/model.py", line 212, in forward', '    h = self.proj(x)'];
        expect(quoteOf(exit(text.join('\n')))).toContain(line);
      });
    }
  }
  it('a head whose next line states nothing stays the statement', () => {
    const text = [...FRAMES, 'RuntimeError: Failed running call_function <fn>(*(x,), **{}):', '    y = fn(x)'];
    expect(quoteOf(exit(text.join('\n')))).toContain('RuntimeError: Failed running call_function');
  });
});

describe('labelled annotations under a graph-break type are commentary, not its specifics', () => {
  for (const gbType of ['Data-dependent branching', 'Unsupported context manager', 'Attempted to call function marked as skipped']) {
    it(gbType, () => {
      const text = [
        ...FRAMES,
        `torch._dynamo.exc.Unsupported: ${gbType}`,
        '  Explanation: Dynamo does not support tracing this construct.',
        '  Hint: Consider finding a workaround.',
        '  Developer debug context: attempted to jump with TensorVariable()',
        '',
        'from user code:',
        '   File "/app/train.py", line 97, in train_step',
        '    if loss > 1e4:',
      ];
      expect(quoteOf(exit(text.join('\n')))).toContain(gbType);
    });
  }
});
