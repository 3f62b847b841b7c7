// The main side of the app in its own process, as Electron's main process holds it: the core (with
// its cache worker threads) and the test host standing in for Electron's IPC. The bench drives it
// over Node's IPC channel (`spawnMain`) and reads its memory from /proc, apart from the bench's own
// data, the Playwright client and the bare client. Run by `spawnMain`; not for use on its own.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { BoardRefreshView, Reply } from '../../main/ipc/contract.ts';
import { allocated, profiled, type RefreshAllocations, type RefreshCosts } from './refresh-costs.ts';
import type { SandboxProcess } from './sandbox-process.ts';

interface Start {
  rest: string;
  ws: string;
  accounts: SandboxProcess['accounts'];
  rendererDir: string;
  bridgeScript: string;
}

/** A refresh, with the CPU time main's thread and its whole process (cache workers too) spent. */
export type Refresh = BoardRefreshView & { cpuMs: number; processCpuMs: number };

/** What the bench asks of the main process, and what each answers. */
interface Commands {
  refresh: Refresh;
  /** A refresh under the CPU profiler: where main's thread spent it. */
  profiledRefresh: RefreshCosts;
  /** A refresh under the sampling heap profiler: what main's heap allocated, by part. */
  allocatingRefresh: RefreshAllocations;
  /** Starts counting 429 answers the client sees; `stopCounting` answers the count. */
  startCounting: null;
  stopCounting: number;
  accounts: number;
  /** Answers once no large batch runs and main has given back its memory (`MemoryTrim.settled`). */
  settled: null;
}

type Request = { id: number; command: keyof Commands };
type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

export interface MainProcess {
  /** The page to open, token included. */
  url: string;
  pid: number;
  call<K extends keyof Commands>(command: K): Promise<Commands[K]>;
  /** Resident memory now and its peak, in bytes (/proc/PID/status VmRSS and VmHWM). */
  memory(): { rss: number; peak: number };
  stop(): Promise<void>;
}

/** Resident memory of a process now (VmRSS) and at its peak (VmHWM), in bytes (Linux: /proc). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/**
 * Starts the main side on the exchange at `start.rest`, registers its accounts as the app registers
 * the embedded sandbox's demo accounts, and serves the renderer. `execArgv` goes to node (e.g.
 * `--cpu-prof`).
 */
export async function spawnMain(start: Start, execArgv: string[] = []): Promise<MainProcess> {
  const child: ChildProcess = fork(import.meta.filename, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv,
  });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let exited: Error | undefined;
  child.on('message', (message: Answer | { ready: string }) => {
    if ('ready' in message) return;
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.ok) waiter?.resolve(message.value);
    else waiter?.reject(new Error(message.message));
  });
  child.once('exit', (code) => {
    exited = new Error(`the main process exited with ${String(code)}`);
    for (const w of pending.values()) w.reject(exited);
    pending.clear();
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (m: { ready?: string; id?: number; ok?: boolean; message?: string }) => {
      if (m.ready) resolve(m.ready);
      else if (m.id === 0 && !m.ok) reject(new Error(m.message));
    });
    child.once('exit', () => reject(exited));
    child.send(start);
  });
  let next = 1;
  return {
    url,
    pid: child.pid ?? 0,
    call: (command) =>
      new Promise((resolve, reject) => {
        if (exited) return reject(exited);
        const id = next++;
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ id, command } satisfies Request);
      }),
    memory: () => memoryOf(child.pid ?? 0),
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.send({ id: -1, command: 'close' });
      }),
  };
}

/** The child: started by `spawnMain`, it answers its commands until told to close. */
async function serveMain(start: Start): Promise<void> {
  const [{ createTestCore }, { startBrowserHost }] = await Promise.all([
    import('../support/core.ts'),
    import('../e2e/host.ts'),
  ]);
  const send = (message: Answer | { ready: string }) => process.send?.(message);
  const core = await createTestCore({
    connection: { kind: 'live', restUrl: start.rest, wsUrl: start.ws },
  });
  await core.accounts.registerDemoAccounts(start.accounts);
  // Nothing of the start message is kept: the keys are in the core's store now.
  start.accounts = [];
  const host = await startBrowserHost(core, start.rendererDir, 0, start.bridgeScript);
  let limited = 0;
  let counting = false;
  const stopObserving = core.connection.http.observe((outcome) => {
    if (counting && outcome.error?.status === 429) limited += 1;
  });
  const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
  const refresh = async () => {
    const thread = process.threadCpuUsage();
    const whole = process.cpuUsage();
    const reply = (await core.router.dispatch('board.refresh', undefined, {
      origin: 'bench',
    })) as Reply<BoardRefreshView>;
    if (!reply.ok) throw new Error(reply.error.message);
    return {
      ...reply.value,
      cpuMs: cpuMs(process.threadCpuUsage(thread)),
      processCpuMs: cpuMs(process.cpuUsage(whole)),
    };
  };
  const commands: { [K in keyof Commands]: () => Promise<Commands[K]> } = {
    refresh,
    profiledRefresh: () => profiled(refresh),
    allocatingRefresh: () => allocated(refresh),
    async startCounting() {
      counting = true;
      limited = 0;
      return null;
    },
    async stopCounting() {
      counting = false;
      return limited;
    },
    async accounts() {
      return core.accounts.registry.list().length;
    },
    async settled() {
      await core.trim.settled();
      return null;
    },
  };
  process.on('message', (message: Request | { id: -1; command: 'close' }) => {
    if (message.command === 'close') {
      stopObserving();
      void host
        .close()
        .then(() => core.close())
        .finally(() => process.exit());
      return;
    }
    const run = commands[message.command] as () => Promise<unknown>;
    run().then(
      (value) => send({ id: message.id, ok: true, value }),
      (error: unknown) => send({ id: message.id, ok: false, message: String(error) }),
    );
  });
  send({ ready: host.url });
}

if (import.meta.main) {
  process.once('message', (start: Start) => {
    serveMain(start).catch((error: unknown) => {
      process.send?.({ id: 0, ok: false, message: String(error) } satisfies Answer);
      process.exitCode = 1;
      process.disconnect();
    });
  });
}
