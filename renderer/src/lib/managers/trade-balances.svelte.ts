/**
 * One account's spot and collateral balances for the Wallet's moves: the saved ones at once with
 * their age, then the exchange's, then the balances main merged each `balanceSpot` / `balanceMargin`
 * push into (whole, as main keeps them). While the socket is down they are read again every minute
 * instead.
 */
import type { CollateralView, KnownPushedView } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import { Known, recall } from './known.svelte.ts';
import { LiveFollow } from './live-follow.svelte.ts';

type Spot = Record<string, { available: string; freeze: string }>;

export class TradeBalances {
  readonly spot = new Known<Spot>();
  readonly collateral = new Known<CollateralView>();
  account = $state('');
  readonly #api: TxcApi;
  readonly live: LiveFollow;

  constructor(api: TxcApi) {
    this.#api = api;
    this.live = new LiveFollow(api, {
      onKnown: (pushed) => this.#pushed(pushed),
      refresh: () => void this.load(),
    });
  }

  async follow(account: string): Promise<void> {
    if (account === this.account) return;
    this.account = account;
    await this.live.stop();
    if (!account) return;
    await this.load();
    if (account === this.account) await this.live.follow([account], ['balanceSpot', 'balanceMargin']);
  }

  async load(): Promise<void> {
    const account = this.account;
    if (!account) return;
    await Promise.all([
      this.spot.load(
        account,
        async () => (await recall(this.#api, 'balances.spot', [account]))[account],
        () => this.#api.balances.spot({ accountId: account }),
      ),
      this.collateral.load(
        account,
        async () => (await recall(this.#api, 'collateral.overview', [account]))[account],
        () => this.#api.positions.collateral({ accountId: account }),
      ),
    ]);
  }

  /** What can leave the spot or collateral balance now, in one ticker; undefined when not known. */
  available(kind: 'spot' | 'collateral', ticker: string): string | undefined {
    if (kind === 'spot') {
      const value = this.spot.value;
      return value ? (value[ticker]?.available ?? '0') : undefined;
    }
    const value = this.collateral.value;
    return value ? (value.balances[ticker] ?? '0') : undefined;
  }

  #pushed({ accountId, values }: KnownPushedView): void {
    if (accountId !== this.account) return;
    const spot = values['balances.spot'];
    const collateral = values['collateral.overview'];
    if (spot) this.spot.set(spot);
    if (collateral) this.collateral.set(collateral);
  }

  stop(): Promise<void> {
    this.account = '';
    return this.live.stop();
  }
}
