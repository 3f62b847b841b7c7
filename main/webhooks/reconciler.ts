/**
 * Webhook delivery is best effort with no replay, so the deposit/withdraw history is the source of
 * truth: for every history record the reconciler derives the event its current state stands for and,
 * when no delivery of that event was stored, stores one itself, marked `source: 'reconciler'`.
 */
import { createHash } from 'node:crypto';
import type { Cache } from '../cache/index.ts';
import { transferMethod, transferStatusWord } from '../exchange/codes.ts';
import * as mainAccount from '../exchange/endpoints/main-account.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';

const EVENTS: Record<1 | 2, Record<string, string>> = {
  1: { pending: 'deposit.accepted', successful: 'deposit.processed', canceled: 'deposit.canceled' },
  2: { pending: 'withdraw.pending', successful: 'withdraw.completed', canceled: 'withdraw.canceled' },
};

/**
 * The event a history record's current state stands for (the state as the exchange numbers it, read
 * in `exchange/codes.ts`), or undefined for a state with none.
 */
export function eventFor(record: { method?: unknown; status?: unknown }): string | undefined {
  const method = transferMethod(record.method);
  const status = transferStatusWord(record.method, record.status);
  if (method === undefined || status === undefined) return undefined;
  return EVENTS[method][status];
}

async function storedKeys(cache: Cache, account: string): Promise<Set<string>> {
  const keys = new Set<string>();
  let before: { receivedAtMs: number; id: string } | undefined;
  for (;;) {
    const page = await cache.webhooks.list({ account, limit: 1000, ...(before ? { before } : {}) });
    for (const e of page) {
      const tx = (e.params as { transactionId?: unknown } | null)?.transactionId;
      if (typeof tx === 'string') keys.add(`${tx} ${e.method}`);
    }
    const last = page.at(-1);
    if (page.length < 1000 || !last) return keys;
    before = { receivedAtMs: last.receivedAtMs, id: last.id };
  }
}

/** Fills in the events of the last `pages` x 100 history records that no delivery brought. */
export async function reconcileWebhooks(options: {
  cache: Cache;
  caller: KeyCaller;
  account: string;
  pages?: number;
  now?: () => number;
}): Promise<number> {
  const { cache, caller, account } = options;
  const have = await storedKeys(cache, account);
  let filled = 0;
  for (let page = 0; page < (options.pages ?? 5); page++) {
    const history = await mainAccount.history(caller, { limit: 100, offset: page * 100 });
    for (const record of history.records) {
      const method = eventFor(record);
      const tx = record.transactionId;
      if (!method || typeof tx !== 'string' || have.has(`${tx} ${method}`)) continue;
      const id = `rec-${createHash('sha256').update(`${account} ${tx} ${method}`).digest('hex').slice(0, 40)}`;
      const { stored } = await cache.webhooks.record({
        id,
        account,
        method,
        // Reconciled events carry no delivery nonce; 0 keeps the deliveries' increasing nonce intact.
        nonce: 0,
        receivedAtMs: (options.now ?? Date.now)(),
        params: { ...record, transactionId: tx, source: 'reconciler' },
      });
      if (stored) filled++;
      have.add(`${tx} ${method}`);
    }
    if (history.records.length < 100) break;
  }
  return filled;
}
