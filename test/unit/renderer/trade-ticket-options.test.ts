import { describe, expect, it } from 'vitest';
import { createBridge } from '../../../preload/bridge.ts';
import {
  describeOrder,
  draftOf,
  emptyFields,
  needsPrice,
  OrderTicket,
} from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';

describe('the ticket options each kind of order takes', () => {
  it('sends post-only, IOC, RPI and retail with a limit order only', () => {
    const f = { ...emptyFields('BTC_USDT'), amount: '1', price: '5', rpi: true, retail: true, ioc: true };
    expect(draftOf(f)).toEqual({
      kind: 'limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '1',
      price: '5',
      ioc: true,
      rpi: true,
      retail: true,
    });
    expect(describeOrder(f)).toBe('Buy 1 BTC at 5 (… USDT) — limit, IOC, RPI, retail');
    const stop = draftOf({ ...f, kind: 'stop_limit', activationPrice: '6' });
    expect(stop).toEqual({
      kind: 'stop_limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '1',
      price: '5',
      activation_price: '6',
    });
  });

  it('asks for the best price with bboRole, the price then being optional', () => {
    const f = { ...emptyFields('BTC_USDT'), amount: '1', bboRole: '2' as const };
    expect(needsPrice(f)).toBe(false);
    expect(needsPrice({ ...f, bboRole: '' })).toBe(true);
    expect(draftOf(f)).toEqual({ kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '1', bboRole: 2 });
    expect(describeOrder(f)).toBe('Buy 1 BTC at the best opposite price (… USDT) — limit');
    expect(describeOrder({ ...f, bboRole: '1', side: 'sell' })).toBe(
      'Sell 1 BTC at the best price on its side (… USDT) — limit',
    );
    expect(draftOf({ ...f, kind: 'market' })).toEqual({
      kind: 'market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '1',
    });
  });

  it('sends an OCO with its three prices and no TP/SL, and a collateral limit with its flags but no retail', () => {
    const f = {
      ...emptyFields('BTC_PERP'),
      kind: 'collateral_oco' as const,
      side: 'sell' as const,
      amount: '0.002',
      price: '65000',
      activationPrice: '62000',
      stopLimitPrice: '61900',
      reduceOnly: true,
      takeProfit: '70000',
    };
    expect(draftOf(f)).toEqual({
      kind: 'collateral_oco',
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.002',
      price: '65000',
      activation_price: '62000',
      stop_limit_price: '61900',
      reduceOnly: true,
    });
    expect(describeOrder(f)).toBe(
      'Sell 0.002 BTC at 65,000, or at 61,900 once the price reaches 62,000 (… USDT) — collateral OCO, reduce-only',
    );
    const limit = {
      ...f,
      kind: 'collateral_limit' as const,
      postOnly: true,
      retail: true,
      stopLoss: '60000',
    };
    expect(draftOf(limit)).toEqual({
      kind: 'collateral_limit',
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.002',
      price: '65000',
      postOnly: true,
      reduceOnly: true,
      takeProfit: '70000',
      stopLoss: '60000',
    });
  });

  it('sends position side, reduce-only and the TP/SL legs with a collateral market order only', () => {
    const f = {
      ...emptyFields('BTC_PERP'),
      kind: 'collateral_market' as const,
      amount: '0.01',
      positionSide: 'LONG' as const,
      takeProfit: ' 70000 ',
      stopLoss: '60000',
    };
    expect(draftOf(f)).toEqual({
      kind: 'collateral_market',
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.01',
      positionSide: 'LONG',
      takeProfit: '70000',
      stopLoss: '60000',
    });
    expect(describeOrder(f)).toBe('Buy 0.01 BTC (… USDT) — collateral market, LONG, TP 70,000, SL 60,000');
    expect(draftOf({ ...f, kind: 'limit', price: '1' })).toEqual({
      kind: 'limit',
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.01',
      price: '1',
    });
  });

  it('is ready without a price when the best price is asked for, and a suggestion fixes TP/SL and side', () => {
    const api = createBridge({
      invoke: async () => ({ ok: true, value: [] }),
      listen: () => () => undefined,
    });
    const ticket = new OrderTicket(api, { set: () => 0, clear: () => undefined });
    ticket.set({ market: 'BTC_USDT', amount: '1' });
    expect(ticket.ready).toBe(false);
    ticket.set({ bboRole: '1' });
    expect(ticket.ready).toBe(true);
    ticket.set({ kind: 'collateral_market' });
    ticket.apply('takeProfit', '70000.1');
    ticket.apply('stopLoss', '60000');
    ticket.apply('positionSide', 'SHORT');
    ticket.apply('positionSide', 'sideways');
    expect([ticket.fields.takeProfit, ticket.fields.stopLoss, ticket.fields.positionSide]).toEqual([
      '70000.1',
      '60000',
      'SHORT',
    ]);
  });
});
