/**
 * A relay that colours its records reads as the same relay uncoloured (sharedHeader.ts, findDecisiveLine.ts lines):
 * colorlog's default layouts (borntyping/python-colorlog colorlog/formatter.py: "%(log_color)s%(levelname)s%(reset)s:
 * %(name)s:%(message)s" colours the level word, "%(log_color)s%(levelname)s:%(name)s:%(message)s%(reset)s" the whole
 * record), the escapes ECMA-48's SGR (`ESC[1;31m`, `ESC[0m`). Generated as record × layout × level; the decisive
 * pieces must all be quoted, as they are for the uncoloured relay. The names are written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '').replace(/\s+/g, ' ');

const RECORDS: Record<string, { lines: string[]; pieces: string[] }> = {
  // pydantic/pydantic-core src/errors/validation_exception.rs: "{count} validation error for {title}", then the location and the message.
  pydantic: {
    lines: [
      'Traceback (most recent call last):',
      '  File "/app/train.py", line 34, in <module>',
      '    cfg = Config(**raw)',
      'pydantic_core._pydantic_core.ValidationError: 1 validation error for Config',
      'lr',
      "  Input should be a valid number, unable to parse string as a number [type=float_parsing, input_value='3e-5x', input_type=str]",
    ],
    pieces: ['1 validation error for Config', 'Input should be a valid number'],
  },
  // huggingface/huggingface_hub src/huggingface_hub/utils/_http.py hf_raise_for_status: the status head, a blank line, the specifics.
  gated: {
    lines: [
      'Traceback (most recent call last):',
      '  File "/app/train.py", line 71, in <module>',
      '    tok = AutoTokenizer.from_pretrained(name)',
      'huggingface_hub.errors.GatedRepoError: 403 Client Error. (Request ID: Root=1-674d8a1f-0f1e2d3c)',
      '',
      'Cannot access gated repo for url https://huggingface.co/org/model/resolve/main/config.json.',
    ],
    pieces: ['Cannot access gated repo for url'],
  },
  plainException: {
    lines: ['Traceback (most recent call last):', '  File "/app/prep.py", line 9, in <module>', "KeyError: 'text'"],
    pieces: ["KeyError: 'text'"],
  },
};
const COLOURS: Record<string, string> = { ERROR: '\u001b[1;31m', WARNING: '\u001b[33m', INFO: '\u001b[32m' };
const LAYOUTS: Record<string, (level: string, line: string) => string> = {
  levelWord: (level, line) => `${COLOURS[level]}${level}\u001b[0m:launcher:${line}`,
  wholeRecord: (level, line) => `${COLOURS[level]}${level}:launcher:${line}\u001b[0m`,
};

describe('a coloured relay reads as the same relay uncoloured', () => {
  for (const [record, { lines, pieces }] of Object.entries(RECORDS)) {
    for (const [layout, put] of Object.entries(LAYOUTS)) {
      for (const level of Object.keys(COLOURS)) {
        it(`${record}, ${layout}, ${level}`, () => {
          const quote = plain(quoteOf(exit(lines.map((line) => put(level, line)).join('\n'))));
          for (const piece of pieces) expect(quote).toContain(piece);
        });
      }
    }
  }
});

describe('a link and the line introducing it are read without the relay header (the .NET host, dotnet/runtime fx_resolver.messages.cpp)', () => {
  const HOST = [
    'You must install or update .NET to run this application.',
    '',
    'App: /app/Indexer.dll',
    "Framework: 'Microsoft.NETCore.App', version '8.0.0' (x64)",
    'Learn more:',
    'https://aka.ms/dotnet/app-launch-failed',
    'To install missing framework, download:',
    'https://aka.ms/dotnet-core-applaunch?framework=Microsoft.NETCore.App&framework_version=8.0.0',
  ];
  for (const [layout, put] of Object.entries(LAYOUTS)) {
    it(`${layout}: the requirement, not the download line, is quoted`, () => {
      expect(plain(quoteOf(exit(HOST.map((line) => put('ERROR', line)).join('\n'))))).toContain('You must install or update .NET');
    });
  }
});
