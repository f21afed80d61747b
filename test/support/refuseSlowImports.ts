/**
 * A Vite plugin for the unit lane's projects (vitest.config.ts): importing a package that
 * belongs to another lane fails at once with a message naming the fix, instead of quietly
 * adding seconds of import to every worker. The packages are the heavy ones whose only use is
 * another lane's job — CDK synth (integration), bundling and a browser (e2e), the queue
 * emulator (integration) — each a second or more to import on a loaded 2-core machine.
 * (typescript is slow too, but the import-graph test parses with it: a pure unit test.)
 * The unit lane's other limits — no process, no socket — are in unitLaneGuard.ts.
 */
import type { Plugin } from 'vite';

export const SLOW_PACKAGES: Readonly<Record<string, string>> = {
  'aws-cdk-lib': 'CDK synth runs in the integration lane',
  'cdk-nag': 'CDK synth runs in the integration lane',
  esbuild: 'bundling runs in the e2e lane',
  'puppeteer-core': 'a browser runs in the e2e lane',
  fauxqs: 'the queue emulator runs in the integration lane',
};

const REFUSED = '\0unit-lane-refused:';

function packageOf(id: string): string {
  const parts = id.split('/');
  return id.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export function refuseSlowImports(): Plugin {
  return {
    name: 'unit-lane-refuse-slow-imports',
    enforce: 'pre',
    resolveId(id, importer) {
      const name = packageOf(id);
      if (!(name in SLOW_PACKAGES)) return null;
      return `${REFUSED}${name}\0${importer ?? 'a test'}`;
    },
    load(id) {
      if (!id.startsWith(REFUSED)) return null;
      const [name, importer] = id.slice(REFUSED.length).split('\0') as [string, string];
      const message = `${importer} imports ${name} (${SLOW_PACKAGES[name]}): the unit lane does not load it; list this test under integration or e2e in test/testLanes.ts`;
      return `throw new Error(${JSON.stringify(message)});`;
    },
  };
}
