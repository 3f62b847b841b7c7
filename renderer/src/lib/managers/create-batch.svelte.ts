import type {
  BatchAccountView,
  BatchPreviewView,
  BatchSummaryView,
  BatchView,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';

/** IP entries as typed: one per line, or separated by commas or spaces. */
export function ipLines(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Failures first, then the rest in the batch's order. */
export function outcomeOrder(accounts: readonly BatchAccountView[]): BatchAccountView[] {
  return [...accounts].sort((a, b) => Number(!a.error) - Number(!b.error) || a.n - b.n);
}

export const STAGE_WORDS: Record<BatchAccountView['stage'], string> = {
  planned: 'not finished',
  created: 'created, no key yet',
  keyed: 'keyed, IP list next',
  restricted: 'keyed, funding next',
  funded: 'funded',
  done: 'done',
};

/**
 * "Create sub-accounts": the form (one, or many from a pattern), the preview main keeps, the run and
 * its progress as main reports each account, the batches so far and going on with one cut short. Main
 * asks its own question before anything is made; the page only asks it to.
 */
export class CreateBatchForm {
  mode = $state<'one' | 'many'>('many');
  alias = $state('');
  email = $state('');
  pattern = $state('desk-{nnn}');
  start = $state('1');
  count = $state('10');
  emailPattern = $state('');
  shareKyc = $state(true);
  spot = $state(true);
  collateral = $state(false);
  keyType = $state<'none' | '1' | '2'>('1');
  ips = $state('');
  fund = $state(false);
  ticker = $state('USDT');
  amount = $state('');
  preview = $state<BatchPreviewView | undefined>();
  error = $state<IpcError | undefined>();
  busy = $state<'preview' | 'run' | 'resume' | undefined>();
  /** The batch on screen: the one running or the last one shown. */
  current = $state<BatchView | undefined>();
  running = $state(false);
  batches = $state<BatchSummaryView[]>([]);
  readonly #api: TxcApi;
  readonly #changed: () => void;

  constructor(api: TxcApi, changed: () => void) {
    this.#api = api;
    this.#changed = changed;
  }

  /** Follows main's progress of any batch (this page's or one resumed elsewhere). */
  listen(): () => void {
    return this.#api.on('subaccounts.batchProgress', (p) => {
      if (this.current?.batchId !== p.batchId)
        this.current = {
          batchId: p.batchId,
          createdAtMs: Date.now(),
          state: 'running',
          accounts: [],
          ...counts(p),
        };
      const accounts = [...this.current.accounts];
      if (p.account) {
        const at = accounts.findIndex((a) => a.n === p.account?.n);
        if (at >= 0) accounts[at] = p.account;
        else accounts.push(p.account);
      }
      this.running = p.running;
      this.current = {
        ...this.current,
        ...counts(p),
        state: p.running ? 'running' : this.current.state,
        accounts,
      };
      if (!p.running) void this.loadBatches();
    });
  }

  edit(): void {
    this.preview = undefined;
    this.error = undefined;
  }

  #common() {
    return {
      shareKyc: this.shareKyc,
      permissions: { spotEnabled: this.spot, collateralEnabled: this.collateral },
      ...(this.keyType === 'none'
        ? {}
        : { key: { type: this.keyType === '2' ? (2 as const) : (1 as const), ips: ipLines(this.ips) } }),
      ...(this.fund
        ? { funding: { ticker: this.ticker.trim().toUpperCase(), amount: this.amount.trim() } }
        : {}),
    };
  }

  async previewBatch(): Promise<void> {
    if (this.busy) return;
    this.busy = 'preview';
    this.edit();
    const reply = await this.#api.subaccounts.previewBatch({
      pattern: this.pattern,
      start: Number(this.start.trim() || 'NaN'),
      count: Number(this.count.trim() || 'NaN'),
      ...(this.shareKyc ? {} : { emailPattern: this.emailPattern }),
      ...this.#common(),
    });
    this.busy = undefined;
    if (reply.ok) this.preview = reply.value;
    else this.error = reply.error;
  }

  /** Sends the previewed batch (main asks first); answers when it ends, its progress arriving before. */
  async run(): Promise<void> {
    const preview = this.preview;
    if (!preview || this.busy) return;
    this.busy = 'run';
    this.error = undefined;
    const reply = await this.#api.subaccounts.runBatch({ previewId: preview.previewId });
    this.busy = undefined;
    this.#ended(reply);
    if (reply.ok) this.preview = undefined;
  }

  /** One sub-account, made as a batch of one once main's question is answered. */
  async createOne(): Promise<void> {
    if (this.busy) return;
    this.busy = 'run';
    this.edit();
    const reply = await this.#api.subaccounts.create({
      alias: this.alias,
      ...(this.shareKyc ? {} : { email: this.email }),
      ...this.#common(),
    });
    this.busy = undefined;
    this.#ended(reply);
    if (reply.ok && reply.value.failed === 0) this.alias = '';
  }

  async resume(batchId: string): Promise<void> {
    if (this.busy) return;
    this.busy = 'resume';
    this.error = undefined;
    this.current = undefined;
    const reply = await this.#api.subaccounts.resumeBatch({ batchId });
    this.busy = undefined;
    this.#ended(reply);
  }

  async stop(): Promise<void> {
    if (this.current) await this.#api.subaccounts.stopBatch({ batchId: this.current.batchId });
  }

  async show(batchId: string): Promise<void> {
    const reply = await this.#api.subaccounts.batch({ batchId });
    if (reply.ok) this.current = reply.value;
    else this.error = reply.error;
  }

  async loadBatches(): Promise<void> {
    const reply = await this.#api.subaccounts.batches();
    if (reply.ok) this.batches = reply.value;
  }

  #ended(reply: { ok: true; value: BatchView } | { ok: false; error: IpcError }): void {
    if (reply.ok) {
      this.current = reply.value;
      this.running = false;
    } else this.error = reply.error;
    void this.loadBatches();
    this.#changed();
  }
}

const counts = (p: { total: number; done: number; failed: number }) => ({
  total: p.total,
  done: p.done,
  failed: p.failed,
});
