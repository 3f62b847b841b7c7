/**
 * The convert's quote and its confirmation against the sandbox, through the client functions: a quote
 * answers the ask, confirming it moves exactly what it quoted, a quote is confirmed once, and one past
 * its time is refused by the exchange (the clock of the client and the sandbox moved together).
 */
import { Decimal } from 'decimal.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import { ExchangeError } from '../../../main/exchange/errors.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  vi.useRealTimers();
});

async function mainBalance(c: ReturnType<Harness['as']>, ticker: string): Promise<Decimal> {
  return new Decimal((await mainAccount.balance(c, ticker))[ticker]?.main_balance ?? '0');
}

describe('convert quote and confirm', () => {
  it('quotes what was asked, and its confirmation moves exactly the quoted amounts, once', async () => {
    h = await startHarness();
    const c = h.as('main');
    const before = { usdt: await mainBalance(c, 'USDT'), btc: await mainBalance(c, 'BTC') };
    const quote = await mainAccount.convertEstimate(c, {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '50',
    });
    expect(quote).toMatchObject({ from: 'USDT', to: 'BTC', give: '50' });
    expect(quote.id).toMatch(/^\d+$/);
    expect(new Decimal(quote.receive).gt(0)).toBe(true);
    // the rate is BTC per USDT, and the quote holds about 10 s
    const error = new Decimal(quote.rate).times(quote.give).minus(quote.receive).abs();
    expect(error.lte(new Decimal(quote.give).times('1e-8').plus('1e-8'))).toBe(true);
    expect(quote.expireAt * 1000 - Date.now()).toBeLessThanOrEqual(10_000);
    const done = await mainAccount.convertConfirm(c, quote.id);
    expect(done).toMatchObject({ finalGive: quote.give, finalReceive: quote.receive });
    expect(before.usdt.minus(await mainBalance(c, 'USDT')).toFixed()).toBe(new Decimal(quote.give).toFixed());
    expect((await mainBalance(c, 'BTC')).minus(before.btc).toFixed()).toBe(
      new Decimal(quote.receive).toFixed(),
    );
    const after = await mainBalance(c, 'USDT');
    const again = await mainAccount.convertConfirm(c, quote.id).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ExchangeError);
    expect((again as ExchangeError).fields).toHaveProperty('quoteId');
    expect((await mainBalance(c, 'USDT')).toFixed()).toBe(after.toFixed());
  });

  it('quotes an amount to receive exactly', async () => {
    h = await startHarness();
    const quote = await mainAccount.convertEstimate(h.as('main'), {
      from: 'USDT',
      to: 'BTC',
      direction: 'to',
      amount: '0.001',
    });
    expect(new Decimal(quote.receive).eq('0.001')).toBe(true);
    expect(new Decimal(quote.give).gt(0)).toBe(true);
  });

  it('refuses a quote confirmed after it expired, moving nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    h = await startHarness({ now: () => Date.now() });
    const c = h.as('main');
    const quote = await mainAccount.convertEstimate(c, {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '20',
    });
    const before = await mainBalance(c, 'USDT');
    vi.setSystemTime(quote.expireAt * 1000 + 1_000);
    const late = await mainAccount.convertConfirm(c, quote.id).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(ExchangeError);
    expect(late).toMatchObject({ exchangeCode: 20 });
    expect((late as ExchangeError).fields).toHaveProperty('quoteId');
    expect(await mainBalance(c, 'USDT')).toEqual(before);
  });
});
