/**
 * The velocity budget, run through main's real gate (`services/trading/order-gate.ts`) on a hand-turned clock:
 * whatever stream of orders arrives (sizes, gaps, answers, several at once), no order is counted that
 * takes the account's last minute past the budget unless the person was asked about it and said yes;
 * a declined order counts nothing; an order that passes nothing is never asked about.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeyCaller } from '../../../main/exchange/endpoints/shapes.ts';
import { Dec } from '../../../main/rules/decimal.ts';
import { DEFAULT_GUARDS, velocityQuestion } from '../../../main/rules/guards.ts';
import type { OrderDraft } from '../../../main/rules/types.ts';
import { sentWithin, VELOCITY_WINDOW_MS, type SentValue } from '../../../main/rules/velocity.ts';
import { OrderGate } from '../../../main/services/trading/order-gate.ts';

const BUDGET = 1000;
const settings = { ...DEFAULT_GUARDS, equityPct: '', velocityPct: '', velocityCeiling: String(BUDGET) };
const caller = { credentials: { apiKey: 'key-1' } } as KeyCaller;
/** An order worth `value` USDT. */
const order = (value: number): OrderDraft => ({
  kind: 'limit',
  market: 'BTC_USDT',
  side: 'buy',
  amount: '1',
  price: String(value),
});

/** One order of the stream: ms after the previous one, its value, the answer if asked, and whether its review saw the budget's question already (else the gate finds it itself). */
const step = fc.record({
  gap: fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 70_000 })),
  value: fc.integer({ min: 1, max: 600 }),
  yes: fc.boolean(),
  reviewed: fc.boolean(),
});

function world() {
  let now = 0;
  const gate = new OrderGate(() => now);
  gate.useGuardSettings(() => settings);
  const asked: number[] = [];
  let answer = true;
  gate.useGuardQuestions((q) => {
    asked.push(now);
    expect(q.facts.some((f) => f.label === 'Orders this minute')).toBe(true);
    return Promise.resolve(answer);
  });
  return {
    gate,
    advance: (ms: number) => (now += ms),
    at: () => now,
    answer: (yes: boolean) => (answer = yes),
    asked,
  };
}

const question = () => ({
  title: 'Send?',
  facts: [{ label: 'Orders this minute', value: '' }],
  action: 'Send',
});

describe('the velocity budget, order by order', () => {
  it('counts nothing past the budget unasked, nothing declined, and asks nothing within it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        const w = world();
        const counted: SentValue[] = [];
        for (const s of steps) {
          w.advance(s.gap);
          w.answer(s.yes);
          const before = sentWithin(counted, w.at());
          const passes = before.add(s.value).gt(BUDGET);
          const draft = order(s.value);
          const reviewed = velocityQuestion(draft, settings, { recent: w.gate.recent(caller) });
          const questions = s.reviewed && reviewed ? [reviewed] : [];
          const askedBefore = w.asked.length;
          const result = await w.gate.admit(caller, draft, {}, questions, {}, question).then(
            () => 'counted' as const,
            () => 'declined' as const,
          );
          const wasAsked = w.asked.length > askedBefore;
          // asked exactly when it passes the budget; counted unless declined
          expect(wasAsked).toBe(passes);
          expect(result).toBe(passes && !s.yes ? 'declined' : 'counted');
          if (result === 'counted') counted.push({ at: w.at(), usdt: new Dec(s.value) });
          expect(w.gate.recent(caller).toFixed()).toBe(sentWithin(counted, w.at()).toFixed());
        }
      }),
      { numRuns: 300 },
    );
  });

  it('orders sent at once cannot pass it together unasked: each is checked as it is counted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 2, maxLength: 12 }),
        async (values) => {
          const w = world();
          w.answer(false);
          // every review ran before any was counted: none of them saw a question
          const results = await Promise.allSettled(
            values.map((v) => w.gate.admit(caller, order(v), {}, [], {}, question)),
          );
          const counted = values.filter((_, i) => results[i]?.status === 'fulfilled');
          expect(counted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(BUDGET);
          expect(w.gate.recent(caller).toNumber()).toBe(counted.reduce((a, b) => a + b, 0));
          // each declined order was asked about: it would have passed the budget
          expect(w.asked).toHaveLength(values.length - counted.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a batch order its one question did not ask about is refused, unasked, when it would pass', async () => {
    const w = world();
    await w.gate.admit(caller, order(900), {}, [], {}, question);
    const refused = w.gate.admit(
      caller,
      order(200),
      {},
      [],
      { confirmed: new Set(['price_band']) },
      question,
    );
    await expect(refused).rejects.toMatchObject({ code: 'needs_confirmation' });
    expect(w.asked).toEqual([]);
    // its question named the budget: it goes
    await w.gate.admit(caller, order(200), {}, [], { confirmed: new Set(['velocity']) }, question);
    expect(w.gate.recent(caller).toNumber()).toBe(1100);
    // a minute on, the window is empty again
    w.advance(VELOCITY_WINDOW_MS);
    expect(w.gate.recent(caller).toNumber()).toBe(0);
  });
});
