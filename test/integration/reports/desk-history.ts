/**
 * A small desk's history written straight into a core's archive, and its figures summed by hand: three
 * accounts (A spot on BTC_USDT with a fee taken in BTC, B a perpetual position that closes, flips and
 * is liquidated, C a sale with no purchase in the archive), their funding, closed positions as the
 * exchange states them (one of them a few cents off the deals), balance snapshots, a deposit and a
 * transfer, the desk's last prices and B's open position.
 */
import type { Cache, DealRecord, PositionRecord, VaultRecord } from '../../../main/cache/index.ts';
import type { Core } from '../../../main/core.ts';

export const DAY = 86_400;
/** 2026-03-02, 2026-03-03, 2026-04-10 (UTC), as Unix seconds of midnight. */
export const D1 = Date.UTC(2026, 2, 2) / 1000;
export const D2 = Date.UTC(2026, 2, 3) / 1000;
export const D3 = Date.UTC(2026, 3, 10) / 1000;
export const H = 3600;

export interface Desk {
  a: string;
  b: string;
  c: string;
}

function deal(
  account: string,
  market: string,
  id: number,
  time: number,
  side: 'buy' | 'sell',
  amount: string,
  price: string,
  value: string,
  fee: string,
  feeAsset: string,
  orderId = id,
): DealRecord {
  return {
    account,
    market,
    id,
    clientOrderId: '',
    time,
    side,
    role: 'taker',
    amount,
    price,
    deal: value,
    fee,
    orderId,
    feeAsset,
  };
}

function position(
  account: string,
  positionId: number,
  orderId: number,
  time: number,
  amount: string,
  detail: { qty: string; price: string; fee: string; pnl: string | null },
  liquidation = false,
): PositionRecord {
  return {
    account,
    positionId,
    market: 'BTC_PERP',
    openDate: time,
    modifyDate: time,
    amount,
    basePrice: amount === '0' ? '0' : detail.price,
    realizedFunding: '0',
    liquidationPrice: null,
    liquidationState: liquidation ? 'liquidation' : null,
    orderDetail: {
      id: orderId,
      tradeAmount: detail.qty,
      price: detail.price,
      tradeFee: detail.fee,
      fundingFee: null,
      realizedPnl: detail.pnl,
    },
    side: 'BOTH',
    isHedge: false,
  };
}

const closed = (
  account: string,
  positionId: number,
  gross: string,
  funding: string,
  open: number,
  close: number,
): VaultRecord => ({
  account,
  kind: 'closed_pnl',
  key: String(positionId),
  time: close,
  record: {
    positionId,
    market: 'BTC_PERP',
    grossPnl: gross,
    netPnl: (Number(gross) - Number(funding)).toFixed(2),
    totalTradeFee: '0',
    totalFunding: funding,
    avgEntryPrice: '0',
    avgExitPrice: '0',
    closedSize: '0',
    amount: '0',
    side: 'BOTH',
    isHedge: false,
    openDate: open,
    closeDate: close,
  },
});

const funding = (account: string, time: number, amount: string): VaultRecord => ({
  account,
  kind: 'funding',
  key: `BTC_PERP|${String(time)}|0.1`,
  time,
  record: {
    market: 'BTC_PERP',
    fundingTime: time,
    fundingRate: '0.0001',
    fundingAmount: amount,
    positionAmount: '0.1',
    settlementPrice: '60000',
  },
});

export async function writeDesk(core: Core): Promise<Desk> {
  const registry = core.accounts.registry;
  const connection = core.connection.id;
  const add = (
    label: string,
    kind: 'main' | 'sub',
    extra: { subAccountId?: string; groups?: string[] } = {},
  ) =>
    registry.add({
      label,
      kind,
      apiKey: `key-${label.replace(/\W/g, '')}`,
      secret: '0123456789abcdef0123456789abcdef',
      connection,
      ...extra,
    });
  const a = (await add('Desk A', 'main')).id;
  const b = (await add('Desk B', 'sub', { subAccountId: 'sub-b', groups: ['g1'] })).id;
  const c = (await add('Desk C', 'sub', { subAccountId: 'sub-c', groups: ['g1'] })).id;
  const cache: Cache = core.cache;
  await cache.deals.upsert([
    deal(a, 'BTC_USDT', 1, D1 + 10 * H, 'buy', '0.5', '60000', '30000', '0.0005', 'BTC'),
    deal(a, 'BTC_USDT', 2, D1 + 11 * H, 'buy', '0.5', '62000', '31000', '31', 'USDT'),
    deal(a, 'BTC_USDT', 3, D2 + 9 * H, 'sell', '0.6', '63000', '37800', '37.8', 'USDT'),
    deal(a, 'BTC_USDT', 4, D3 + 9 * H, 'sell', '0.3995', '61000', '24369.5', '24.3695', 'USDT'),
    deal(b, 'BTC_PERP', 11, D1 + 12 * H, 'buy', '0.1', '60000', '6000', '3', 'USDT', 101),
    deal(b, 'BTC_PERP', 12, D2 + 10 * H, 'sell', '0.1', '61000', '6100', '3.05', 'USDT', 102),
    deal(b, 'BTC_PERP', 13, D2 + 11 * H, 'sell', '0.2', '61000', '12200', '6.1', 'USDT', 103),
    deal(b, 'BTC_PERP', 14, D3 + 10 * H, 'buy', '0.3', '59000', '17700', '8.85', 'USDT', 104),
    deal(c, 'ETH_USDT', 21, D3 + 12 * H, 'sell', '1', '3000', '3000', '3', 'USDT'),
  ]);
  await cache.positions.upsert([
    position(b, 1, 101, D1 + 12 * H, '0.1', { qty: '0.1', price: '60000', fee: '3', pnl: null }),
    position(b, 1, 102, D2 + 10 * H, '0', { qty: '0.1', price: '61000', fee: '3.05', pnl: '100' }),
    position(b, 2, 103, D2 + 11 * H, '-0.2', { qty: '0.2', price: '61000', fee: '6.1', pnl: null }),
    position(b, 2, 104, D3 + 10 * H, '0', { qty: '0.2', price: '59000', fee: '5.9', pnl: '400' }),
    position(b, 3, 104, D3 + 10 * H, '0.1', { qty: '0.1', price: '59000', fee: '2.95', pnl: null }),
    position(b, 3, 0, D3 + 11 * H, '0', { qty: '0.1', price: '50000', fee: '0', pnl: '-900' }, true),
  ]);
  await cache.vault.upsert([
    closed(b, 1, '93.95', '0.4', D1 + 12 * H, D2 + 10 * H),
    closed(b, 2, '388', '0', D2 + 11 * H, D3 + 10 * H),
    // the exchange's figure for the liquidated position is 5 cents off the deals: shown, not hidden
    closed(b, 3, '-903', '0', D3 + 10 * H, D3 + 11 * H),
    funding(b, D1 + 20 * H, '-0.6'),
    funding(b, D2 + 4 * H, '0.2'),
    {
      account: a,
      kind: 'wallet',
      key: '1:dep-1',
      time: D1 + 23 * H,
      record: {
        method: 1,
        ticker: 'USDT',
        amount: '100',
        status: 3,
        createdAt: D1 + 23 * H,
        transactionId: 'dep-1',
      },
    },
    {
      account: a,
      kind: 'transfers',
      key: 'tr-1',
      time: D2 + 1 * H,
      record: {
        id: 'tr-1',
        direction: 'main_to_sub',
        currency: 'USDT',
        amount: '50',
        createdAt: D2 + H,
        subAccountId: 'sub-b',
      },
    },
  ]);
  const snapshot = (
    account: string,
    kind: 'withdrawable' | 'trade' | 'collateral',
    at: number,
    entries: Array<[string, string, string]>,
  ) =>
    cache.balances.record({
      account,
      kind,
      takenAtMs: at * 1000,
      entries: entries.map(([ticker, field, amount]) => ({ ticker, field, amount })),
    });
  await snapshot(a, 'withdrawable', D1, [['*', 'totalBalanceStable', '1000']]);
  await snapshot(a, 'withdrawable', D2, [['*', 'totalBalanceStable', '1100']]);
  await snapshot(b, 'withdrawable', D1 + 12 * H, [['*', 'totalBalanceStable', '500']]);
  await snapshot(a, 'trade', D1, [
    ['BTC', 'available', '0.4'],
    ['USDT', 'available', '500'],
  ]);
  await snapshot(a, 'trade', D2, [
    ['BTC', 'available', '0.5'],
    ['USDT', 'available', '600'],
  ]);
  await snapshot(b, 'collateral', D1 + 12 * H, [['USDT', 'balance', '500']]);
  await cache.lastKnown.put([
    {
      account: 'desk',
      kind: 'desk.prices',
      scope: '',
      takenAtMs: D2 * 1000,
      value: { assets: { BTC: '60000' }, marks: { BTC_PERP: '61000' } },
    },
    {
      account: b,
      kind: 'positions.open',
      scope: '',
      takenAtMs: D2 * 1000,
      value: [{ positionId: 2, market: 'BTC_PERP', amount: '-0.2' }],
    },
  ]);
  return { a, b, c };
}
