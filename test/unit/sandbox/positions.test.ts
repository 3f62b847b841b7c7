import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Positions, liquidationPrice } from '../../../main/sandbox/collateral/positions.ts';
import type { Order } from '../../../main/sandbox/engine/order.ts';
import { createState } from '../../../main/sandbox/fixture.ts';

function setup() {
  const state = createState(1, () => 1_800_000_000_000);
  const positions = new Positions(state);
  const acc = state.accounts.get('acc-2');
  const m = state.markets.get('ETH_PERP');
  if (!acc || !m) throw new Error('fixture');
  acc.collateral.set('USDT', new Decimal(10_000));
  let id = 1;
  const fill = (side: 'buy' | 'sell', qty: string, price: string) => {
    const o = { id: id++, side, positionSide: 'BOTH' } as Order;
    // ETH_PERP: stockPrec 3, moneyPrec 2
    return positions.fill(
      o,
      acc,
      BigInt(Math.round(Number(price) * 100)),
      BigInt(Math.round(Number(qty) * 1000)),
      '0.001',
      m,
    );
  };
  return { state, positions, acc, fill };
}

describe('sandbox collateral positions', () => {
  it('averages the base price on increase and realizes PnL on reduce, fees on the collateral balance', () => {
    const { positions, acc, fill } = setup();
    fill('buy', '1', '100');
    fill('buy', '1', '120');
    const p = positions.get(acc.id, 'ETH_PERP', 'BOTH');
    expect(p?.amount.toFixed()).toBe('2');
    expect(p?.basePrice.toFixed()).toBe('110');
    const fee = fill('sell', '1', '130');
    expect(fee.feeAsset).toBe('USDT');
    expect(fee.fee).toBe(130_000_000_000_000_000n); // 0.13 USDT in 10^-18 units
    expect(p?.realizedPnl.toFixed()).toBe('20');
    // 10000 - fees (0.1 + 0.12 + 0.13) + pnl 20
    expect(acc.collateral.get('USDT')?.toFixed()).toBe('10019.65');
  });

  it('flips through zero into a new position and repays the old borrow', () => {
    const { positions, acc, fill } = setup();
    fill('buy', '1', '100');
    const first = positions.get(acc.id, 'ETH_PERP', 'BOTH');
    fill('sell', '3', '90');
    const second = positions.get(acc.id, 'ETH_PERP', 'BOTH');
    expect(second?.positionId).not.toBe(first?.positionId);
    expect(second?.amount.toFixed()).toBe('-2');
    expect(second?.basePrice.toFixed()).toBe('90');
    expect(first?.borrow?.status).toBe('repaid');
    expect(second?.borrow).toMatchObject({ asset: 'ETH', status: 'active', principal: '2' });
    const closing = positions.history
      .map((h) => h.record)
      .find((r) => r['positionId'] === first?.positionId && r['amount'] === '0');
    expect(closing).toMatchObject({ side: 'BOTH', isHedge: false, liquidationPrice: null });
  });

  it('puts the liquidation price below a long and above a short', () => {
    const { positions, acc, fill } = setup();
    fill('buy', '1', '100');
    const long = positions.get(acc.id, 'ETH_PERP', 'BOTH');
    expect(Number(liquidationPrice(long as NonNullable<typeof long>, 10))).toBeCloseTo(90.5, 6);
    fill('sell', '2', '100');
    const short = positions.get(acc.id, 'ETH_PERP', 'BOTH');
    expect(Number(liquidationPrice(short as NonNullable<typeof short>, 10))).toBeCloseTo(109.5, 6);
  });
});
