import type { BatchRecordView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { settled } from './errors.ts';

export const BATCH_PAGE = 20;

/** A batch's report as a person reads it: failures first, each group keeping its order. */
export function failuresFirst<T extends { ok: boolean }>(rows: readonly T[]): T[] {
  return [...rows.filter((r) => !r.ok), ...rows.filter((r) => r.ok)];
}

/**
 * Counts of a batch's children by outcome. A batch sent again under its parent id holds one row per
 * attempt: each child (account and child id) counts once, as ok when any attempt of it succeeded.
 */
export function batchCounts(b: BatchRecordView): { ok: number; failed: number; attempts: number } {
  const okByChild: Record<string, boolean> = {};
  for (const c of b.children) {
    const key = `${c.account} ${c.childRef ?? ''}`;
    okByChild[key] = (okByChild[key] ?? false) || c.outcome === 'ok';
  }
  const outcomes = Object.values(okByChild);
  const ok = outcomes.filter(Boolean).length;
  return { ok, failed: outcomes.length - ok, attempts: b.children.length };
}

/** The audit log of desk batches, newest first, paged by time. */
export class BatchLog {
  batches = $state<BatchRecordView[]>([]);
  loading = $state(false);
  loaded = $state(false);
  loadingOlder = $state(false);
  hasOlder = $state(false);
  error = $state<IpcError | undefined>();
  expanded = $state<string[]>([]);
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async refresh(): Promise<void> {
    this.loading = true;
    const reply = await this.#api.board.batches({ limit: BATCH_PAGE });
    this.loading = false;
    if (!settled(reply, (error) => (this.error = error))) return;
    this.loaded = true;
    this.batches = reply.value;
    this.hasOlder = reply.value.length === BATCH_PAGE;
  }

  async older(): Promise<void> {
    const last = this.batches[this.batches.length - 1];
    if (!last || this.loadingOlder) return;
    this.loadingOlder = true;
    const reply = await this.#api.board.batches({ beforeMs: last.atMs, limit: BATCH_PAGE });
    this.loadingOlder = false;
    if (!settled(reply, (error) => (this.error = error))) return;
    const known = this.batches.map((b) => b.parentId);
    this.batches = [...this.batches, ...reply.value.filter((b) => !known.includes(b.parentId))];
    this.hasOlder = reply.value.length === BATCH_PAGE;
  }

  isExpanded(parentId: string): boolean {
    return this.expanded.includes(parentId);
  }

  toggle(parentId: string): void {
    this.expanded = this.isExpanded(parentId)
      ? this.expanded.filter((p) => p !== parentId)
      : [...this.expanded, parentId];
  }
}
