/**
 * The shape of `gitleaksSamples.json`: what `extractGitleaksSamples.ts` writes and
 * `gitleaksSamples.test.ts` reads, declared once so the two cannot drift apart.
 */
export interface GitleaksSample {
  rule: string;
  function: string;
  file: string;
  line: number;
  identifier: string;
  /** gitleaks' own regex builder for the rule: `GenerateSemiGenericRegex` needs the identifier as a keyword. */
  needsKeyword: boolean;
  generated: boolean;
  secretBase64: string;
}

export interface GitleaksFixture {
  source: { repository: string; commit: string; licence: string; copyright: string; paths: string[]; extractedBy: string };
  encoding: string;
  counts: { samples: number; skippedCalls: number; rules: number; templates: number };
  templates: Record<string, string>;
  skipped: { file: string; line: number; reason: string }[];
  samples: GitleaksSample[];
}
