import type { CollateralView, IpcError, LiveBorrowView, LiveEvent } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import { Known, recall } from './known.svelte.ts';
import { LiveFollow } from './live-follow.svelte.ts';

/**
 * One account's collateral account on the Positions screen: hedge mode (switched through main's own
 * confirmation), the collateral balances with the free margin (the saved ones painted at once, with
 * their age; then the exchange's; then the overview main merged each `balanceMargin` push into), and the open borrows the exchange
 * pushes on `borrowsMargin`. While the socket is down the overview is read again every minute.
 */
export class CollateralAccountManager {
  account = $state('');
  hedgeMode = $state<boolean | undefined>();
  /** Collateral balances and free margin, with their age and source. */
  readonly known = new Known<CollateralView>();
  borrows = $state<LiveBorrowView[]>([]);
  busy = $state(false);
  error = $state<IpcError | undefined>();
  hedgeError = $state<IpcError | undefined>();
  readonly #api: TxcApi;
  readonly #live: LiveFollow;

  constructor(api: TxcApi) {
    this.#api = api;
    this.#live = new LiveFollow(api, {
      onPush: (accountId, e) => this.#push(accountId, e),
      onKnown: ({ accountId, values }) => {
        const overview = values['collateral.overview'];
        if (accountId === this.account && overview) this.known.set(overview);
      },
      refresh: () => void this.load(),
    });
  }

  /** What the panel shows; undefined while nothing is known. */
  get overview(): CollateralView | undefined {
    return this.known.value;
  }

  /** Whether the balances follow the socket now (pushes arrive). */
  get live(): boolean {
    return this.#live.live;
  }

  #push(accountId: string, e: LiveEvent): void {
    if (accountId !== this.account) return;
    if (e.channel === 'borrowsMargin') this.borrows = e.records;
  }

  async follow(account: string): Promise<void> {
    if (account === this.account) return;
    await this.stop();
    this.account = account;
    this.hedgeMode = undefined;
    this.borrows = [];
    this.hedgeError = undefined;
    if (!account) return;
    await this.load();
    if (account === this.account) await this.#live.follow([account], ['borrowsMargin', 'balanceMargin']);
  }

  async load(): Promise<void> {
    const account = this.account;
    if (!account) return;
    const [mode] = await Promise.all([
      this.#api.positions.hedgeMode({ accountId: account }),
      this.known.load(
        account,
        async () => (await recall(this.#api, 'collateral.overview', [account]))[account],
        () => this.#api.positions.collateral({ accountId: account }),
      ),
    ]);
    if (account !== this.account) return;
    this.hedgeMode = mode.ok ? mode.value : undefined;
    // An overview that could not be read says so in its own line (AsOf), with the saved one kept.
    this.error = mode.ok ? undefined : mode.error;
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
    await this.#live.stop();
  }
}
