/**
 * Converts as the exchange publishes them: a quote holds 10 s and is confirmed once; what it moves on
 * the main balance is what it said; its refusals carry the published codes and message keys.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Harness } from './support.ts';

let h: Harness;
let now = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  h = await start({ seed: 64, now: () => now });
});
afterAll(async () => {
  await h.sandbox.close();
});

const main = () => h.client('main');
const balance = async (ticker: string): Promise<string> =>
  (
    (await main().post('/api/v4/main-account/balance', { ticker })).body as Record<
      string,
      { main_balance: string }
    >
  )[ticker]?.main_balance ?? '';

describe('convert', () => {
  it('moves exactly what the confirmed quote said, once', async () => {
    const [usdt, btc] = [await balance('USDT'), await balance('BTC')];
    const quote = await main().post('/api/v4/convert/estimate', {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '100',
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body).toMatchObject({
      from: 'USDT',
      to: 'BTC',
      give: '100',
      expireAt: Math.floor(now / 1000) + 10,
    });
    const done = await main().post('/api/v4/convert/confirm', { quoteId: quote.body.id });
    expect(done.body).toEqual({ finalGive: '100', finalReceive: quote.body.receive });
    expect(new Decimal(await balance('USDT')).toFixed()).toBe(new Decimal(usdt).minus(100).toFixed());
    expect(new Decimal(await balance('BTC')).toFixed()).toBe(
      new Decimal(btc).plus(quote.body.receive).toFixed(),
    );
    const again = await main().post('/api/v4/convert/confirm', { quoteId: quote.body.id });
    expect([again.status, again.body]).toEqual([
      422,
      {
        code: 0,
        message: 'Validation failed',
        errors: { quoteId: ['frontendServerSide.converter.quoteInvalid'] },
      },
    ]);
    const history = await main().post('/api/v4/convert/history', {});
    expect(JSON.stringify(history.body)).toContain(quote.body.receive as string);
  });

  it('takes the amount to receive, written with thousands commas as the published example is', async () => {
    const quote = await main().post('/api/v4/convert/estimate', {
      from: 'USDT',
      to: 'BTC',
      direction: 'to',
      amount: '0.001',
    });
    expect(quote.body).toMatchObject({ receive: '0.001' });
    const commas = await main().post('/api/v4/convert/estimate', {
      from: 'BTC',
      to: 'USDT',
      direction: 'to',
      amount: '1,000.5',
    });
    expect(commas.body).toMatchObject({ receive: '1000.5' });
  });

  it('refuses an expired quote (20), a balance short of the quote (37), and bad fields (30, 0)', async () => {
    const quote = await main().post('/api/v4/convert/estimate', {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '10',
    });
    now += 11_000;
    const late = await main().post('/api/v4/convert/confirm', { quoteId: quote.body.id });
    expect([late.status, late.body]).toEqual([
      400,
      { code: 20, message: 'Validation failed', errors: { quoteId: ['api.converter.quoteExpired'] } },
    ]);
    const rich = await main().post('/api/v4/convert/estimate', {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '99999999999',
    });
    expect([rich.status, rich.body]).toMatchObject([
      400,
      { code: 37, errors: { amount: ['validation.balance'] } },
    ]);
    const direction = await main().post('/api/v4/convert/estimate', {
      from: 'USDT',
      to: 'BTC',
      direction: 'sideways',
      amount: '1',
    });
    expect(direction.body).toMatchObject({ code: 30, errors: { direction: expect.any(Array) } });
    const pair = await main().post('/api/v4/convert/estimate', {
      from: 'USDT',
      to: 'USDT',
      direction: 'from',
      amount: '1',
    });
    expect(pair.body).toMatchObject({ code: 0, errors: { from: ['Conversion markets not available'] } });
    const missing = await main().post('/api/v4/convert/estimate', {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
    });
    expect(missing.body).toMatchObject({ code: 30, errors: { amount: ['validation.required'] } });
    const word = await main().post('/api/v4/convert/confirm', { quoteId: 'abc' });
    expect(word.body).toMatchObject({ code: 30, errors: { quoteId: ['validation.numeric_integer'] } });
    const other = await h.client('sub-alpha').post('/api/v4/convert/confirm', { quoteId: quote.body.id });
    expect(other.body).toMatchObject({
      code: 0,
      errors: { quoteId: ['frontendServerSide.converter.quoteInvalid'] },
    });
  });
});
