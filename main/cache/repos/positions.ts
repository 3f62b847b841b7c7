import { z } from 'zod';
import { prepared, type ReadableDB, type WritableDB } from '../db.ts';
import { toMicros } from './deal-filter.ts';
import { forgetKeys, refFor } from './deal-keys.ts';
import { dayOf, markDealChanges } from './deal-rollup.ts';
import { parseInput } from './parse.ts';
import { accountName, decimalString, unixSeconds } from './schemas.ts';

const nullableDecimal = decimalString.nullable();

/** A position history record as the exchange sends it, plus the account it belongs to. */
export const positionRecordSchema = z.object({
  account: accountName,
  positionId: z.number().int().nonnegative(),
  market: z.string().min(1).max(64),
  openDate: unixSeconds,
  modifyDate: unixSeconds,
  amount: decimalString,
  basePrice: decimalString,
  realizedFunding: decimalString,
  liquidationPrice: nullableDecimal,
  liquidationState: z.enum(['margin_call', 'liquidation']).nullable(),
  /** The order that changed the position; its id is the record's identity within the position. */
  orderDetail: z.object({
    id: z.number().int().nonnegative(),
    tradeAmount: decimalString,
    price: decimalString,
    tradeFee: decimalString,
    fundingFee: nullableDecimal.optional(),
    realizedPnl: nullableDecimal.optional(),
  }),
  side: z.enum(['LONG', 'SHORT', 'BOTH']),
  isHedge: z.boolean(),
});
export type PositionRecord = z.infer<typeof positionRecordSchema>;

/**
 * Stores position history records; one row per (account, position, order that changed it), the
 * exchange's own identity of a record, so records of one position sharing a modify time stay apart.
 * A record seen again replaces the stored one (the exchange's latest word wins), so overlapping sync
 * windows leave no double.
 */
export function upsertPositions(db: WritableDB, records: readonly PositionRecord[]): { stored: number } {
  const rows = parseInput(z.array(positionRecordSchema), records, 'positions');
  const statement = prepared(
    db,
    `INSERT INTO positions_history (account, position_id, modify_us, market, open_us, side, is_hedge, amount,
       base_price, realized_funding, liquidation_price, liquidation_state, order_id, trade_amount, trade_price,
       trade_fee, funding_fee, realized_pnl)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (account, position_id, order_id) DO UPDATE SET
       modify_us = excluded.modify_us, market = excluded.market, open_us = excluded.open_us,
       side = excluded.side, is_hedge = excluded.is_hedge,
       amount = excluded.amount, base_price = excluded.base_price, realized_funding = excluded.realized_funding,
       liquidation_price = excluded.liquidation_price, liquidation_state = excluded.liquidation_state,
       trade_amount = excluded.trade_amount, trade_price = excluded.trade_price,
       trade_fee = excluded.trade_fee, funding_fee = excluded.funding_fee, realized_pnl = excluded.realized_pnl`,
  );
  const known = prepared(
    db,
    'SELECT 1 FROM positions_history WHERE account = ? AND position_id = ? AND order_id = ?',
  ).pluck();
  // a new record may tell the ledger an order's deals belong to a position: its day is marked changed
  const earliest = new Map<number, Map<number, number>>();
  const write = db.transaction(() => {
    for (const r of rows) {
      const o = r.orderDetail;
      if (known.get(r.account, r.positionId, o.id) === undefined) {
        const accountRef = refFor(db, 'account', r.account);
        const byMarket = earliest.get(accountRef) ?? new Map<number, number>();
        earliest.set(accountRef, byMarket);
        const marketRef = refFor(db, 'market', r.market);
        const day = dayOf(toMicros(r.modifyDate));
        byMarket.set(marketRef, Math.min(day, byMarket.get(marketRef) ?? day));
      }
      statement.run(
        r.account,
        r.positionId,
        toMicros(r.modifyDate),
        r.market,
        toMicros(r.openDate),
        r.side,
        r.isHedge ? 1 : 0,
        r.amount,
        r.basePrice,
        r.realizedFunding,
        r.liquidationPrice,
        r.liquidationState,
        o.id,
        o.tradeAmount,
        o.price,
        o.tradeFee,
        o.fundingFee ?? null,
        o.realizedPnl ?? null,
      );
    }
    markDealChanges(db, earliest);
  });
  try {
    write();
  } catch (error) {
    forgetKeys(db); // names it cached for rows that were rolled back
    throw error;
  }
  return { stored: rows.length };
}

const querySchema = z.strictObject({
  account: accountName,
  market: z.string().min(1).optional(),
  positionId: z.number().int().nonnegative().optional(),
  from: unixSeconds.optional(),
  to: unixSeconds.optional(),
  /** Keyset: records older than this (modify time in microseconds, position id, order id). */
  before: z
    .strictObject({ modifyUs: z.number().int(), positionId: z.number().int(), orderId: z.number().int() })
    .optional(),
  limit: z.number().int().min(1).max(1000).default(200),
});
export type PositionQuery = z.input<typeof querySchema>;

interface PositionRow {
  account: string;
  position_id: number;
  modify_us: number;
  market: string;
  open_us: number;
  side: PositionRecord['side'];
  is_hedge: number;
  amount: string;
  base_price: string;
  realized_funding: string;
  liquidation_price: string | null;
  liquidation_state: PositionRecord['liquidationState'];
  order_id: number;
  trade_amount: string;
  trade_price: string;
  trade_fee: string;
  funding_fee: string | null;
  realized_pnl: string | null;
}

function toRecord(r: PositionRow): PositionRecord {
  return {
    account: r.account,
    positionId: r.position_id,
    market: r.market,
    openDate: r.open_us / 1e6,
    modifyDate: r.modify_us / 1e6,
    amount: r.amount,
    basePrice: r.base_price,
    realizedFunding: r.realized_funding,
    liquidationPrice: r.liquidation_price,
    liquidationState: r.liquidation_state,
    orderDetail: {
      id: r.order_id,
      tradeAmount: r.trade_amount,
      price: r.trade_price,
      tradeFee: r.trade_fee,
      fundingFee: r.funding_fee,
      realizedPnl: r.realized_pnl,
    },
    side: r.side,
    isHedge: r.is_hedge === 1,
  };
}

/**
 * Position history of an account, newest first, keyset paged by (modify time, position id, order id):
 * records of one position sharing a modify time come in the order the exchange numbered their orders,
 * the later order first.
 */
export function listPositions(db: ReadableDB, query: PositionQuery): PositionRecord[] {
  const q = parseInput(querySchema, query, 'query');
  const parts = ['account = ?'];
  const params: unknown[] = [q.account];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (q.market !== undefined) add('market = ?', q.market);
  if (q.positionId !== undefined) add('position_id = ?', q.positionId);
  if (q.from !== undefined) add('modify_us >= ?', toMicros(q.from));
  if (q.to !== undefined) add('modify_us < ?', toMicros(q.to));
  if (q.before)
    add(
      '(modify_us, position_id, order_id) < (?, ?, ?)',
      q.before.modifyUs,
      q.before.positionId,
      q.before.orderId,
    );
  params.push(q.limit);
  const rows = prepared(
    db,
    `SELECT * FROM positions_history WHERE ${parts.join(' AND ')} ORDER BY modify_us DESC, position_id DESC, order_id DESC LIMIT ?`,
  ).all(...params) as PositionRow[];
  return rows.map(toRecord);
}

/**
 * The realized PnL of every position change since `from` (unix seconds), of the given accounts (all
 * when none are given): one read for a whole desk, summed by the caller with decimal math.
 */
export function realizedPnlSince(
  db: ReadableDB,
  from: number,
  accounts?: readonly string[],
): Array<{ account: string; realizedPnl: string }> {
  const since = toMicros(parseInput(unixSeconds, from, 'from'));
  const wanted = accounts ? new Set(parseInput(z.array(accountName), accounts, 'accounts')) : undefined;
  const rows = prepared(
    db,
    `SELECT account, realized_pnl AS realizedPnl FROM positions_history
     WHERE modify_us >= ? AND realized_pnl IS NOT NULL`,
  ).all(since) as Array<{ account: string; realizedPnl: string }>;
  return wanted ? rows.filter((r) => wanted.has(r.account)) : rows;
}
