import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFilePath, openWritable } from '../../../main/cache/open.ts';
import { migrations } from '../../../main/cache/migrations/index.ts';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import { syncPositions, positionsJob } from '../../../main/sync/positions.ts';
import { startHarness, type Harness } from '../exchange/support.ts';
import { useCaches } from './fixtures.ts';

const ACCOUNT = 'sub-alpha';
let h: Harness;
/** While set, the sandbox clock stands still, so every position change in between shares one time. */
let frozen: number | undefined;

beforeAll(async () => {
  h = await startHarness({ now: () => frozen ?? Date.now(), simulate: false });
});
afterAll(async () => {
  frozen = undefined;
  await h?.close();
});

const caches = useCaches();

describe('position history repair (file at schema version 5 with folded rows)', () => {
  it('after the migration and one sync every record is back and the last one says the position is closed', async () => {
    const c = h.as(ACCOUNT);
    frozen = Date.now();
    for (const [side, amount] of [
      ['buy', '0.006'],
      ['sell', '0.002'],
      ['sell', '0.004'],
    ] as const) {
      await collateral.collateralMarketOrder(c, { market: 'ETH_PERP', side, amount });
    }
    frozen = undefined;
    const exchange = await collateral.positionsHistory(c, { market: 'ETH_PERP' });
    expect(exchange).toHaveLength(3);
    expect(new Set(exchange.map((r) => r.modifyDate)).size).toBe(1);

    // What version 5 left after syncing that history: one row per (account, position, modify time),
    // the last copy written (the oldest record, the exchange answering newest first) winning.
    const file = cacheFilePath(caches.dataDir(), 'desk');
    const old = openWritable(file, { migrations: migrations.slice(0, 5) }).db;
    const insert = old.prepare(
      `INSERT OR REPLACE INTO positions_history (account, position_id, modify_us, market, open_us, side, is_hedge,
         amount, base_price, realized_funding, liquidation_price, liquidation_state, order_id, trade_amount,
         trade_price, trade_fee, funding_fee, realized_pnl)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const r of exchange) {
      insert.run(
        ACCOUNT,
        r.positionId,
        Math.round(r.modifyDate * 1e6),
        r.market,
        Math.round(r.openDate * 1e6),
        r.side,
        r.isHedge ? 1 : 0,
        r.amount,
        r.basePrice,
        r.realizedFunding,
        r.liquidationPrice,
        r.liquidationState,
        r.orderDetail.id,
        r.orderDetail.tradeAmount,
        r.orderDetail.price,
        r.orderDetail.tradeFee,
        r.orderDetail.fundingFee,
        r.orderDetail.realizedPnl,
      );
    }
    const top = Math.floor(Date.now() / 1000);
    old
      .prepare(`INSERT INTO sync_checkpoints VALUES (?, ?, ?)`)
      .run(
        positionsJob(ACCOUNT),
        JSON.stringify({ phase: 'idle', syncedUntil: top, end: 0, floor: 0, top }),
        1,
      );
    expect(old.prepare('SELECT amount FROM positions_history').all()).toEqual([{ amount: '0.006' }]);
    old.close();

    const cache = await caches.open();
    expect(cache.migration?.applied).toEqual([
      '0006-position-order-key',
      '0007-webhook-events-per-account',
      '0008-last-known',
      '0009-deal-role-words',
      '0010-team-log',
      '0011-history-vault',
      '0012-ledger-rollups',
    ]);
    expect(await cache.checkpoints.load(positionsJob(ACCOUNT))).toBeNull();
    await syncPositions({ cache, caller: c, account: ACCOUNT });

    const cached = await cache.positions.list({ account: ACCOUNT, market: 'ETH_PERP' });
    expect(cached.map(({ account, ...r }) => (account === ACCOUNT ? r : null))).toEqual(exchange);
    expect(cached[0]?.amount).toBe('0');
    const realized = (rows: ReadonlyArray<{ orderDetail: { realizedPnl?: string | null } }>) =>
      rows.reduce((sum, r) => sum.plus(r.orderDetail.realizedPnl ?? 0), new Decimal(0)).toFixed();
    expect(realized(cached)).toBe(realized(exchange));
    expect(realized(cached)).not.toBe('0');
  });
});
