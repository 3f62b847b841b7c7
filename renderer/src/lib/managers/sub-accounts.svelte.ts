import type {
  AccountView,
  BatchOutcome,
  KeyCapabilityView,
  KeyDiffView,
  LiveEvent,
  ProcedureResult,
  SweepLegView,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { addDecimal } from '../format/decimal-math.ts';
import { recall } from './known.svelte.ts';
import { LiveFollow } from './live-follow.svelte.ts';

/** At most this many sub-accounts follow their balances live on this screen (one WebSocket each). */
export const LIVE_SUB_BALANCES = 20;

export type SubBalances = ProcedureResult<'desk.subAccountBalances'>[number];
export type SweepResult = ProcedureResult<'desk.runSweep'>[number];

export interface SweepForm {
  direction: 'main_to_sub' | 'sub_to_main';
  ticker: string;
  /** A decimal, or "all" (sub to main only). */
  amount: string;
}

export interface PermissionRow {
  url: string;
  enable: boolean;
}

/** One line per ticker of a sub-account: its main, spot and collateral balances. */
export interface BalanceLine {
  ticker: string;
  main: string;
  spot: string;
  collateral: string;
}

/** Tickers with any non-zero balance, sorted by name; an empty list when everything is zero. */
export function balanceLines(view: SubBalances | undefined): BalanceLine[] {
  if (!view?.ok) return [];
  const zero = (s: string) => /^0*(\.0*)?$/.test(s);
  const lines: BalanceLine[] = [];
  for (const [ticker, entries] of Object.entries(view.balances ?? {})) {
    for (const b of entries) {
      if (zero(b.main) && zero(b.spot) && zero(b.collateral)) continue;
      lines.push({ ticker, main: b.main, spot: b.spot, collateral: b.collateral });
    }
  }
  return lines.sort((a, b) => a.ticker.localeCompare(b.ticker));
}

/** "unknown", "enabled" or "disabled" for a permission value. */
export function permissionWord(value: boolean | 'unknown'): string {
  return value === 'unknown' ? 'unknown' : value ? 'enabled' : 'disabled';
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
  savedAt = $state<Record<string, number>>({});
  /** Why the saved balances of a sub-account were not refreshed. */
  notRefreshed = $state<Record<string, IpcError>>({});
  loading = $state(false);
  error = $state<IpcError | undefined>();
  balancesError = $state<IpcError | undefined>();
  selected = $state<string[]>([]);

  sweepPreview = $state<SweepLegView[] | undefined>();
  sweepResults = $state<SweepResult[] | undefined>();
  sweepError = $state<IpcError | undefined>();
  #sweepPreviewId: string | undefined;
  sweeping = $state(false);

  /** What a key may do, in named capabilities (main's table), offered as checkboxes. */
  capabilities = $state<KeyCapabilityView[]>([]);
  permissionPreview = $state<KeyDiffView[] | undefined>();
  permissionResults = $state<BatchOutcome[] | undefined>();
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
    this.live = new LiveFollow(api, {
      onPush: (accountId, e) => this.#pushed(accountId, e),
      refresh: () => void this.refreshBalances(),
    });
  }

  /** A push names only the tickers that changed: they replace those of the balances shown. */
  #pushed(accountId: string, e: LiveEvent): void {
    const sid = this.accounts.find((a) => a.id === accountId)?.subAccountId;
    const view = sid ? this.balances[sid] : undefined;
    if (!sid || !view?.ok || (e.channel !== 'balanceSpot' && e.channel !== 'balanceMargin')) return;
    // Spot is what is available plus what is held; collateral is the collateral balance.
    const changed: Record<string, { spot?: string; collateral?: string }> =
      e.channel === 'balanceSpot'
        ? Object.fromEntries(
            Object.entries(e.balances).map(([t, b]) => [t, { spot: addDecimal(b.available, b.freeze) }]),
          )
        : Object.fromEntries(
            Object.entries(e.balances).flatMap(([t, b]) =>
              b['balance'] === undefined ? [] : [[t, { collateral: b['balance'] }]],
            ),
          );
    const balances = { ...view.balances };
    for (const [ticker, change] of Object.entries(changed)) {
      const [first, ...rest] = balances[ticker] ?? [];
      balances[ticker] = [{ main: '0', spot: '0', collateral: '0', ...first, ...change }, ...rest];
    }
    this.balances = { ...this.balances, [sid]: { ...view, balances } };
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
    this.selected = this.selected.filter((id) => reply.value.some((a) => a.id === id));
    if (this.subs.length === 0) return;
    await Promise.all([this.#recallSaved(), this.refreshBalances(), this.recallKeyPermissions()]);
    const keyed = this.subs.filter((s) => s.subAccountId && !s.needsKey).map((s) => s.id);
    await this.live.follow(keyed.slice(0, LIVE_SUB_BALANCES), ['balanceSpot', 'balanceMargin']);
  }

  async refreshBalances(): Promise<void> {
    const reply = await this.#api.desk.subAccountBalances();
    if (!reply.ok) {
      this.balancesError = reply.error;
      return;
    }
    this.balancesError = undefined;
    const balances = { ...this.balances };
    const fresh = reply.value.filter((b) => b.ok).map((b) => b.subAccountId);
    const savedAt = Object.fromEntries(Object.entries(this.savedAt).filter(([sid]) => !fresh.includes(sid)));
    const notRefreshed: Record<string, IpcError> = {};
    for (const b of reply.value) {
      if (b.ok || savedAt[b.subAccountId] === undefined) {
        balances[b.subAccountId] = b;
      } else if (b.error) {
        // The saved balances stay, with why they were not refreshed.
        notRefreshed[b.subAccountId] = b.error;
      }
    }
    this.balances = balances;
    this.savedAt = savedAt;
    this.notRefreshed = notRefreshed;
  }

  isSelected(id: string): boolean {
    return this.selected.includes(id);
  }

  toggle(id: string, on: boolean): void {
    this.selected = on
      ? [...this.selected.filter((s) => s !== id), id]
      : this.selected.filter((s) => s !== id);
    this.clearPreviews();
  }

  selectAll(on: boolean): void {
    this.selected = on ? this.subs.map((a) => a.id) : [];
    this.clearPreviews();
  }

  /** A changed selection or form makes earlier previews stale. */
  clearPreviews(): void {
    this.sweepPreview = undefined;
    this.permissionPreview = undefined;
  }

  #plan(form: SweepForm) {
    const amount = form.amount.trim();
    return {
      direction: form.direction,
      ticker: form.ticker.trim().toUpperCase(),
      amount: amount.toLowerCase() === 'all' ? ('all' as const) : amount,
    };
  }

  async previewSweep(form: SweepForm): Promise<boolean> {
    this.sweepResults = undefined;
    const reply = await this.#api.desk.previewSweep({ accountIds: this.selected, plan: this.#plan(form) });
    if (!reply.ok) {
      this.sweepError = reply.error;
      this.sweepPreview = undefined;
      return false;
    }
    this.sweepError = undefined;
    this.sweepPreview = reply.value.legs;
    this.#sweepPreviewId = reply.value.previewId;
    return true;
  }

  /**
   * Makes exactly the previewed transfers: main keeps the preview under its id, asks the person in its
   * own dialog, and refuses a stale preview. Any refusal uses the preview up: it must be made again.
   */
  async runSweep(): Promise<boolean> {
    const previewId = this.#sweepPreviewId;
    if (!previewId || !this.sweepPreview) return false;
    this.sweeping = true;
    const reply = await this.#api.desk.runSweep({ previewId });
    this.sweeping = false;
    this.#sweepPreviewId = undefined;
    if (!reply.ok) {
      this.sweepError = reply.error;
      this.sweepPreview = undefined;
      return false;
    }
    this.sweepError = undefined;
    this.sweepPreview = undefined;
    this.sweepResults = failuresFirst(reply.value);
    this.#onBatch();
    await this.refreshBalances();
    return true;
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

/**
 * The URL changes of the capabilities a person switched (on: every URL of it enabled; off: every
 * URL disabled; untouched capabilities send nothing), then the single URLs typed by hand.
 */
export function permissionRows(
  capabilities: readonly KeyCapabilityView[],
  choices: Readonly<Record<string, boolean>>,
  single: readonly PermissionRow[] = [],
): PermissionRow[] {
  const rows: Record<string, boolean> = {};
  for (const c of capabilities) {
    const enable = choices[c.id];
    if (enable !== undefined) for (const url of c.urls) rows[url] = enable;
  }
  for (const r of single) if (r.url.trim()) rows[r.url.trim()] = r.enable;
  return Object.entries(rows).map(([url, enable]) => ({ url, enable }));
}
