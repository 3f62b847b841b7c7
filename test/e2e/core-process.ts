// The app's main side in a child process, so a test can kill it (kill -9) in the middle of its work
// and start it again on the same data folder and keychain: the core with the real keychain, on an
// exchange the test runs (which outlives the core), and the browser host serving the built renderer.
// Its native questions are answered "yes" and told to the test. Run by `spawnCore`; not on its own.
import { fork, type ChildProcess } from 'node:child_process';
import type { Confirmation } from '../../main/platform.ts';

interface Start {
  rest: string;
  ws: string;
  dataDir: string;
  keychainService: string;
  /** The exchange's accounts to register on a fresh data folder (as the sandbox's demo accounts are). */
  accounts: Array<{
    label: string;
    apiKey: string;
    apiSecret: string;
    kind: 'main' | 'sub';
    subAccountId?: string;
  }>;
  rendererDir: string;
  bridgeScript: string;
}

export interface CoreProcess {
  /** The page to open, token included. */
  readonly url: string;
  readonly pid: number;
  /** Every native question the core asked, oldest first. */
  readonly confirmations: Confirmation[];
  /** Resolves when the process has ended, however it ended. */
  readonly exited: Promise<number | null>;
  /** Ends it as the app ends (closing its stores). */
  stop(): Promise<void>;
}

export async function spawnCore(start: Start): Promise<CoreProcess> {
  const child: ChildProcess = fork(import.meta.filename, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const confirmations: Confirmation[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (m: { ready?: string; confirm?: Confirmation; failed?: string }) => {
      if (m.ready) resolve(m.ready);
      if (m.confirm) confirmations.push(m.confirm);
      if (m.failed) reject(new Error(m.failed));
    });
    void exited.then((code) => reject(new Error(`the core process exited with ${String(code)}`)));
    child.send(start);
  });
  return {
    url,
    pid: child.pid ?? 0,
    confirmations,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send('close');
      await exited;
    },
  };
}

async function serveCore(start: Start): Promise<void> {
  const [{ createTestCore }, { startBrowserHost }, { KeytarSecretStore }, { headlessPlatform }] =
    await Promise.all([
      import('../support/core.ts'),
      import('./host.ts'),
      import('../../main/vault/secret-store.ts'),
      import('../../main/platform.ts'),
    ]);
  const core = await createTestCore({
    environment: { name: 'TXC Desk', version: '0.0.0-test', dataDir: start.dataDir, runtime: 'node' },
    connection: { kind: 'live', restUrl: start.rest, wsUrl: start.ws },
    secrets: new KeytarSecretStore({ service: start.keychainService }),
    platform: {
      ...headlessPlatform,
      confirm: (question) => {
        process.send?.({ confirm: question });
        return Promise.resolve(true);
      },
    },
  });
  await core.accounts.registerDemoAccounts(start.accounts);
  start.accounts = [];
  const host = await startBrowserHost(core, start.rendererDir, 0, start.bridgeScript);
  process.on('message', (message) => {
    if (message !== 'close') return;
    void host
      .close()
      .then(() => core.close())
      .finally(() => process.exit());
  });
  process.send?.({ ready: host.url });
}

if (import.meta.main) {
  process.once('message', (start: Start) => {
    serveCore(start).catch((error: unknown) => {
      process.send?.({ failed: String(error) });
      process.exitCode = 1;
      process.disconnect();
    });
  });
}
