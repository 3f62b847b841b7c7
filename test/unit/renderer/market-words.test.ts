/** What the ticket says of its market: steps and minimums, and an announced delisting. */
import { describe, expect, it } from 'vitest';
import type { MarketView } from '../../../main/ipc/contract.ts';
import { rememberMarkets, stepOf, tickOf } from '../../../renderer/src/lib/format/market-steps.svelte.ts';
import { delistingNotice, marketHint } from '../../../renderer/src/lib/format/market-words.ts';

const market = (patch: Partial<MarketView>): MarketView => ({
  name: 'LTC_USDT',
  base: 'LTC',
  quote: 'USDT',
  type: 'spot',
  stockPrec: 4,
  moneyPrec: 3,
  minAmount: '0.01',
  minTotal: '1',
  maxTotal: '0',
  tickSize: '0.01',
  stepSize: '0.001',
  isTradFiFutures: false,
  orderKinds: ['limit'],
  ...patch,
});

describe("the ticket's words of its market", () => {
  it('names the tick and step, or the last place of the precision where the market lists none', () => {
    expect(marketHint(market({}))).toBe('tick 0.01 · step 0.001 · min amount 0.01 · min total 1');
    expect(marketHint(market({ tickSize: '', stepSize: '0' }))).toBe(
      'tick 0.001 · step 0.0001 · min amount 0.01 · min total 1',
    );
    expect(marketHint(market({ tickSize: '', stockPrec: 0 }))).toMatch(/^tick 0\.001 · step 0\.001 /);
    expect(marketHint(market({ stepSize: '', stockPrec: 0 }))).toMatch(/ · step 1 · /);
    expect(marketHint(undefined)).toBe('');
  });

  it("writes every screen's prices and amounts to those steps", () => {
    rememberMarkets([market({ tickSize: '', stepSize: '' }), market({ name: 'BTC_USDT' })]);
    expect([tickOf('LTC_USDT'), stepOf('LTC_USDT')]).toEqual(['0.001', '0.0001']);
    expect([tickOf('BTC_USDT'), stepOf('BTC_USDT')]).toEqual(['0.01', '0.001']);
  });

  it('says an announced delisting with its date, that it may move, and what it does to open orders', () => {
    expect(delistingNotice(market({}))).toBe('');
    const text = delistingNotice(market({ delistedAtMs: Date.UTC(2028, 0, 1) }));
    expect(text).toMatch(/^LTC_USDT is to be delisted on 20(27-12-31|28-01-01) \d\d:\d\d:\d\d, /);
    expect(text).toContain('(the date may move)');
    expect(text).toContain('its open orders are cancelled');
  });
});
