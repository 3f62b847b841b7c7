// The rules of the collateral kinds beyond the market order: which fields and flags each takes, an
// OCO's legs on their sides of the market, and an entry's TP/SL measured against its own price.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkOrder, type MarketRules, type OrderDraft } from '../../../main/rules/index.ts';

const PERP: MarketRules = {
  name: 'BTC_PERP',
  type: 'futures',
  stockPrec: 4,
  moneyPrec: 2,
  minAmount: '0.0001',
  minTotal: '5',
  maxTotal: '0',
  tickSize: '0.1',
  stepSize: '0.0001',
};
const market = { price: '64260', name: 'the mark price' };
const oco: OrderDraft = {
  kind: 'collateral_oco',
  market: 'BTC_PERP',
  side: 'sell',
  amount: '0.001',
  price: '66000',
  activation_price: '63000',
  stop_limit_price: '62900',
};
const fields = (draft: OrderDraft, account = {}) => checkOrder(draft, PERP, account).map((i) => i.field);

describe('collateral limit, stop-limit, trigger-market and OCO', () => {
  it('takes the fields and flags of its kind, and refuses the others', () => {
    const limit: OrderDraft = {
      kind: 'collateral_limit',
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      price: '60000',
    };
    expect(fields({ ...limit, postOnly: true, rpi: false, positionSide: 'LONG', reduceOnly: false })).toEqual(
      [],
    );
    expect(fields({ ...limit, retail: true })).toEqual(['retail']);
    expect(fields({ ...limit, price: undefined })).toEqual(['price']);
    expect(fields({ ...limit, bboRole: 1, price: undefined })).toEqual([]);
    expect(fields({ ...limit, stop_limit_price: '1' })).toEqual(['stop_limit_price']);
    const trigger: OrderDraft = {
      kind: 'collateral_trigger_market',
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.001',
      activation_price: '60000',
    };
    expect(fields(trigger)).toEqual([]);
    expect(fields({ ...trigger, price: '60000' })).toEqual(['price']);
    expect(fields({ ...trigger, postOnly: true })).toEqual(['postOnly']);
    expect(fields({ ...trigger, activation_price: undefined })).toEqual(['activation_price']);
    expect(fields(oco)).toEqual([]);
    expect(fields({ ...oco, stop_limit_price: undefined })).toEqual(['stop_limit_price']);
    expect(fields({ ...oco, stop_limit_price: '62900.05' })).toEqual(['stop_limit_price']);
    expect(fields({ ...oco, takeProfit: '70000' })).toEqual(['takeProfit']);
  });

  it('an OCO’s limit leg lies beyond the market on its side and its stop short of it, or it is refused', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy', 'sell'),
        fc.integer({ min: 50_000, max: 80_000 }),
        fc.integer({ min: 50_000, max: 80_000 }),
        (side, limit, trigger) => {
          const draft = {
            ...oco,
            side,
            price: String(limit),
            activation_price: String(trigger),
            stop_limit_price: String(trigger),
          };
          const got = fields(draft, { referencePrice: market });
          const sell = side === 'sell';
          const expected = [
            ...((sell ? limit > 64260 : limit < 64260) ? [] : ['price']),
            ...((sell ? trigger < 64260 : trigger > 64260) ? [] : ['activation_price']),
          ];
          expect(got).toEqual(expected);
        },
      ),
    );
  });

  it('measures an entry’s TP/SL against its own price: the limit price, a trigger-market’s trigger', () => {
    const limit: OrderDraft = {
      kind: 'collateral_limit',
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      price: '60000',
    };
    // above the limit price but below the market: a take-profit of this long entry is right
    expect(fields({ ...limit, takeProfit: '62000', stopLoss: '59000' }, { referencePrice: market })).toEqual(
      [],
    );
    expect(checkOrder({ ...limit, takeProfit: '59500' }, PERP, { referencePrice: market })).toEqual([
      {
        field: 'takeProfit',
        message: "Take-profit must be above 60,000, the order's price, for a long position.",
      },
    ]);
    const trigger: OrderDraft = {
      kind: 'collateral_trigger_market',
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.001',
      activation_price: '60000',
    };
    expect(fields({ ...trigger, stopLoss: '59000' })).toEqual(['stopLoss']);
    expect(fields({ ...trigger, stopLoss: '61000', takeProfit: '58000' })).toEqual([]);
  });

  it('a reduce-only resting order needs a position on the other side', () => {
    const limit: OrderDraft = {
      kind: 'collateral_limit',
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.001',
      price: '66000',
      reduceOnly: true,
    };
    expect(fields(limit, { position: null })).toEqual(['reduceOnly']);
    expect(fields(limit, { position: { amount: '0.002' } })).toEqual([]);
    // a sell OCO cannot reduce a short: it is on the short's own side
    expect(fields({ ...oco, reduceOnly: true }, { position: { amount: '-0.002' } })).toEqual(['side']);
  });
});
