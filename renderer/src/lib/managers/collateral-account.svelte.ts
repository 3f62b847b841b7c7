import type {
  CollateralView,
  IpcError,
  LiveBorrowView,
  LiveEvent,
  PositionView,
} from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import { impliedLeverage } from '../format/positions.ts';
import { Known, recall } from './known.svelte.ts';
import { LiveFollow } from './live-follow.svelte.ts';

/** How long a burst of position changes settles before the overview is read again. */
export const POSITIONS_RELOAD_MS = 300;

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
  /** The account and its positions' sizes the overview was last compared with ('' before any). */
  #positionsKey = '';
  #reloadTimer: ReturnType<typeof setTimeout> | undefined;

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

  /**
   * The account's open positions as the exchange has them now. Margin in use and equity follow them,
   * and no push carries those: when a position opens, changes size or leverage (a fill, a leverage
   * change: its margin then implies another level) or goes (a liquidation), the overview is read
   * again, once for a burst of changes. The first positions of an account only set what later ones
   * are compared with (the overview was read when the account was followed).
   */
  positionsNow(account: string, positions: readonly PositionView[]): void {
    const sizes = positions
      .map((p) => `${String(p.positionId)}:${p.amount}:${String(impliedLeverage([p]) ?? '')}`)
      .sort();
    const key = `${account}\n${sizes.join('|')}`;
    const before = this.#positionsKey;
    this.#positionsKey = key;
    if (before === key || !before.startsWith(`${account}\n`) || account !== this.account) return;
    clearTimeout(this.#reloadTimer);
    this.#reloadTimer = setTimeout(() => void this.load(), POSITIONS_RELOAD_MS);
  }

  /** The exchange answers again: the overview is read, and followed again when its feed is not live. */
  async recover(): Promise<void> {
    const account = this.account;
    if (!account) return;
    await this.load();
    if (!this.#live.live && account === this.account)
      await this.#live.follow([account], ['borrowsMargin', 'balanceMargin']);
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
    clearTimeout(this.#reloadTimer);
    this.#positionsKey = '';
    await this.#live.stop();
  }
}
