/**
 * The convert's quote as main takes it from the exchange and states it: a quote of anything but the
 * pair and amount asked is refused; what the review shows is the exchange's amounts and rate as they
 * came (never recomputed); the question names those same numbers, grouped, and closes when the quote
 * expires, which is never later than the published 10 s after it was asked.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../main/rules/decimal.ts';
import {
  QUOTE_LIFE_MS,
  convertQuestion,
  quoteView,
  secondsLeft,
} from '../../../main/services/wallet/convert-quote.ts';

const amount = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.bigInt({ min: 0n, max: 10n ** 8n - 1n }))
  .map(([i, f]) => (f === 0n ? String(i) : `${String(i)}.${String(f).padStart(8, '0').replace(/0+$/, '')}`))
  .filter((a) => new Dec(a).gt(0));
const ticker = fc.constantFrom('USDT', 'BTC', 'ETH', 'XRP');
const asked = fc.record({
  from: ticker,
  to: ticker,
  direction: fc.constantFrom('from' as const, 'to' as const),
  amount,
});

const grouping = (s: string) => {
  const [int = '', frac] = s.split('.');
  const g = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? g : `${g}.${frac}`;
};

describe('a convert quote', () => {
  it('is shown and asked about exactly as the exchange quoted the ask', () => {
    fc.assert(
      fc.property(
        asked,
        amount,
        amount,
        fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }),
        fc.integer({ min: -30_000, max: 30_000 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        (ask, other, rate, expireAt, skewMs, id) => {
          const give = ask.direction === 'from' ? ask.amount : other;
          const receive = ask.direction === 'to' ? ask.amount : other;
          const askedAt = expireAt * 1000 - 10_000 + skewMs;
          const quote = { id: String(id), from: ask.from, to: ask.to, give, receive, rate, expireAt };
          const view = quoteView(ask, quote, askedAt);
          expect(view).toEqual({
            quoteId: String(id),
            from: ask.from,
            to: ask.to,
            direction: ask.direction,
            give,
            receive,
            rate,
            expiresAtMs: Math.min(expireAt * 1000, askedAt + QUOTE_LIFE_MS),
          });
          expect(view.expiresAtMs - askedAt).toBeLessThanOrEqual(QUOTE_LIFE_MS);
          const q = convertQuestion('Desk A', view, askedAt);
          expect(q.title).toBe(`Convert ${grouping(give)} ${ask.from} to ${grouping(receive)} ${ask.to}?`);
          expect(q.facts.slice(1, 4)).toEqual([
            { label: 'You give', value: `${grouping(give)} ${ask.from}` },
            { label: 'You receive', value: `${grouping(receive)} ${ask.to}` },
            { label: 'Rate', value: `1 ${ask.from} = ${grouping(rate)} ${ask.to}` },
          ]);
          expect(q.closesAtMs).toBe(view.expiresAtMs);
          expect(q.facts[4]?.value).toMatch(new RegExp(`in ${String(secondsLeft(view, askedAt))} s$`));
        },
      ),
    );
  });

  it('is refused when it is not of the pair or the amount asked', () => {
    fc.assert(
      fc.property(asked, amount, amount, fc.constantFrom('pair', 'amount'), (ask, other, rate, wrong) => {
        fc.pre(wrong === 'pair' || !new Dec(other).eq(ask.amount));
        const fixed = wrong === 'amount' ? other : ask.amount;
        const quote = {
          id: '1',
          from: wrong === 'pair' ? `${ask.from}X` : ask.from,
          to: ask.to,
          give: ask.direction === 'from' ? fixed : other,
          receive: ask.direction === 'to' ? fixed : other,
          rate,
          expireAt: 1_800_000_000,
        };
        expect(() => quoteView(ask, quote, 1_800_000_000_000)).toThrow(/not the convert asked for/);
      }),
    );
  });

  it('counts whole seconds left down, never more than it has', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        (expiresAtMs, now) => {
          const left = secondsLeft({ expiresAtMs }, now);
          expect(left * 1000).toBeLessThanOrEqual(Math.max(0, expiresAtMs - now));
          expect(left).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
