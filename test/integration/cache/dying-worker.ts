// A stand-in cache worker that says it is ready, then dies on its first call: it lets the tests see
// what the main thread does when a real worker crashes (a native fault, an out-of-memory kill).
import { parentPort } from 'node:worker_threads';

parentPort?.postMessage({ type: 'ready', schemaVersion: 2, migration: null });
parentPort?.on('message', (message: { type: string }) => {
  if (message.type === 'call') process.exit(3);
});
