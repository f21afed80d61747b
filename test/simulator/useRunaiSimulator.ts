/**
 * Simulator test setup: call at the top of a test file for a `start` that runs the Run:ai
 * simulator on sampleScenario() (unless `options` say otherwise) with a client holding
 * its credentials; the simulator started by a test is closed after it.
 */
import { afterEach } from 'vitest';
import { startRunaiSimulator, type RunaiSimulator, type RunaiSimulatorOptions } from '../../functions/simulator/startRunaiSimulator.js';
import { createSimulatorClient } from './createSimulatorClient.js';
import { sampleScenario } from './sampleScenario.js';

export function useRunaiSimulator() {
  let sim: RunaiSimulator | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  return async function start(options: Partial<RunaiSimulatorOptions> = {}) {
    sim = await startRunaiSimulator({ scenarios: sampleScenario(), ...options });
    return { sim, client: createSimulatorClient(sim, options.credentials) };
  };
}
