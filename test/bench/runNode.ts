/**
 * Runs a fresh `node` process and times it from spawn to exit. Asynchronous on purpose:
 * the parent may be serving the Run:ai simulator the child talks to. NODE_OPTIONS is
 * dropped so that a loader the bench itself runs under (tsx, vitest) cannot slow or
 * change the child.
 */
import { execFile } from 'node:child_process';

export interface NodeRun {
  stdout: string;
  wallMs: number;
}

const childEnv = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return env;
};

export function runNode(args: readonly string[], cwd: string): Promise<NodeRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    execFile(process.execPath, [...args], { cwd, env: childEnv(), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const wallMs = performance.now() - started;
      if (error) reject(new Error(`node ${args.join(' ').slice(0, 200)} failed: ${error.message}\n${stderr}`));
      else resolve({ stdout, wallMs });
    });
  });
}
