import type { AccountView, KnownPushedView, ProcedureResult } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { formatNumber } from '../format/number.ts';
import { countSaved, EAGER_READ_ACCOUNTS, type SavedShown } from './account-balances.ts';
import { Arrivals } from './arrivals.svelte.ts';
import { recall } from './known.svelte.ts';
import { LiveFollow } from './live-follow.svelte.ts';
import { readMissingBases, withMerged } from './sub-account-live.ts';
import { settled } from './errors.ts';

/** At most this many sub-accounts follow their balances live on this screen (one WebSocket each). */
export const LIVE_SUB_BALANCES = 20;

export type SubBalances = ProcedureResult<'subaccounts.balances'>[number];

/** One line per ticker of a sub-account: its main, spot and collateral balances. */
export interface BalanceLine {
  ticker: string;
  main: string;
  spot: string;
  collateral: string;
}

const zero = (s: string) => /^0*(\.0*)?$/.test(s);

/** Tickers with any non-zero balance, sorted by name; an empty list when everything is zero. */
export function balanceLines(view: SubBalances | undefined): BalanceLine[] {
  if (!view?.ok) return [];
  const lines: BalanceLine[] = [];
  for (const [ticker, entries] of Object.entries(view.balances ?? {})) {
    for (const b of entries) {
      if (zero(b.main) && zero(b.spot) && zero(b.collateral)) continue;
      lines.push({ ticker, main: b.main, spot: b.spot, collateral: b.collateral });
    }
  }
  return lines.sort((a, b) => a.ticker.localeCompare(b.ticker));
}

/** One balance of each ticker that has it: "USDT 100 · BTC 0.01"; a dash when none has. */
export function balanceList(lines: readonly BalanceLine[], part: 'main' | 'spot' | 'collateral'): string {
  const parts = lines.filter((l) => !zero(l[part])).map((l) => `${l.ticker} ${formatNumber(l[part])}`);
  return parts.length === 0 ? '—' : parts.join(' · ');
}

/**
 * The balances of the registered sub-accounts, read with the main key: the saved ones at once (each
 * with when it was taken), the exchange's as each answer arrives, and for the first few sub-accounts
 * with their own key, the state main merged their socket's pushes into.
 */
export class SubAccountBalances {
  /** Balances by exchange sub-account id: the exchange's, or the saved ones (see `savedAt`). */
  views = $state<Record<string, SubBalances>>({});
  /** Sub-accounts (by exchange id) whose balances shown are the saved ones: when they were taken. */
  savedAt = $state<Partial<Record<string, number>>>({});
  /** Why the saved balances of a sub-account were not refreshed. */
  notRefreshed = $state<Partial<Record<string, IpcError>>>({});
  /** Sub-accounts (by exchange id) whose balances shown are the exchange's: when they were read. */
  readAt = $state<Partial<Record<string, number>>>({});
  /** Why the last read of the balances failed as a whole. */
  error = $state<IpcError | undefined>();
  /** The balances of sub-accounts with their own key follow its socket (`balanceSpot`, `balanceMargin`). */
  readonly live: LiveFollow;
  /** Answers that arrived and are not drawn yet. */
  readonly #arrived = new Arrivals<SubBalances>((views) => this.#apply(views));
  readonly #api: TxcApi;
  readonly #subs: () => AccountView[];

  /** `subs`: the registered sub-accounts now. */
  constructor(api: TxcApi, subs: () => AccountView[]) {
    this.#api = api;
    this.#subs = subs;
    this.live = new LiveFollow(api, {
      onKnown: (pushed) => this.#pushed(pushed),
      // A socket back: the balances of the accounts it follows are read again, not the whole desk's.
      refresh: () => void this.refresh(this.#followedSubIds()),
    });
  }

  /** Exchange ids of the sub-accounts whose balances follow their socket. */
  #followedSubIds(): string[] {
    return this.#liveSubs().flatMap((s) => (s.subAccountId ? [s.subAccountId] : []));
  }

  #liveSubs(): AccountView[] {
    return this.#subs()
      .filter((s) => s.subAccountId && !s.needsKey)
      .slice(0, LIVE_SUB_BALANCES);
  }

  /** Starts drawing each sub-account's balances as its read arrives; answers the stop. */
  listen(): () => void {
    const stop = this.#api.on('subaccounts.balance', (view) => this.#arrived.add(view));
    return () => {
      stop();
      this.#arrived.stop();
    };
  }

  /**
   * Shows what is known of the sub-accounts: the saved balances at once, and (a small desk) the
   * exchange's. A large desk reads them on "Refresh balances": each is a call on the main key, whose
   * budget for sub-account calls transfers and key changes share. Then the first few with their own
   * key follow its socket.
   */
  async open(): Promise<void> {
    const eager = this.#subs().length <= EAGER_READ_ACCOUNTS;
    await Promise.all([this.#recallSaved(), eager ? this.refresh() : undefined]);
    const live = this.#liveSubs().map((s) => s.id);
    await readMissingBases(this.#api, live);
    await this.live.follow(live, ['balanceSpot', 'balanceMargin']);
  }

  /**
   * Draws answers of the exchange: a sub-account read shows its balances; one that could not be read
   * keeps its saved balances (with why they were not refreshed), or says why none are known.
   */
  #apply(views: readonly SubBalances[]): void {
    const balances = { ...this.views };
    const savedAt = { ...this.savedAt };
    const notRefreshed = { ...this.notRefreshed };
    const readAt = { ...this.readAt };
    const now = Date.now();
    for (const b of views) {
      const sid = b.subAccountId;
      if (b.ok) {
        balances[sid] = b;
        readAt[sid] = now;
        savedAt[sid] = undefined;
        notRefreshed[sid] = undefined;
      } else if (savedAt[sid] !== undefined) {
        if (b.error) notRefreshed[sid] = b.error;
      } else {
        balances[sid] = b;
        readAt[sid] = undefined;
      }
    }
    this.views = balances;
    this.savedAt = savedAt;
    this.notRefreshed = notRefreshed;
    this.readAt = readAt;
  }

  /** Main merged a followed sub-account's pushes: its balances as main keeps them now. */
  #pushed({ accountId, values }: KnownPushedView): void {
    const sid = this.#subs().find((a) => a.id === accountId)?.subAccountId;
    const view = sid ? this.views[sid] : undefined;
    const balances = view?.ok && view.balances ? withMerged(view.balances, values) : undefined;
    if (sid && view && balances) this.views = { ...this.views, [sid]: { ...view, balances } };
  }

  /** Paints the saved balances of sub-accounts the exchange has not answered for yet. */
  async #recallSaved(): Promise<void> {
    const subs = this.#subs().filter((s) => s.subAccountId);
    const saved = await recall(
      this.#api,
      'subaccount.balances',
      subs.map((s) => s.id),
    );
    const balances = { ...this.views };
    const savedAt = { ...this.savedAt };
    const notRefreshed = { ...this.notRefreshed };
    for (const s of subs) {
      const kept = saved[s.id];
      const sid = s.subAccountId ?? '';
      const now = balances[sid];
      if (!kept || now?.ok) continue;
      if (now?.error) notRefreshed[sid] = now.error;
      balances[sid] = { subAccountId: sid, ok: true, balances: kept.value };
      savedAt[sid] = kept.asOfMs;
    }
    this.views = balances;
    this.savedAt = savedAt;
    this.notRefreshed = notRefreshed;
  }

  /** The rows that show saved balances (see `countSaved`). */
  get savedShown(): SavedShown {
    return countSaved(
      this.#subs().map((s) => {
        const at = s.subAccountId ? this.savedAt[s.subAccountId] : undefined;
        return at === undefined
          ? undefined
          : { asOfMs: at, failed: this.notRefreshed[s.subAccountId ?? ''] !== undefined };
      }),
    );
  }

  /** A read of every balance under way: how many sub-accounts have answered of how many. */
  get reading(): { done: number; total: number } | undefined {
    return this.#arrived.reading;
  }

  /** Sub-accounts with an exchange id: those whose balances can be read. */
  get readable(): number {
    return this.#subs().filter((s) => s.subAccountId).length;
  }

  /**
   * Reads the balances of the given sub-accounts (exchange ids), or of every one, drawing each as it
   * arrives (`listen`) with the count of those answered in `reading`.
   */
  async refresh(subAccountIds?: readonly string[]): Promise<void> {
    if (subAccountIds?.length === 0) return;
    const whole = subAccountIds === undefined;
    if (whole) this.#arrived.start(this.readable);
    const reply = await this.#api.subaccounts.balances(
      subAccountIds ? { subAccountIds: [...subAccountIds] } : undefined,
    );
    if (whole) this.#arrived.done();
    if (!settled(reply, (error) => (this.error = error))) return;
    this.#arrived.flush();
    this.#apply(reply.value);
  }
}
