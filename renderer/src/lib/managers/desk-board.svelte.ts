import type {
  AttentionRulesView,
  BoardRowView,
  BulkActionView,
  BulkChildResultView,
  BulkPreviewView,
  DeskOrderRowView,
  DeskPositionRowView,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { compareDecimal } from '../format/decimal.ts';
import { exact, Exact, plain } from '../format/exact.ts';
import { settled } from './errors.ts';

/** When a row needs attention: liquidation within `liquidationPct` %, data older than `staleMinutes`. */
export type AttentionRules = AttentionRulesView;

export const DEFAULT_ATTENTION: AttentionRules = { liquidationPct: '5', staleMinutes: 5 };

/** What the board's totals line sums: the amounts in USDT (exact) and the counts. */
export interface BoardTotals {
  equity: string;
  main: string;
  free: string;
  locked: string;
  unrealizedPnl: string;
  marginUsed: string;
  orders: number;
  positions: number;
}

/** The amounts a row adds to the totals, in this order. */
const TOTALLED = ['equity', 'main', 'free', 'locked', 'unrealizedPnl', 'marginUsed'] as const;

/**
 * Each row's amounts read once: a row is a new object only when its account changed, so the totals
 * of a desk whose few rows a push changed read only those (undefined: an amount not a decimal).
 */
const amountsOf = new WeakMap<object, Array<Exact | undefined>>();

function amounts(row: BoardRowView): Array<Exact | undefined> {
  let out = amountsOf.get(row);
  if (!out) {
    out = TOTALLED.map((k) => exact(row[k] ?? '0'));
    amountsOf.set(row, out);
  }
  return out;
}

/** The totals of the given rows: each row's own figures summed, rows never read adding nothing. */
export function totalsOf(rows: readonly BoardRowView[]): BoardTotals {
  const sums: Array<Exact | undefined> = TOTALLED.map(() => new Exact(0));
  let orders = 0;
  let positions = 0;
  for (const r of rows) {
    orders += r.openOrders ?? 0;
    positions += r.openPositions ?? 0;
    const own = amounts(r);
    sums.forEach((sum, i) => {
      const add = own[i];
      sums[i] = sum && add ? sum.plus(add) : undefined;
    });
  }
  const [equity, main, free, locked, unrealizedPnl, marginUsed] = sums.map((sum) => (sum ? plain(sum) : '0'));
  return {
    equity: equity ?? '0',
    main: main ?? '0',
    free: free ?? '0',
    locked: locked ?? '0',
    unrealizedPnl: unrealizedPnl ?? '0',
    marginUsed: marginUsed ?? '0',
    orders,
    positions,
  };
}

/** Runs `flush` before the next frame is drawn; at once where nothing is drawn (no frames). */
function nextFrame(flush: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
  else flush();
}

/** Why a row stands out, in words (empty when it does not). */
export function attentionOf(row: BoardRowView, rules: AttentionRules, nowMs: number): string[] {
  const out: string[] = [];
  if (row.marginCall) out.push('margin call');
  if (
    row.liquidationDistance !== undefined &&
    compareDecimal(row.liquidationDistance, rules.liquidationPct) <= 0
  )
    out.push(`liquidation ${row.liquidationDistance} % away`);
  if (row.keyState === 'revoked') out.push('key revoked');
  if (row.keyState === 'missing_permission') out.push('key lacks a permission');
  if (row.keyState === 'blocked') out.push('sub-account blocked');
  if (row.asOfMs === undefined) out.push('never read');
  else if (nowMs - row.asOfMs > rules.staleMinutes * 60_000) out.push('data stale');
  return out;
}

/**
 * The desk board: rows from main's cache at once, then a refresh whose rows arrive in batches; the
 * cross-account orders and positions; bulk actions with a preview, main's question and each account's
 * outcome, re-sendable for the accounts that failed. The attention rules are main's (it raises a
 * notice when rows enter attention, whatever screen is open).
 */
export class DeskBoard {
  rows = $state.raw<BoardRowView[]>([]);
  loaded = $state(false);
  refreshing = $state(false);
  error = $state<IpcError | undefined>();
  /**
   * Every open order and position of the desk, drawn from the rows themselves (each row carries its
   * account's, from the same reading as its counts): the tabs' counts, their grids and the totals
   * cannot disagree, whatever order refreshes, pushes and bulk actions land in.
   */
  readonly orders: DeskOrderRowView[] = $derived(this.rows.flatMap((r) => r.orders ?? []));
  readonly positions: DeskPositionRowView[] = $derived(this.rows.flatMap((r) => r.positions ?? []));
  preview = $state.raw<BulkPreviewView | undefined>();
  results = $state.raw<
    { parentId: string; action: BulkActionView; results: BulkChildResultView[] } | undefined
  >();
  bulkError = $state<IpcError | undefined>();
  busy = $state(false);
  rules = $state<AttentionRules>({ ...DEFAULT_ATTENTION });
  rulesError = $state<IpcError | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** Rows as main last read them; then a refresh. */
  async load(): Promise<void> {
    const reply = await this.#api.board.view();
    if (!settled(reply, (error) => (this.error = error))) return;
    this.rows = reply.value.rows;
    this.loaded = true;
    this.refreshing = reply.value.refreshing;
  }

  async loadRules(): Promise<void> {
    const reply = await this.#api.board.attentionRules();
    if (reply.ok) this.rules = reply.value;
  }

  /**
   * Keeps the rules in main; a refusal is shown and the rules in force come back on screen. The words
   * of an earlier refusal go as this save starts: they were about the value typed before.
   */
  async saveRules(rules: AttentionRules): Promise<void> {
    this.rulesError = undefined;
    // an emptied number field holds no number: main says so in the field's words
    const staleMinutes = Number.isFinite(rules.staleMinutes) ? rules.staleMinutes : null;
    const reply = await this.#api.board.setAttentionRules({ ...rules, staleMinutes });
    if (reply.ok) {
      this.rulesError = undefined;
      this.rules = reply.value;
      return;
    }
    this.rulesError = reply.error;
    await this.loadRules();
  }

  /** Accounts whose WebSocket pushes their row now (the rest are polled). */
  get liveCount(): number {
    let n = 0;
    for (const r of this.rows) if (r.feed === 'live') n++;
    return n;
  }

  /**
   * Follows every account live while the board is open: main opens the sockets at the exchange's pace
   * and sends changed rows; the answer is the function that stops it (leaving the board).
   */
  follow(): () => void {
    let stopped = false;
    const followed = this.#api.board.follow();
    return () => {
      if (stopped) return;
      stopped = true;
      void followed.then(() => this.#api.board.unfollow());
    };
  }

  /**
   * Rows drawn again arrive as `board.rows` (a refresh's batches, pushes), each with its orders and
   * positions: only the rows of the accounts that changed. Those that come within one frame are
   * merged together before it is drawn (`schedule`; at once where there are no frames): a desk of
   * 1,000 accounts pushes 100 rows a second, and the board's totals and columns are worked out once a
   * frame, not once a row.
   */
  listen(schedule: (flush: () => void) => void = nextFrame): () => void {
    // what came since the last frame, by account: its newest row, or null when it left the desk
    // (a plain record: nothing on screen reads it)
    let came: Record<string, BoardRowView | null> = {};
    let due = false;
    let stopped = false;
    const flush = (): void => {
      due = false;
      if (stopped) return;
      const changed = Object.values(came).filter((r): r is BoardRowView => r !== null);
      const gone = Object.keys(came).filter((account) => came[account] === null);
      came = {};
      this.merge(changed, gone);
    };
    const stop = this.#api.on('board.rows', (batch) => {
      for (const account of batch.removed ?? []) came[account] = null;
      for (const row of batch.rows) came[row.account] = row;
      if (due) return;
      due = true;
      schedule(flush);
    });
    return () => {
      stopped = true;
      stop();
    };
  }

  /**
   * Replaces the rows of the accounts given (one batch of a refresh, or pushes), adds the rows of
   * accounts new to the desk, and takes off those of accounts `removed` from it.
   */
  merge(rows: readonly BoardRowView[], removed: readonly string[] = []): void {
    const byId: Record<string, BoardRowView> = {};
    for (const r of rows) byId[r.account] = r;
    const shown: Record<string, true> = {};
    const kept = this.rows.flatMap((r) => {
      if (removed.includes(r.account)) return [];
      shown[r.account] = true;
      return [byId[r.account] ?? r];
    });
    const added = rows.filter((r) => !shown[r.account]);
    this.rows = added.length > 0 ? [...kept, ...added] : kept;
  }

  /**
   * Reads every account again; `refreshing` holds until the rows read are the ones on screen (main
   * sends each batch of rows as `board.rows` before it answers).
   */
  async refresh(): Promise<void> {
    this.refreshing = true;
    try {
      const reply = await this.#api.board.refresh();
      if (!reply.ok) this.error = reply.error;
    } finally {
      this.refreshing = false;
    }
  }

  async previewBulk(action: BulkActionView, accountIds: string[], parentId?: string): Promise<void> {
    this.busy = true;
    this.bulkError = undefined;
    const reply = await this.#api.board.previewBulk({
      action,
      accountIds,
      ...(parentId ? { parentId } : {}),
    });
    this.busy = false;
    if (reply.ok) this.preview = reply.value;
    else this.bulkError = reply.error;
  }

  async send(): Promise<void> {
    const preview = this.preview;
    if (!preview || this.unread.length > 0) return;
    this.busy = true;
    this.bulkError = undefined;
    const reply = await this.#api.board.runBulk({ previewId: preview.previewId });
    this.busy = false;
    if (!reply.ok) {
      this.bulkError = reply.error;
      return;
    }
    this.preview = undefined;
    this.results = reply.value;
    // The accounts the action touched are read again, by reads begun after it (a refresh already
    // running is not joined): their rows, the tabs' counts and the grids show what is open now.
    const touched = reply.value.results.map((r) => r.account);
    if (touched.length > 0) {
      this.refreshing = true;
      try {
        const read = await this.#api.board.refresh({ accountIds: touched, fresh: true });
        if (!read.ok) this.error = read.error;
      } finally {
        this.refreshing = false;
      }
    }
  }

  /** The accounts a preview could not read: such a preview cannot be sent (preview again). */
  get unread(): BulkPreviewView['children'] {
    return this.preview?.children.filter((c) => c.problem) ?? [];
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
