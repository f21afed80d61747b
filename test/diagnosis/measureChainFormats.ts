/**
 * Measures the decisive line on the generated runtime chains (chainFormats.ts): per runtime, per
 * structure and overall, how many cases quote every specific of the link the structure's
 * principle names, read as a termination message (Tier 1) and as a log tail (Tier 2).
 * Run with `npx tsx test/diagnosis/measureChainFormats.ts`; `--misses` lists the failing cases.
 */
import { chainCases, quotedAsLog, quotedAsMessage, type ChainCase } from './chainFormats.js';

const holds = (quote: string | null, chain: ChainCase) => quote !== null && chain.expected.every((part) => quote.includes(part));

function main(): void {
  const tallies = new Map<string, [number, number]>();
  const count = (key: string, passed: boolean) => {
    const tally = tallies.get(key) ?? [0, 0];
    tally[0] += passed ? 1 : 0;
    tally[1] += 1;
    tallies.set(key, tally);
  };
  const misses: string[] = [];
  for (const chain of chainCases()) {
    const message = quotedAsMessage(chain);
    const log = quotedAsLog(chain);
    const passed = holds(message, chain);
    count(`runtime ${chain.runtime}`, passed);
    count(`structure ${chain.structure}`, passed);
    count('overall (message)', passed);
    count('overall (log tail)', holds(log, chain));
    if (!passed) misses.push(`${chain.name}: ${JSON.stringify(message)} lacks ${JSON.stringify(chain.expected.filter((part) => !message?.includes(part)))}`);
  }
  for (const [key, [passed, total]] of [...tallies].sort()) console.log(`${key.padEnd(30)} ${passed}/${total}`);
  if (process.argv.includes('--misses')) for (const miss of misses) console.log(miss);
}

main();
