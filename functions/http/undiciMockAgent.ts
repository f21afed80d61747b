/**
 * undici's MockAgent from its own module, for the same reason as undiciCore.ts (which also
 * gives it the request/stream/… methods): only code that replays a recording loads it.
 */
import MockAgentClass from 'undici/lib/mock/mock-agent.js';
import './undiciCore.js';

export const MockAgent = MockAgentClass;
