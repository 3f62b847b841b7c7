import { Decimal as DecimalJs } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { FeeRatesView } from '../../../main/ipc/contract.ts';
import { OrderTicket, type TicketTimers } from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';
import { TicketFunds } from '../../../renderer/src/lib/managers/ticket-funds.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';
import { feeRoleOf, orderFee } from '../../../renderer/src/lib/managers/ticket-fee.ts';
import { ORDER_KINDS } from '../../../main/rules/types.ts';

/** Room for every digit of the products below: the reference is exact too. */
const Decimal = DecimalJs.clone({ precision: 200 });
const decimalText = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
  .map(([units, places]) => new Decimal(units.toString()).div(new Decimal(10).pow(places)).toFixed());

describe('the role an order fills in', () => {
  it('a market order takes, a post-only limit order makes, any other limit order may do either', () => {
    expect(feeRoleOf({ kind: 'market' })).toBe('taker');
    expect(feeRoleOf({ kind: 'stop_market', postOnly: true })).toBe('taker');
    expect(feeRoleOf({ kind: 'collateral_trigger_market' })).toBe('taker');
    expect(feeRoleOf({ kind: 'limit', postOnly: true })).toBe('maker');
    expect(feeRoleOf({ kind: 'collateral_limit', postOnly: true })).toBe('maker');
    expect(feeRoleOf({ kind: 'limit' })).toBe('either');
    // a stop-limit order is not post-only, whatever the flag left in the ticket says
    expect(feeRoleOf({ kind: 'stop_limit', postOnly: true })).toBe('either');
    for (const kind of ORDER_KINDS) expect(['maker', 'taker', 'either']).toContain(feeRoleOf({ kind }));
  });
});

describe("an order's fee at the account's rates", () => {
  it('is value × rate / 100 exactly, at the higher rate when the role is not known', () => {
    fc.assert(
      fc.property(decimalText, decimalText, decimalText, (value, maker, taker) => {
        const rates = { maker, taker };
        for (const role of ['maker', 'taker', 'either'] as const) {
          const fee = orderFee(value, rates, role);
          const rate =
            role === 'maker' ? maker : role === 'taker' ? taker : Decimal.max(maker, taker).toFixed();
          expect(fee?.rate).toBe(new Decimal(rate).toFixed());
          expect(new Decimal(fee?.amount ?? 'NaN').eq(new Decimal(value).times(rate).div(100))).toBe(true);
        }
        const either = new Decimal(orderFee(value, rates, 'either')?.amount ?? '0');
        expect(either.gte(orderFee(value, rates, 'maker')?.amount ?? '0')).toBe(true);
        expect(either.gte(orderFee(value, rates, 'taker')?.amount ?? '0')).toBe(true);
      }),
    );
  });

  it('is not worked out from a value or a rate that is not a plain decimal', () => {
    expect(orderFee('1e3', { maker: '0.1', taker: '0.1' }, 'taker')).toBeUndefined();
    expect(orderFee('100', { maker: '-0.1', taker: '0.1' }, 'maker')).toBeUndefined();
    expect(orderFee('100', { maker: '0.1', taker: '' }, 'taker')).toBeUndefined();
    expect(orderFee('250', { maker: '0.08', taker: '0.1' }, 'taker')).toEqual({
      role: 'taker',
      rate: '0.1',
      amount: '0.25',
    });
  });
});

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const still: TicketTimers = { set: () => undefined, clear: () => undefined };

describe("the ticket's fee line", () => {
  it("works the fee out at the account's own rates of the ticket's market, by the role the order fills in", async () => {
    const rates: Record<string, FeeRatesView> = {
      BTC_USDT: { market: 'BTC_USDT', maker: '0.08', taker: '0.1', rpiMakerPremium: '0.015', own: false },
      ETH_USDT: { market: 'ETH_USDT', maker: '0', taker: '0.2', own: true },
    };
    const asked: string[] = [];
    let answerEth: (v: unknown) => void = () => undefined;
    const { api } = fakeBridge((procedure, input) => {
      if (procedure === 'orders.check') {
        const draft = (input as { draft: { amount: string; price?: string } }).draft;
        const value = String(Number(draft.amount) * Number(draft.price ?? '30000'));
        return {
          ok: true,
          value: { issues: [], questions: [], estimate: { source: 'price', base: draft.amount, value } },
        };
      }
      if (procedure === 'orders.feeRates') {
        const market = (input as { market: string }).market;
        asked.push(market);
        if (market === 'ETH_USDT') return new Promise((resolve) => (answerEth = resolve));
        return { ok: true, value: rates[market] };
      }
      return { ok: true, value: { asset: 'USDT', available: '1000', source: 'spot' } };
    });
    const ticket = new OrderTicket(api, still);
    ticket.offerKinds(['limit', 'market', 'stock_market', 'stop_limit', 'stop_market']);
    ticket.setAccount(ACCOUNT);
    ticket.set({ market: 'BTC_USDT', kind: 'limit', side: 'buy', price: '30000', amount: '0.01' });
    const funds = new TicketFunds(api, ticket);
    await funds.refresh(ACCOUNT);
    await ticket.check();
    // a limit order may make or take: at the higher rate, what it pays at most
    await vi.waitFor(() => expect(funds.fee()).toEqual({ role: 'either', rate: '0.1', amount: '0.3' }));
    ticket.set({ postOnly: true });
    await ticket.check();
    expect(funds.fee()).toEqual({ role: 'maker', rate: '0.08', amount: '0.24' });
    // an RPI order's maker rate carries the account's premium
    ticket.set({ rpi: true });
    await ticket.check();
    expect(funds.fee()).toEqual({ role: 'maker', rate: '0.095', amount: '0.285' });
    // a market buy sized in USDT takes
    ticket.set({ kind: 'market', amount: '250' });
    expect(funds.fee()).toEqual({ role: 'taker', rate: '0.1', amount: '0.25' });
    // the rates are read once per account and market, not per keystroke
    await funds.refresh(ACCOUNT);
    expect(asked).toEqual(['BTC_USDT']);

    // another market: no fee at the old market's rates while its own are being read
    ticket.set({ market: 'ETH_USDT', kind: 'market', amount: '100' });
    const reading = funds.refresh(ACCOUNT);
    expect(funds.fee()).toBeUndefined();
    answerEth({ ok: true, value: rates['ETH_USDT'] });
    await reading;
    await vi.waitFor(() => expect(funds.fee()).toEqual({ role: 'taker', rate: '0.2', amount: '0.2' }));
  });

  it('says nothing of a fee when the rates cannot be read, and says why', async () => {
    const { api } = fakeBridge((procedure) =>
      procedure === 'orders.feeRates'
        ? { ok: false, error: { code: 'exchange_unavailable', message: 'The exchange did not answer.' } }
        : { ok: true, value: { asset: 'USDT', available: '1000', source: 'spot' } },
    );
    const ticket = new OrderTicket(api, still);
    ticket.setAccount(ACCOUNT);
    ticket.set({ market: 'BTC_USDT', kind: 'market', side: 'buy', amount: '250' });
    const funds = new TicketFunds(api, ticket);
    await funds.refresh(ACCOUNT);
    await vi.waitFor(() => expect(funds.ratesError?.message).toBe('The exchange did not answer.'));
    expect(funds.fee()).toBeUndefined();
  });
});
