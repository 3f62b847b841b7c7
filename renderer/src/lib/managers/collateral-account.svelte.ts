import type { CollateralView, IpcError, LiveBorrowView } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';

/**
 * One account's collateral account on the Positions screen: hedge mode (switched through main's own
 * confirmation), the collateral balances with the free margin, and the open borrows the exchange
 * pushes on `borrowsMargin`.
 */
export class CollateralAccountManager {
  account = $state('');
  hedgeMode = $state<boolean | undefined>();
  overview = $state<CollateralView | undefined>();
  borrows = $state<LiveBorrowView[]>([]);
  busy = $state(false);
  error = $state<IpcError | undefined>();
  hedgeError = $state<IpcError | undefined>();
  readonly #api: TxcApi;
  #stops: Array<() => void> = [];
  #sub: string | undefined;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async follow(account: string): Promise<void> {
    if (account === this.account) return;
    await this.stop();
    this.account = account;
    this.hedgeMode = undefined;
    this.overview = undefined;
    this.borrows = [];
    this.hedgeError = undefined;
    if (!account) return;
    this.#stops.push(
      this.#api.on('ws.batch', (batch) => {
        if (batch.accountId !== this.account) return;
        for (const e of batch.events) if (e.channel === 'borrowsMargin') this.borrows = e.records;
      }),
    );
    await this.load();
    const reply = await this.#api.live.subscribe({
      accountId: account,
      channel: 'borrowsMargin',
      topic: '*',
    });
    if (reply.ok && account === this.account) this.#sub = reply.value;
    else if (reply.ok) await this.#api.live.unsubscribe({ id: reply.value });
  }

  async load(): Promise<void> {
    const account = this.account;
    if (!account) return;
    const [mode, overview] = await Promise.all([
      this.#api.positions.hedgeMode({ accountId: account }),
      this.#api.positions.collateral({ accountId: account }),
    ]);
    if (account !== this.account) return;
    this.hedgeMode = mode.ok ? mode.value : undefined;
    this.overview = overview.ok ? overview.value : undefined;
    this.error = !mode.ok ? mode.error : !overview.ok ? overview.error : undefined;
  }

  /** Asks main to switch; main asks the person natively. True when the mode is now `enabled`. */
  async setHedgeMode(enabled: boolean): Promise<boolean> {
    const account = this.account;
    if (!account || this.busy) return false;
    this.busy = true;
    this.hedgeError = undefined;
    const reply = await this.#api.positions.setHedgeMode({ accountId: account, enabled });
    this.busy = false;
    if (account !== this.account) return false;
    if (!reply.ok) {
      this.hedgeError = reply.error;
      return false;
    }
    this.hedgeMode = reply.value;
    await this.load();
    return reply.value === enabled;
  }

  async stop(): Promise<void> {
    for (const stop of this.#stops) stop();
    this.#stops = [];
    const id = this.#sub;
    this.#sub = undefined;
    if (id) await this.#api.live.unsubscribe({ id });
  }
}
