/**
 * The exchange speaks in numbers where the app speaks in words: on the WebSocket an order's side
 * (1 sell, 2 buy) and type (1 limit, 2 market, ...), a deal's role (1 maker, 2 taker), an order event
 * (1 new, 2 update, 3 finish), a position event (1 margin call, 2 liquidation); on REST the state of a
 * deposit or withdrawal. This is the one place those numbers become the words the app uses; every
 * reader asks here. Each reader also takes the word
 * itself and a number sent as a digit string (`"2"`, as some copies of the feed show), so the same
 * function reads every copy.
 */

import type { DealRole } from './records.ts';

export type SideWord = 'buy' | 'sell';

/** 1 sell, 2 buy. */
const SIDES: Readonly<Record<number, SideWord>> = { 1: 'sell', 2: 'buy' };

/**
 * Order type numbers of the WebSocket, as the words REST uses for the same order (a collateral limit
 * order is a `limit` there too; its `positionSide` tells it apart).
 */
const ORDER_TYPES: Readonly<Record<number, string>> = {
  1: 'limit',
  2: 'market',
  202: 'stock market',
  3: 'stop limit',
  4: 'stop market',
  7: 'limit',
  8: 'market',
  9: 'stop limit',
  10: 'stop market',
  14: 'normalization',
};

/** The REST words of an order type, for a type the app does not know by number. */
const TYPE_WORDS: ReadonlySet<string> = new Set(Object.values(ORDER_TYPES));

/** 1 maker (the order rested on the book), 2 taker (it took from the book). */
const DEAL_ROLES: Readonly<Record<1 | 2, DealRole>> = { 1: 'maker', 2: 'taker' };

export type OrderEventWord = 'new' | 'update' | 'finish';
const ORDER_EVENTS: Readonly<Record<number, OrderEventWord>> = { 1: 'new', 2: 'update', 3: 'finish' };

export type MarginEventWord = 'marginCall' | 'liquidation';
const MARGIN_EVENTS: Readonly<Record<number, MarginEventWord>> = { 1: 'marginCall', 2: 'liquidation' };

/** Finished-order status numbers of older `ordersExecuted` records: 1 finished, 2 cancelled. */
const FINISHED_STATUSES: Readonly<Record<number, string>> = { 1: 'FILLED', 2: 'CANCELED' };

/** A whole number sent as a JSON number or as a digit string; undefined otherwise. */
export function codeOf(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isInteger(v) ? v : undefined;
  if (typeof v === 'string' && /^\d{1,9}$/.test(v)) return Number(v);
  return undefined;
}

/** A side: 1 sell, 2 buy (number or digit string), or the word itself; undefined otherwise. */
export function sideWord(v: unknown): SideWord | undefined {
  if (v === 'buy' || v === 'sell') return v;
  const code = codeOf(v);
  return code === undefined ? undefined : SIDES[code];
}

/**
 * An order type as REST names it: a known number becomes its word, a word REST uses stays, and a type
 * the app has no word for reads `other` (the order is still shown, not dropped); undefined when it is
 * neither a number nor a word.
 */
export function orderTypeWord(v: unknown): string | undefined {
  if (typeof v === 'string' && TYPE_WORDS.has(v)) return v;
  const code = codeOf(v);
  if (code !== undefined) return ORDER_TYPES[code] ?? 'other';
  return typeof v === 'string' && v !== '' ? 'other' : undefined;
}

/** Whether an order of this type (a word of `orderTypeWord`) has no limit price of its own. */
export function isPriceless(type: string): boolean {
  return type === 'market' || type === 'stock market' || type === 'stop market';
}

/** 1 new, 2 update, 3 finish. */
export function orderEventWord(v: unknown): OrderEventWord | undefined {
  const code = codeOf(v);
  return code === undefined ? undefined : ORDER_EVENTS[code];
}

/** A deal's role: 1 maker, 2 taker (number or digit string), or the word itself; undefined otherwise. */
export function dealRole(v: unknown): DealRole | undefined {
  if (v === 'maker' || v === 'taker') return v;
  const code = codeOf(v);
  return code === 1 || code === 2 ? DEAL_ROLES[code] : undefined;
}

/** The role of a deal REST numbered (its schema admits only 1 and 2). */
export function dealRoleOf(code: 1 | 2): DealRole {
  return DEAL_ROLES[code];
}

/** A `positionsAccountMargin` event: 1 margin call, 2 liquidation. */
export function marginEventWord(v: unknown): MarginEventWord | undefined {
  const code = codeOf(v);
  return code === undefined ? undefined : MARGIN_EVENTS[code];
}

/**
 * An order's status as the app keeps it. The spec names an open order `NEW` on the WebSocket and the
 * published examples `OPEN`: both read `NEW`. Older finished records number it (1 finished, 2
 * cancelled). Other words are kept as sent; undefined when there is none.
 */
export function orderStatusWord(v: unknown): string | undefined {
  if (v === 'OPEN' || v === 'NEW') return 'NEW';
  if (typeof v === 'string') return v === '' ? undefined : v;
  const code = codeOf(v);
  return code === undefined ? undefined : FINISHED_STATUSES[code];
}

/**
 * Deposit and withdrawal history (`main-account/history`) numbers its states by method (1 deposit,
 * 2 withdrawal), as the exchange's tables list them; each reads as the word the app shows.
 */
const TRANSFER_STATES: Readonly<Record<1 | 2, Readonly<Record<number, string>>>> = {
  1: {
    3: 'successful',
    7: 'successful',
    4: 'canceled',
    9: 'canceled',
    5: 'unconfirmed',
    15: 'pending',
    21: 'frozen',
    22: 'uncredited',
    27: 'awaiting verification',
    28: 'verifying',
  },
  2: {
    ...Object.fromEntries([1, 2, 6, 10, 11, 12, 13, 14, 15, 16, 17].map((code) => [code, 'pending'])),
    3: 'successful',
    7: 'successful',
    4: 'canceled',
    5: 'unconfirmed',
    18: 'partially successful',
    21: 'frozen',
  },
};

/** 1 deposit, 2 withdrawal (number or digit string). */
export function transferMethod(v: unknown): 1 | 2 | undefined {
  const code = codeOf(v);
  return code === 1 || code === 2 ? code : undefined;
}

/**
 * The state of a deposit or withdrawal as a word: its number under the record's method; a word sent as
 * such stays; a number the tables do not list reads `unknown`; undefined when there is no state.
 */
export function transferStatusWord(method: unknown, status: unknown): string | undefined {
  if (typeof status === 'string' && !/^\d+$/.test(status)) return status === '' ? undefined : status;
  const code = codeOf(status);
  const m = transferMethod(method);
  if (code === undefined) return undefined;
  return (m === undefined ? undefined : TRANSFER_STATES[m][code]) ?? 'unknown';
}
