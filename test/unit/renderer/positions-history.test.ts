import { describe, expect, it } from 'vitest';
import type { BorrowView, PositionHistoryView } from '../../../main/ipc/contract.ts';
import { createBridge } from '../../../preload/bridge.ts';
import type { GridColumn } from '../../../renderer/src/lib/managers/data-grid.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import {
  borrowColumns,
  positionColumns,
  PositionsHistory,
} from '../../../renderer/src/views/positions/history-state.svelte.ts';

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';

const record: PositionHistoryView = {
  account: ACCOUNT,
  positionId: 3,
  market: 'BTC_PERP',
  openDate: 1_700_000_000,
  modifyDate: 1_700_000_100.25,
  amount: '-0.01',
  basePrice: '64000',
  realizedFunding: '0',
  liquidationPrice: null,
  liquidationState: null,
  orderDetail: { id: 9, tradeAmount: '0.01', price: '64100', tradeFee: '0.6', realizedPnl: '-1' },
  side: 'BOTH',
  isHedge: false,
};
const borrow: BorrowView = {
  account: ACCOUNT,
  asset: 'USDT',
  amount: '10.01',
  principal: '10',
  interest: '0.01',
  status: 'active',
  timestamp: 1_700_000_050,
  seq: 0,
};

function value<R>(columns: ReadonlyArray<GridColumn<R>>, id: string, row: R): unknown {
  return columns.find((c) => c.id === id)?.value(row);
}

describe('positions and borrow history', () => {
  it('shows the exchange fields, times in milliseconds, a short in the sell colour', () => {
    expect(value(positionColumns, 'time', record)).toBe(1_700_000_100_250);
    expect(value(positionColumns, 'pnl', record)).toBe('-1');
    expect(value(positionColumns, 'price', record)).toBe('64100');
    expect(value(positionColumns, 'liquidation', record)).toBe('');
    const side = positionColumns.find((c) => c.id === 'side');
    expect(side && 'tone' in side ? side.tone?.(record) : undefined).toBe('sell');
    expect(value(borrowColumns, 'time', borrow)).toBe(1_700_000_050_000);
    expect(value(borrowColumns, 'status', borrow)).toBe('active');
  });

  it('loads both grids, keeps a failure as the error state, and syncs the account', async () => {
    const calls: Array<[string, unknown]> = [];
    let failBorrows = false;
    const api = createBridge({
      invoke: async (procedure, input) => {
        calls.push([procedure, input]);
        if (procedure === 'positions.history') return { ok: true, value: [record] };
        if (procedure === 'positions.borrows')
          return failBorrows
            ? { ok: false, error: { code: 'cache_unavailable', message: 'The cache could not be read.' } }
            : { ok: true, value: [borrow] };
        return { ok: true, value: [`positions:${ACCOUNT}`] };
      },
      listen: () => () => undefined,
    });
    const history = new PositionsHistory(api, memoryStore());
    await history.follow(ACCOUNT);
    expect(history.positions.rows).toEqual([record]);
    expect(history.borrows.rows).toEqual([borrow]);
    expect(history.positions.status).toBe('ready');

    failBorrows = true;
    await history.load();
    expect(history.borrows.status).toBe('error');
    expect(history.error?.message).toBe('The cache could not be read.');
    expect(history.positions.status).toBe('ready');

    await history.sync();
    expect(history.syncing).toBe(true);
    expect(calls.at(-1)).toEqual(['sync.start', { accountIds: [ACCOUNT] }]);
    history.stop();
  });
});
