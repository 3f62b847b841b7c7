import type {
  BoardRowView,
  BulkActionView,
  BulkChildResultView,
  BulkPreviewView,
  DeskOrderRowView,
  DeskPositionRowView,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { compareDecimal } from '../format/decimal.ts';
import type { PreferenceStore } from './storage.ts';

export const ATTENTION_KEY = 'txc.board.attention';

/** When a row needs attention: liquidation within `liquidationPct` %, data older than `staleMinutes`. */
export interface AttentionRules {
  liquidationPct: string;
  staleMinutes: number;
}

export const DEFAULT_ATTENTION: AttentionRules = { liquidationPct: '5', staleMinutes: 5 };

/** Why a row stands out, in words (empty when it does not). */
export function attentionOf(row: BoardRowView, rules: AttentionRules, nowMs: number): string[] {
  const out: string[] = [];
  if (
    row.liquidationDistance !== undefined &&
    compareDecimal(row.liquidationDistance, rules.liquidationPct) <= 0
  )
    out.push(`liquidation ${row.liquidationDistance} % away`);
  if (row.keyState === 'revoked') out.push('key revoked');
  if (row.keyState === 'missing_permission') out.push('key lacks a permission');
  if (row.asOfMs === undefined) out.push('never read');
  else if (nowMs - row.asOfMs > rules.staleMinutes * 60_000) out.push('data stale');
  return out;
}

export function readAttention(store: PreferenceStore): AttentionRules {
  try {
    const raw = JSON.parse(store.getItem(ATTENTION_KEY) ?? 'null') as Partial<AttentionRules> | null;
    const pct = typeof raw?.liquidationPct === 'string' && /^\d{1,3}(\.\d{1,2})?$/.test(raw.liquidationPct);
    const stale = typeof raw?.staleMinutes === 'number' && raw.staleMinutes >= 1 && raw.staleMinutes <= 1440;
    return {
      liquidationPct: pct ? (raw?.liquidationPct ?? '5') : DEFAULT_ATTENTION.liquidationPct,
      staleMinutes: stale ? (raw?.staleMinutes ?? 5) : DEFAULT_ATTENTION.staleMinutes,
    };
  } catch {
    return DEFAULT_ATTENTION;
  }
}

/**
 * The desk board: rows from main's cache at once, then a refresh whose rows arrive in batches; the
 * cross-account orders and positions; bulk actions with a preview, main's question and each account's
 * outcome, re-sendable for the accounts that failed.
 */
export class DeskBoard {
  rows = $state.raw<BoardRowView[]>([]);
  loaded = $state(false);
  refreshing = $state(false);
  error = $state<IpcError | undefined>();
  orders = $state.raw<DeskOrderRowView[]>([]);
  positions = $state.raw<DeskPositionRowView[]>([]);
  preview = $state.raw<BulkPreviewView | undefined>();
  results = $state.raw<
    { parentId: string; action: BulkActionView; results: BulkChildResultView[] } | undefined
  >();
  bulkError = $state<IpcError | undefined>();
  busy = $state(false);
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** Rows as main last read them; then a refresh. */
  async load(): Promise<void> {
    const reply = await this.#api.desk.board();
    if (!reply.ok) {
      this.error = reply.error;
      return;
    }
    this.error = undefined;
    this.rows = reply.value.rows;
    this.loaded = true;
    this.refreshing = reply.value.refreshing;
  }

  listen(): () => void {
    return this.#api.on('desk.boardRows', ({ rows }) => this.merge(rows));
  }

  /** Replaces the rows of the accounts given (one batch of a refresh). */
  merge(rows: readonly BoardRowView[]): void {
    const byId: Record<string, BoardRowView> = {};
    for (const r of rows) byId[r.account] = r;
    this.rows = this.rows.map((r) => byId[r.account] ?? r);
  }

  /** Reads every account again; `refreshing` holds until the rows read are the ones on screen. */
  async refresh(): Promise<void> {
    this.refreshing = true;
    try {
      const reply = await this.#api.desk.refreshBoard();
      if (!reply.ok) this.error = reply.error;
      else await Promise.all([this.load(), this.loadGrids()]);
    } finally {
      this.refreshing = false;
    }
  }

  async loadGrids(accountIds?: string[]): Promise<void> {
    const input = accountIds && accountIds.length > 0 ? { accountIds } : undefined;
    const [orders, positions] = await Promise.all([
      this.#api.desk.openOrders(input),
      this.#api.desk.openPositions(input),
    ]);
    if (orders.ok) this.orders = orders.value;
    if (positions.ok) this.positions = positions.value;
  }

  async previewBulk(action: BulkActionView, accountIds: string[], parentId?: string): Promise<void> {
    this.busy = true;
    this.bulkError = undefined;
    const reply = await this.#api.desk.previewBulk({ action, accountIds, ...(parentId ? { parentId } : {}) });
    this.busy = false;
    if (reply.ok) this.preview = reply.value;
    else this.bulkError = reply.error;
  }

  async send(): Promise<void> {
    const preview = this.preview;
    if (!preview) return;
    this.busy = true;
    this.bulkError = undefined;
    const reply = await this.#api.desk.runBulk({ previewId: preview.previewId });
    this.busy = false;
    if (!reply.ok) {
      this.bulkError = reply.error;
      return;
    }
    this.preview = undefined;
    this.results = reply.value;
    await this.loadGrids();
  }

  /** Previews the same action again for the accounts that failed, under the same batch id. */
  async resendFailed(): Promise<void> {
    const last = this.results;
    if (!last) return;
    const failed = last.results.filter((r) => !r.ok).map((r) => r.account);
    if (failed.length > 0) await this.previewBulk(last.action, failed, last.parentId);
  }

  cancelPreview(): void {
    this.preview = undefined;
  }
}
