/**
 * A summary yields to the statement it summarises, before it or inside the child's output it relays
 * after it (genericSummary.ts causeRelayedAfter), and is never the line a header announces
 * (pointedTo.ts). Generated as child statement × pip frame × log prefix. pip's frame: "error:
 * subprocess-exited-with-error", "× <command> did not run successfully.", "│ exit code: 1", "╰─> [N
 * lines of output]" … "[end of output]", "note: This error originates from a subprocess …", "ERROR:
 * Failed building wheel for <name>" (pypa/pip src/pip/_internal/exceptions.py
 * InstallationSubprocessError, src/pip/_internal/wheel_builder.py). Children: CMake's fatal message
 * "CMake Error at <file>:<line> (<command>):" then the message indented (Kitware/CMake
 * Source/cmMessenger.cxx printMessagePreamble), a CPython exception whose message starts on the next
 * line (pytorch/pytorch torch/utils/cpp_extension.py CUDA_MISMATCH_MESSAGE opens with "\n"), GCC's
 * "file:line:col: fatal error: …". Names are written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';

const CHILDREN: Record<string, { lines: string[]; quoted: string }> = {
  cmake: {
    lines: [
      '-- Looking for a CUDA compiler - NOTFOUND',
      'CMake Error at CMakeLists.txt:3 (project):',
      '  No CMAKE_CUDA_COMPILER could be found.',
      '',
      '-- Configuring incomplete, errors occurred!',
    ],
    quoted: 'No CMAKE_CUDA_COMPILER could be found.',
  },
  'exception on the next line': {
    lines: [
      'Traceback (most recent call last):',
      '  File "/src/ops/setup.py", line 21, in <module>',
      '    setup(',
      'RuntimeError:',
      'The detected CUDA version (12.4) mismatches the version that was used to compile',
      'PyTorch (11.8). Please make sure to use the same CUDA versions.',
    ],
    quoted: 'The detected CUDA version (12.4) mismatches',
  },
  gcc: {
    lines: ['building ops extension', 'csrc/ops.cpp:4:10: fatal error: cuda_runtime.h: No such file or directory', 'compilation terminated.'],
    quoted: 'cuda_runtime.h: No such file or directory',
  },
};
const pipFrame = (child: string[]) => [
  'Building wheels for collected packages: ops',
  '  Building wheel for ops (pyproject.toml) ... error',
  '  error: subprocess-exited-with-error',
  '  ',
  '  × Building wheel for ops (pyproject.toml) did not run successfully.',
  '  │ exit code: 1',
  `  ╰─> [${child.length} lines of output]`,
  ...child.map((line) => `      ${line}`),
  '      [end of output]',
  '  ',
  '  note: This error originates from a subprocess, and is likely not a problem with pip.',
  '  ERROR: Failed building wheel for ops',
  'Failed to build ops',
];
const PREFIXES: Record<string, (line: string) => string> = {
  none: (line) => line,
  timestamp: (line) => `2026-12-03T10:41:22.118443Z ${line}`,
};

describe("pip's summaries yield to the child's statement inside the output they relay", () => {
  for (const [child, { lines, quoted }] of Object.entries(CHILDREN)) {
    for (const [prefix, put] of Object.entries(PREFIXES)) {
      it(`${child}, prefix ${prefix}`, () => {
        const text = ['+ pip install --no-build-isolation ./ops', ...pipFrame(lines)].map(put).join('\n');
        const quote = quoteOf(exit(text));
        expect(quote).toContain(quoted);
        expect(quote).not.toContain('subprocess-exited-with-error');
      });
    }
  }
  it('with nothing ranked in the relayed output, the summary stays the statement', () => {
    const text = pipFrame(['running bdist_wheel', 'running build']).join('\n');
    expect(quoteOf(exit(text))).toMatch(/subprocess-exited-with-error|Failed building wheel/);
  });
});
