/**
 * The part of undici our clients run — the connection pool (and, in undiciMockAgent.ts, the
 * MockAgent that replays a recording) — imported from its own modules rather than undici's index. The index also
 * loads fetch, WebSocket, EventSource, the HTTP cache, proxies…: 523 KiB minified, against
 * 292 KiB for the pool and 314 KiB with MockAgent (esbuild, undici 7.30.2), and every Lambda bundle carrying undici paid for
 * it in size and init. undici 7 has no `exports` map, so these paths are importable; the
 * version is pinned in package.json, and test/http/undiciCore.test.ts checks that these are
 * undici's own classes and that a bundle built from this module can send a request.
 *
 * What the index does that we rely on is done here the same way: give every dispatcher the
 * request/stream/… methods (undici/index.js: `Object.assign(Dispatcher.prototype, api)`);
 * doing it again when the index is loaded too (tests) changes nothing.
 */
import api from 'undici/lib/api/index.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import Pool from 'undici/lib/dispatcher/pool.js';

Object.assign(Dispatcher.prototype, api);

export { Pool };
