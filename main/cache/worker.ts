// Entry of a cache worker thread. It owns one SQLite connection: the writer (opens, migrates, runs
// reads and writes) or a reader (read-only connection, reads only). Calls arrive as messages with
// request ids; answers, progress and errors go back the same way.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { ReadableDB, WritableDB } from './db.ts';
import { commitDealGroup } from './deal-group.ts';
import { CacheInputError, serializeError } from './errors.ts';
import { readMethods, writeMethods, type CallContext } from './methods.ts';
import { schemaVersion } from './migrate.ts';
import { openReadable, openWritable } from './open.ts';
import type { FromWorker, ToWorker, WorkerData } from './protocol.ts';

type Method = (c: CallContext<ReadableDB>, ...args: unknown[]) => unknown;

if (!parentPort) throw new Error('worker.ts runs only as a worker thread');
const port: MessagePort = parentPort;
const post = (message: FromWorker) => port.postMessage(message);
const data = workerData as WorkerData;

/** Calls that add to the writer's open group of deal pages; any other call commits the group first. */
const GROUPED = new Set(['deals.upsert', 'deals.upsertPacked']);

/** Every method of this worker's role: its own, then each extension's (a name may not be taken twice). */
async function methodTable(writer: boolean): Promise<Record<string, Method>> {
  const table = { ...readMethods, ...(writer ? writeMethods : {}) } as unknown as Record<string, Method>;
  for (const href of data.extensions ?? []) {
    const module = (await import(href)) as { readMethods?: object; writeMethods?: object };
    for (const part of [module.readMethods, writer ? module.writeMethods : undefined]) {
      for (const [name, method] of Object.entries(part ?? {})) {
        if (Object.hasOwn(table, name)) throw new CacheInputError(`Two cache methods are named "${name}".`);
        table[name] = method as Method;
      }
    }
  }
  return table;
}

async function start(): Promise<{ db: ReadableDB; methods: Record<string, Method>; writer: boolean } | null> {
  try {
    const writer = data.role === 'write';
    const methods = await methodTable(writer);
    if (writer) {
      const { db, migration } = openWritable(data.file);
      post({ type: 'ready', schemaVersion: schemaVersion(db), migration });
      return { db, methods, writer };
    }
    const db = openReadable(data.file);
    post({ type: 'ready', schemaVersion: schemaVersion(db), migration: null });
    return { db, methods, writer };
  } catch (error) {
    post({ type: 'failed', error: serializeError(error) });
    port.close();
    return null;
  }
}

const opened = await start();
if (opened) {
  const { db, methods, writer } = opened;
  const running = new Map<number, { controller: AbortController; done: Promise<void> }>();

  const call = (id: number, name: string, args: unknown[]) => {
    // Registered before the method starts, so even a call that fails at once is removed afterwards.
    const entry = { controller: new AbortController(), done: Promise.resolve() };
    running.set(id, entry);
    entry.done = (async () => {
      try {
        const method = Object.hasOwn(methods, name) ? methods[name] : undefined;
        if (!method) throw new CacheInputError(`This cache worker has no method "${name}".`);
        // Reads and other writes on this connection see (and never interleave with) the open group.
        if (writer && !GROUPED.has(name)) commitDealGroup(db as WritableDB);
        const context = {
          db,
          signal: entry.controller.signal,
          progress: (value: unknown) => post({ type: 'progress', id, value }),
        };
        post({ type: 'result', id, value: await method(context, ...args) });
      } catch (error) {
        post({ type: 'error', id, error: serializeError(error) });
      } finally {
        running.delete(id);
      }
    })();
  };

  port.on('message', (message: ToWorker) => {
    if (message.type === 'call') call(message.id, message.method, message.args);
    else if (message.type === 'cancel') running.get(message.id)?.controller.abort();
    else if (message.type === 'close') {
      const pending = [...running.values()];
      for (const r of pending) r.controller.abort();
      void Promise.allSettled(pending.map((r) => r.done)).then(() => {
        if (writer) {
          try {
            commitDealGroup(db as WritableDB);
          } catch {
            // Lost with the group: its checkpoints too, so the next sync fetches those pages again.
          }
        }
        db.close();
        post({ type: 'closed' });
        port.close();
      });
    }
  });
}
