import type {
  AccountView,
  BatchOutcome,
  KeyCapabilityView,
  KeyDiffView,
  KnownPushedView,
  ProcedureResult,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { isProposed, proposedWords } from '../format/proposed.ts';
import { countSaved, EAGER_READ_ACCOUNTS, type SavedShown } from './accounts.svelte.ts';
import { Arrivals } from './arrivals.svelte.ts';
import { recall } from './known.svelte.ts';
import { LiveFollow } from './live-follow.svelte.ts';
import { readMissingBases, withMerged } from './sub-account-live.ts';
import { SubAccountSweep } from './sub-account-sweep.svelte.ts';
import type { PermissionRow } from '../format/key-permissions.ts';
import { formatNumber } from '../format/number.ts';

export { permissionRows, permissionWord, type PermissionRow } from '../format/key-permissions.ts';

/** At most this many sub-accounts follow their balances live on this screen (one WebSocket each). */
export const LIVE_SUB_BALANCES = 20;

export type SubBalances = ProcedureResult<'desk.subAccountBalances'>[number];
export type { SweepForm, SweepResult } from './sub-account-sweep.svelte.ts';

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

/** Failures first, each group keeping its order. */
export function failuresFirst<T extends { ok: boolean }>(rows: readonly T[]): T[] {
  return [...rows.filter((r) => !r.ok), ...rows.filter((r) => r.ok)];
}

/**
 * The Sub-accounts screen: every registered sub-account with its balances (read with the main key),
 * a selection, sweeps between main and the selected sub-accounts (preview, then run) and one
 * URL-permission edit over their keys (diff preview, then apply). Key replacement takes the new
 * secret from the clipboard in main; it never passes through here.
 */
export class SubAccountsManager {
  accounts = $state<AccountView[]>([]);
  /** Balances by exchange sub-account id: the exchange's, or the saved ones (see `savedAt`). */
  balances = $state<Record<string, SubBalances>>({});
  /** Sub-accounts (by exchange id) whose balances shown are the saved ones: when they were taken. */
  savedAt = $state<Partial<Record<string, number>>>({});
  /** Why the saved balances of a sub-account were not refreshed. */
  notRefreshed = $state<Partial<Record<string, IpcError>>>({});
  /** Sub-accounts (by exchange id) whose balances shown are the exchange's: when they were read. */
  readAt = $state<Partial<Record<string, number>>>({});
  /** Answers that arrived and are not drawn yet. */
  readonly #arrived = new Arrivals<SubBalances>((views) => this.#apply(views));
  loading = $state(false);
  error = $state<IpcError | undefined>();
  balancesError = $state<IpcError | undefined>();
  selected = $state<string[]>([]);
  /** `selected` to look up (a fresh set for each selection, never changed in place). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #selectedSet = $derived(new Set(this.selected));

  /** Sweeps between main and the selected sub-accounts: preview, then run. */
  readonly sweep: SubAccountSweep;

  /** What a key may do, in named capabilities (main's table), offered as checkboxes. */
  capabilities = $state<KeyCapabilityView[]>([]);
  permissionPreview = $state<KeyDiffView[] | undefined>();
  permissionResults = $state<BatchOutcome[] | undefined>();
  /** The edit was proposed for a second admin's approval instead (team desk, four eyes), in words. */
  permissionProposed = $state<string | undefined>();
  permissionError = $state<IpcError | undefined>();
  applying = $state(false);

  /** Each sub-account key's URL permissions as this app last set them, with when (by account id). */
  keyPermissions = $state<Partial<Record<string, { value: Record<string, boolean>; asOfMs: number }>>>({});

  rotateError = $state<{ id: string; error: IpcError } | undefined>();
  rotated = $state<string | undefined>();
  readonly #api: TxcApi;
  /** The balances of sub-accounts with their own key follow its socket (`balanceSpot`, `balanceMargin`). */
  readonly live: LiveFollow;
  readonly #onBatch: () => void;
  readonly #blockedBy: () => string | undefined;

  /**
   * `onBatch` runs after each sweep or permission batch (the audit log has a new entry); `blockedBy`
   * says why work on the exchange cannot be done now (it is unreachable).
   */
  constructor(
    api: TxcApi,
    onBatch: () => void = () => undefined,
    blockedBy: () => string | undefined = () => undefined,
  ) {
    this.#api = api;
    this.#onBatch = onBatch;
    this.#blockedBy = blockedBy;
    this.sweep = new SubAccountSweep(
      api,
      () => this.selected,
      async () => {
        this.#onBatch();
        await this.refreshBalances();
      },
    );
    this.live = new LiveFollow(api, {
      onKnown: (pushed) => this.#pushed(pushed),
      // A socket back: the balances of the accounts it follows are read again, not the whole desk's.
      refresh: () => void this.refreshBalances(this.#followedSubIds()),
    });
  }

  /** Exchange ids of the sub-accounts whose balances follow their socket. */
  #followedSubIds(): string[] {
    return this.#liveSubs().flatMap((s) => (s.subAccountId ? [s.subAccountId] : []));
  }

  #liveSubs(): AccountView[] {
    return this.subs.filter((s) => s.subAccountId && !s.needsKey).slice(0, LIVE_SUB_BALANCES);
  }

  /** Starts drawing each sub-account's balances as its read arrives; answers the stop. */
  listen(): () => void {
    const stop = this.#api.on('desk.subAccountBalance', (view) => this.#arrived.add(view));
    return () => {
      stop();
      this.#arrived.stop();
    };
  }

  /**
   * Draws answers of the exchange: a sub-account read shows its balances; one that could not be read
   * keeps its saved balances (with why they were not refreshed), or says why none are known.
   */
  #apply(views: readonly SubBalances[]): void {
    const balances = { ...this.balances };
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
    this.balances = balances;
    this.savedAt = savedAt;
    this.notRefreshed = notRefreshed;
    this.readAt = readAt;
  }

  /** Main merged a followed sub-account's pushes: its balances as main keeps them now. */
  #pushed({ accountId, values }: KnownPushedView): void {
    const sid = this.accounts.find((a) => a.id === accountId)?.subAccountId;
    const view = sid ? this.balances[sid] : undefined;
    const balances = view?.ok && view.balances ? withMerged(view.balances, values) : undefined;
    if (sid && view && balances) this.balances = { ...this.balances, [sid]: { ...view, balances } };
  }

  /** The key permissions last set of the registered sub-accounts. */
  async recallKeyPermissions(): Promise<void> {
    this.keyPermissions = await recall(
      this.#api,
      'keys.permissions',
      this.subs.map((s) => s.id),
    );
  }

  /** Why sweeps, permission changes and key replacement are off now; undefined when they can run. */
  get blocked(): string | undefined {
    return this.#blockedBy();
  }

  /** Paints the saved balances of sub-accounts the exchange has not answered for yet. */
  async #recallSaved(): Promise<void> {
    const subs = this.subs.filter((s) => s.subAccountId);
    const saved = await recall(
      this.#api,
      'subaccount.balances',
      subs.map((s) => s.id),
    );
    const balances = { ...this.balances };
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
    this.balances = balances;
    this.savedAt = savedAt;
    this.notRefreshed = notRefreshed;
  }

  get subs(): AccountView[] {
    return this.accounts.filter((a) => a.kind === 'sub');
  }

  async load(): Promise<void> {
    this.loading = true;
    const reply = await this.#api.accounts.list();
    this.loading = false;
    if (!reply.ok) {
      this.error = reply.error;
      return;
    }
    this.error = undefined;
    this.accounts = reply.value;
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup for this line, not state
    const known = new Set(reply.value.map((a) => a.id));
    this.selected = this.selected.filter((id) => known.has(id));
    if (this.subs.length === 0) return;
    // A small desk reads every balance on open. A large one shows the saved balances, each with when it
    // was taken, and reads them on "Refresh balances": each is a call on the main key, whose budget
    // for sub-account calls transfers and key changes share.
    const eager = this.subs.length <= EAGER_READ_ACCOUNTS;
    await Promise.all([
      this.#recallSaved(),
      eager ? this.refreshBalances() : undefined,
      this.recallKeyPermissions(),
    ]);
    const live = this.#liveSubs().map((s) => s.id);
    await readMissingBases(this.#api, live);
    await this.live.follow(live, ['balanceSpot', 'balanceMargin']);
  }

  /** The rows that show saved balances (see `countSaved`). */
  get savedShown(): SavedShown {
    return countSaved(
      this.subs.map((s) => {
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
    return this.subs.filter((s) => s.subAccountId).length;
  }

  /**
   * Reads the balances of the given sub-accounts (exchange ids), or of every one, drawing each as it
   * arrives (`listen`) with the count of those answered in `reading`.
   */
  async refreshBalances(subAccountIds?: readonly string[]): Promise<void> {
    if (subAccountIds?.length === 0) return;
    const whole = subAccountIds === undefined;
    if (whole) this.#arrived.start(this.readable);
    const reply = await this.#api.desk.subAccountBalances(
      subAccountIds ? { subAccountIds: [...subAccountIds] } : undefined,
    );
    if (whole) this.#arrived.done();
    if (!reply.ok) {
      this.balancesError = reply.error;
      return;
    }
    this.balancesError = undefined;
    this.#arrived.flush();
    this.#apply(reply.value);
  }

  isSelected(id: string): boolean {
    return this.#selectedSet.has(id);
  }

  /** Selects (or unselects) these sub-accounts, the others as they were. */
  setSelected(ids: readonly string[], on: boolean): void {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup for this call, not state
    const picked = new Set(ids);
    const others = this.selected.filter((id) => !picked.has(id));
    this.selected = on ? [...others, ...picked] : others;
    this.clearPreviews();
  }

  /** A changed selection or form makes earlier previews stale. */
  clearPreviews(): void {
    this.sweep.clear();
    this.permissionPreview = undefined;
  }

  #urls(rows: readonly PermissionRow[]) {
    return rows.filter((r) => r.url.trim()).map((r) => ({ url: r.url.trim(), enable: r.enable }));
  }

  async loadCapabilities(): Promise<void> {
    const reply = await this.#api.desk.keyCapabilities();
    if (reply.ok) this.capabilities = reply.value;
    else this.permissionError = reply.error;
  }

  async previewPermissions(rows: readonly PermissionRow[]): Promise<boolean> {
    this.permissionResults = undefined;
    const reply = await this.#api.desk.previewPermissions({
      accountIds: this.selected,
      urls: this.#urls(rows),
    });
    if (!reply.ok) {
      this.permissionError = reply.error;
      this.permissionPreview = undefined;
      return false;
    }
    this.permissionError = undefined;
    this.permissionPreview = reply.value;
    return true;
  }

  async applyPermissions(rows: readonly PermissionRow[]): Promise<boolean> {
    this.applying = true;
    const reply = await this.#api.desk.applyPermissions({
      accountIds: this.selected,
      urls: this.#urls(rows),
    });
    this.applying = false;
    if (!reply.ok) {
      this.permissionError = reply.error;
      return false;
    }
    this.permissionError = undefined;
    this.permissionPreview = undefined;
    if (isProposed(reply.value)) {
      this.permissionProposed = proposedWords(reply.value);
      this.permissionResults = undefined;
      return true;
    }
    this.permissionProposed = undefined;
    this.permissionResults = failuresFirst(reply.value);
    this.#onBatch();
    await this.recallKeyPermissions();
    return true;
  }

  /** Replaces a sub-account's key pair after a reset: the new secret comes from the clipboard in main. */
  async rotate(id: string, apiKey: string): Promise<boolean> {
    this.rotated = undefined;
    const reply = await this.#api.accounts.rotateFromClipboard({ id, apiKey });
    if (!reply.ok) {
      this.rotateError = { id, error: reply.error };
      return false;
    }
    this.rotateError = undefined;
    this.accounts = this.accounts.map((a) => (a.id === id ? reply.value : a));
    this.rotated = id;
    return true;
  }
}
