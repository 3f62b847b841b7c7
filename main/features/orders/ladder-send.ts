/**
 * How a checked and confirmed ladder goes out, each order's outcome kept: spot orders in `order/bulk`
 * requests of at most 20; collateral orders (no bulk endpoint takes them) one `order/collateral/limit`
 * request each, paced, through the same send as a ticket's order. A refused order does not stop the
 * others unless the person asked to stop at the first refusal; a rate limit stops the rest (sent
 * again later, on request); a lost answer is looked up by the order's client order id, never sent
 * blindly again.
 */
import * as trading from '../../exchange/endpoints/trading.ts';
import { classifyResponse } from '../../exchange/classify-response.ts';
import { ExchangeError, NetworkError, RateLimitError, TimeoutError } from '../../exchange/errors.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { IpcError } from '../../errors.ts';
import type { BulkOrderOutcomeView } from '../../views/orders.ts';
import { itemFailure } from '../../readable-errors.ts';
import { BULK_LIMIT } from '../../rules/ladder.ts';
import type { OrderDraft } from '../../rules/index.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import { sendDraft } from '../../services/trading/order-requests.ts';

export type Draft = OrderDraft & { price: string; clientOrderId: string };

/** The exchange's code for a position side that does not match the account's mode. */
const POSITION_SIDE_MISMATCH = 114;

function errorOf(error: unknown): IpcError {
  return itemFailure(error, 'The order could not be sent.');
}

const base = (d: Draft, index: number) => ({
  index,
  price: d.price,
  amount: d.amount,
  clientOrderId: d.clientOrderId,
});

function notSent(): IpcError {
  return {
    code: 'not_sent',
    message: 'Not sent: the exchange stopped at an earlier refused order ("stop at the first refusal").',
  };
}

function notSentAfterLimit(): IpcError {
  return {
    code: 'not_sent',
    message:
      'Not sent: the exchange said too many requests at an earlier order, so the rest were held back. Send the failed ones again in a moment.',
  };
}

/** After a lost answer: the order as found by its client order id, or failed (not at the exchange). */
async function lookup(
  connection: ExchangeConnection,
  caller: KeyCaller,
  d: Draft,
  index: number,
): Promise<BulkOrderOutcomeView> {
  try {
    const found = await connection.trading.find(caller, d.market as string, d.clientOrderId);
    if (found?.order) return { ...base(d, index), ok: true, order: found.order, recovered: true };
    if (found) return { ...base(d, index), ok: true, recovered: true };
  } catch (error) {
    return { ...base(d, index), ok: false, error: errorOf(error) };
  }
  return {
    ...base(d, index),
    ok: false,
    error: {
      code: 'answer_lost',
      message:
        "The exchange's answer was lost and the order is not among the open or filled ones: it was not placed. Send it again.",
    },
  };
}

/** Spot orders in bulk requests of at most 20; each order's outcome in order. */
export async function sendBulk(
  connection: ExchangeConnection,
  caller: KeyCaller,
  drafts: readonly Draft[],
  stopOnFail: boolean,
): Promise<BulkOrderOutcomeView[]> {
  const outcomes: BulkOrderOutcomeView[] = [];
  let stopped = false;
  for (let start = 0; start < drafts.length; start += BULK_LIMIT) {
    const chunk = drafts.slice(start, start + BULK_LIMIT);
    if (stopped) {
      for (const [k, d] of chunk.entries())
        outcomes.push({ ...base(d, start + k), ok: false, error: notSent() });
      continue;
    }
    const items = chunk.map((d) => ({
      market: d.market as string,
      side: d.side as 'buy' | 'sell',
      amount: d.amount,
      price: d.price,
      clientOrderId: d.clientOrderId,
      ...(d.postOnly ? { postOnly: true } : {}),
    }));
    try {
      const answers = await trading.bulkLimitOrders(caller, items, stopOnFail);
      for (const [k, d] of chunk.entries()) {
        const answer = answers[k];
        if (answer?.result) outcomes.push({ ...base(d, start + k), ok: true, order: answer.result });
        else if (answer) {
          outcomes.push({
            ...base(d, start + k),
            ok: false,
            error: errorOf(classifyResponse(422, answer.error)),
          });
          if (stopOnFail) stopped = true;
        } else {
          outcomes.push({ ...base(d, start + k), ok: false, error: notSent() });
          stopped = true;
        }
      }
    } catch (error) {
      const lost = error instanceof TimeoutError || error instanceof NetworkError;
      for (const [k, d] of chunk.entries())
        outcomes.push(
          lost
            ? await lookup(connection, caller, d, start + k)
            : { ...base(d, start + k), ok: false, error: errorOf(error) },
        );
      if (!lost && stopOnFail) stopped = true;
    }
  }
  return outcomes;
}

export interface Pacing {
  /**
   * At least this long from one request's answer to the next one's send, so that the exchange
   * receives them at least this far apart whatever each took on its way.
   */
  readonly spacingMs: number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
}

/**
 * Collateral orders one request each, in order, each sent `spacingMs` after the previous one's
 * answer; each order's outcome.
 * A refused order is reported and the next one sent (unless `stopOnFail`); a rate limit holds back
 * the rest.
 */
export async function sendRungs(
  connection: ExchangeConnection,
  caller: KeyCaller,
  drafts: readonly Draft[],
  stopOnFail: boolean,
  pacing: Pacing,
): Promise<BulkOrderOutcomeView[]> {
  const outcomes: BulkOrderOutcomeView[] = [];
  let held: IpcError | undefined;
  let last: number | undefined;
  for (const [index, d] of drafts.entries()) {
    if (held) {
      outcomes.push({ ...base(d, index), ok: false, error: held });
      continue;
    }
    if (last !== undefined) {
      const wait = last + pacing.spacingMs - pacing.now();
      if (wait > 0) await pacing.sleep(wait);
    }
    try {
      outcomes.push({ ...base(d, index), ok: true, order: await sendDraft(caller, d) });
    } catch (error) {
      if (error instanceof TimeoutError || error instanceof NetworkError) {
        outcomes.push(await lookup(connection, caller, d, index));
        continue;
      }
      if (error instanceof ExchangeError && error.exchangeCode === POSITION_SIDE_MISMATCH)
        connection.trading.forgetHedgeMode(caller.credentials.apiKey);
      outcomes.push({ ...base(d, index), ok: false, error: errorOf(error) });
      if (error instanceof RateLimitError) held = notSentAfterLimit();
      else if (stopOnFail) held = notSent();
    } finally {
      last = pacing.now();
    }
  }
  return outcomes;
}
