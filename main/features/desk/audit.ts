/**
 * The audit log of desk batches: every batch goes to it with its parent id and each child's outcome
 * before it is answered (error codes and ids only, never free text).
 */
import type { BatchRecord, Cache } from '../../cache/index.ts';
import type { IpcError } from '../../errors.ts';
import type { BulkChildResultView, DeskChildResult } from '../../views/board.ts';
import type { BatchOutcome, SweepLegView } from '../../views/subaccounts.ts';
import { newParentId } from './desk.ts';

type Child = BatchRecord['children'][number];

/** An id the audit log accepts, or nothing (the log never stores free text). */
const safeRef = (value: unknown): string | undefined => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(text) ? text : undefined;
};

function child(account: string, ok: boolean, error?: IpcError, childRef?: unknown, detail?: unknown): Child {
  const ref = safeRef(childRef);
  const made = safeRef(detail);
  const code = error && /^[a-z0-9_]{1,64}$/.test(error.code) ? error.code : 'internal';
  return {
    account,
    outcome: ok ? 'ok' : 'failed',
    ...(ref ? { childRef: ref } : {}),
    ...(ok ? {} : { errorCode: code }),
    ...(made ? { detail: made } : {}),
  };
}

export class BatchAudit {
  readonly #cache: Cache;

  constructor(cache: Cache) {
    this.#cache = cache;
  }

  /** The client order ids an earlier send of a batch (same parent id) made: looked up, not sent again. */
  async sentBefore(parentId: string): Promise<Set<string>> {
    const earlier = await this.#cache.batches.list({ parentId });
    return new Set(earlier.flatMap((b) => b.children.flatMap((c) => c.childRef ?? [])));
  }

  orders(parentId: string, results: readonly DeskChildResult[]): Promise<void> {
    return this.#record(
      parentId,
      'order',
      results.map((r) => child(r.account, r.ok, r.error, r.clientOrderId, r.result?.order?.orderId)),
    );
  }

  permissions(results: readonly BatchOutcome[]): Promise<void> {
    return this.#record(
      newParentId('txp'),
      'permissions',
      results.map((r) => child(r.account, r.ok, r.error)),
    );
  }

  sweep(results: ReadonlyArray<SweepLegView & BatchOutcome & { transactionId?: string }>): Promise<void> {
    return this.#record(
      newParentId('txw'),
      'sweep',
      results.map((r) => child(r.account, r.ok, r.error, r.subAccountId, r.transactionId)),
    );
  }

  /** A bulk action: each account's outcome, under the batch's parent id (re-sends share it). */
  bulk(
    parentId: string,
    kind: 'cancel_orders' | 'close_positions' | 'flatten',
    results: readonly BulkChildResultView[],
  ): Promise<void> {
    return this.#record(
      parentId,
      kind,
      results.map((r) =>
        child(r.account, r.ok, r.error, undefined, `${String(r.cancelled)}c${String(r.closed)}p`),
      ),
    );
  }

  async #record(parentId: string, kind: BatchRecord['kind'], children: Child[]): Promise<void> {
    if (children.length > 0) await this.#cache.batches.record({ parentId, kind, atMs: Date.now(), children });
  }
}
