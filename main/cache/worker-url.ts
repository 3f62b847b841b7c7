/**
 * Where the cache worker's entry file is. From source (Node with type stripping, vitest) it is
 * `worker.ts` beside this file. A bundled main process cannot use this: it passes the built worker's
 * URL as `openCache({ workerUrl })` instead (e.g. `build/main/cache-worker.js`).
 */
export function cacheWorkerUrl(): URL {
  return new URL('./worker.ts', import.meta.url);
}
