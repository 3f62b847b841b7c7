// A page of deals in a compact form for the trip from the main thread to the writer worker: the
// structured clone of 500 objects of 13 fields costs the worker about 1 us per deal to rebuild, the
// packed form a fraction of that. No repository code here: the main thread loads this file.
import type { DealRecord } from './repos/deals.ts';

/**
 * Numbers per deal in `numbers` (id, time, order id) and text fields per deal, whose lengths are in
 * `lengths` and whose characters follow one another in `text`.
 */
const NUMBERS = 3;
const TEXTS = 10;

export interface PackedDeals {
  count: number;
  numbers: Float64Array;
  lengths: Uint32Array;
  text: string;
}

/**
 * Packs a page when every deal has the plain shape (the right types; values are still checked by the
 * worker), or returns null and the page goes as it is, so a malformed deal is reported exactly as
 * before.
 */
export function packDeals(rows: readonly DealRecord[]): PackedDeals | null {
  if (!Array.isArray(rows)) return null;
  const count = rows.length;
  const numbers = new Float64Array(count * NUMBERS);
  const lengths = new Uint32Array(count * TEXTS);
  const parts: string[] = new Array<string>(count * TEXTS);
  let n = 0;
  let t = 0;
  for (let i = 0; i < count; i++) {
    const d = rows[i];
    if (typeof d !== 'object' || d === null) return null;
    const { id, time, role, orderId, account, market, side, amount, price, deal, fee, feeAsset } = d;
    const clientOrderId = d.clientOrderId;
    if (
      typeof id !== 'number' ||
      typeof time !== 'number' ||
      typeof role !== 'string' ||
      typeof orderId !== 'number' ||
      typeof account !== 'string' ||
      typeof market !== 'string' ||
      typeof side !== 'string' ||
      typeof amount !== 'string' ||
      typeof price !== 'string' ||
      typeof deal !== 'string' ||
      typeof fee !== 'string' ||
      typeof feeAsset !== 'string' ||
      typeof clientOrderId !== 'string'
    ) {
      return null;
    }
    numbers[n++] = id;
    numbers[n++] = time;
    numbers[n++] = orderId;
    for (const s of [account, market, side, role, amount, price, deal, fee, feeAsset, clientOrderId]) {
      lengths[t] = s.length;
      parts[t++] = s;
    }
  }
  return { count, numbers, lengths, text: parts.join('') };
}

/** The deals of a packed page, as `packDeals` read them. */
export function unpackDeals(packed: PackedDeals): DealRecord[] {
  const { count, numbers, lengths, text } = packed;
  const rows = new Array<DealRecord>(count);
  let n = 0;
  let t = 0;
  let at = 0;
  const next = (): string => {
    const end = at + (lengths[t++] as number);
    const s = text.slice(at, end);
    at = end;
    return s;
  };
  for (let i = 0; i < count; i++) {
    const id = numbers[n++] as number;
    const time = numbers[n++] as number;
    const orderId = numbers[n++] as number;
    const account = next();
    const market = next();
    const side = next() as DealRecord['side'];
    const role = next() as DealRecord['role'];
    const amount = next();
    const price = next();
    const deal = next();
    const fee = next();
    const feeAsset = next();
    const clientOrderId = next();
    rows[i] = {
      account,
      market,
      id,
      clientOrderId,
      time,
      side,
      role,
      amount,
      price,
      deal,
      fee,
      orderId,
      feeAsset,
    };
  }
  return rows;
}
