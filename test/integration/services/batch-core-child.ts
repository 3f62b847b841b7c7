// The app's core in a child process for the batch crash test: started on a data folder, the real
// keychain and an exchange the test runs (which outlives it), it runs or resumes a "Create N
// sub-accounts" batch as the procedures do (every native question answered yes) and tells the test
// what it ended with, unless the test kills it (kill -9) first. Run by the test; not on its own.
import type { BatchPreviewView, BatchSummaryView, BatchView, Reply } from '../../../main/ipc/contract.ts';
import type { SandboxAccount } from '../../../main/sandbox/index.ts';

export interface ChildStart {
  rest: string;
  ws: string;
  dataDir: string;
  keychainService: string;
  /** The exchange's accounts, registered on a fresh data folder. */
  accounts: SandboxAccount[];
  /** Runs a new batch of this preview input, or goes on with the batch cut short. */
  work: { run: Record<string, unknown> } | { resume: true };
}

export type ChildReport = { ended: BatchView; questions: string[] } | { failed: string };

async function work(start: ChildStart): Promise<ChildReport> {
  const [{ createTestCore }, { KeytarSecretStore }, { headlessPlatform }] = await Promise.all([
    import('../../support/core.ts'),
    import('../../../main/vault/secret-store.ts'),
    import('../../../main/platform.ts'),
  ]);
  const questions: string[] = [];
  const core = await createTestCore({
    environment: { name: 'TXC Desk', version: '0.0.0-test', dataDir: start.dataDir, runtime: 'node' },
    connection: { kind: 'live', restUrl: start.rest, wsUrl: start.ws },
    secrets: new KeytarSecretStore({ service: start.keychainService }),
    platform: {
      ...headlessPlatform,
      confirm: (question) => {
        questions.push(question.title);
        return Promise.resolve(true);
      },
    },
  });
  try {
    await core.accounts.registerDemoAccounts(start.accounts);
    const call = async <T>(name: string, input: unknown): Promise<T> => {
      const reply = (await core.router.dispatch(name, input, { origin: 'test' })) as Reply<T>;
      if (!reply.ok) throw new Error(`${name}: ${reply.error.message}`);
      return reply.value;
    };
    let ended: BatchView;
    if ('run' in start.work) {
      const preview = await call<BatchPreviewView>('subaccounts.previewBatch', start.work.run);
      ended = await call<BatchView>('subaccounts.runBatch', { previewId: preview.previewId });
    } else {
      const batches = await call<BatchSummaryView[]>('subaccounts.batches', undefined);
      const cut = batches.find((b) => b.state === 'interrupted');
      if (!cut) throw new Error('no batch was cut short');
      ended = await call<BatchView>('subaccounts.resumeBatch', { batchId: cut.batchId });
    }
    return { ended, questions };
  } finally {
    await core.close();
  }
}

if (import.meta.main) {
  process.once('message', (start: ChildStart) => {
    work(start)
      .catch((error: unknown): ChildReport => ({ failed: String(error) }))
      .then((report) => process.send?.(report, () => process.disconnect()));
  });
}
