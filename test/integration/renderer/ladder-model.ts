/**
 * The ladder as a command of the model-based ticket sequences: on whatever market and side the ticket
 * is at (BTC_PERP among them), a ladder typed around the market, previewed by main, and sent with
 * main's one question confirmed or declined. What is signed is what the preview showed, row for row:
 * on a perpetual each rung its own collateral limit request, on spot the rows in bulk requests;
 * nothing is signed when the question was declined, and nothing clearly beyond a guard unasked.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { ReceivedRequest } from '../../../main/sandbox/index.ts';
import type { LadderTicket } from '../../../renderer/src/lib/managers/ladder.svelte.ts';
import type { OrderTicket } from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';
import type { ScriptedDesktop } from '../../support/desktop.ts';

export interface LadderWorld {
  readonly desktop: ScriptedDesktop;
  /** Order requests the sandbox received, each with the guards its own state says it is beyond. */
  readonly received: ReadonlyArray<{ request: ReceivedRequest; beyond: string[] }>;
  /** The middle of a market's book now. */
  readonly midOf: (market: string) => number;
  /** The markets as main lists them (their ticks). */
  readonly markets: () => ReadonlyArray<{ name: string; tickSize: string }>;
  /** Called after a send (the book may have moved). */
  readonly sent: () => void;
}

interface Held {
  ticket: OrderTicket;
  ladder: LadderTicket;
}

/**
 * A ladder command over the ticket's market and side (`account` is who the person trades as), and
 * how many ladders it signed on a perpetual and on spot.
 */
export function ladderCommand<M extends { account: string }, R extends Held>(
  world: LadderWorld,
): { command: fc.Arbitrary<fc.AsyncCommand<M, R>>; signed: { perp: number; spot: number } } {
  const ladders = { perp: 0, spot: 0 };
  const command = fc
    .record({
      factor: fc.constantFrom(0.95, 0.99, 1.01, 1.3),
      count: fc.constantFrom('2', '3'),
      size: fc.constantFrom('0.003', '0.01', '0.5'),
      answer: fc.boolean(),
    })
    .map(({ factor, count, size, answer }) => ({
      check: () => true,
      toString: () =>
        `ladder of ${count} (${size}, at ${String(factor)}×), ${answer ? 'confirmed' : 'declined'}`,
      run: async (m: M, r: R) => {
        const market = r.ticket.fields.market;
        const tick = Number(world.markets().find((x) => x.name === market)?.tickSize || '0.01');
        const places = Math.max(0, -Math.floor(Math.log10(tick)));
        const onTick = (f: number) => (Math.round((world.midOf(market) * f) / tick) * tick).toFixed(places);
        r.ladder.setAccount(m.account);
        r.ladder.setMarket(market);
        r.ladder.set({
          side: r.ticket.fields.side,
          lowPrice: onTick(factor * 0.99),
          highPrice: onTick(factor),
          orderCount: count,
          totalAmount: size,
        });
        await r.ladder.check();
        const shown = r.ladder.preview;
        if (!shown || !r.ladder.ready) return;
        const asked = world.desktop.confirmations.length;
        const from = world.received.length;
        world.desktop.confirmAnswer = answer;
        try {
          await r.ladder.place(m.account);
        } finally {
          world.desktop.confirmAnswer = true;
          world.sent();
        }
        const questions = world.desktop.confirmations.length - asked;
        const sent = world.received.slice(from);
        expect(questions).toBeLessThanOrEqual(1);
        if (!answer || questions === 0) {
          expect(sent).toEqual([]);
          return;
        }
        // what is signed is the preview's rows, each once, on the market and side it showed
        const perp = market.endsWith('_PERP');
        expect(shown.collateral).toBe(perp);
        const signed = sent.flatMap(({ request }) => {
          expect(request.path).toBe(perp ? '/api/v4/order/collateral/limit' : '/api/v4/order/bulk');
          const bodies = perp ? [request.body] : (request.body['orders'] as Array<Record<string, unknown>>);
          return bodies.map((b) => ({
            market: b['market'],
            side: b['side'],
            price: b['price'],
            amount: b['amount'],
          }));
        });
        expect(signed).toEqual(
          shown.orders.map((o) => ({ market, side: shown.side, price: o.price, amount: o.amount })),
        );
        if (sent.length > 0) ladders[perp ? 'perp' : 'spot']++;
        // a rung clearly beyond a guard went only because main asked and the answer was yes
        for (const { beyond } of sent)
          if (beyond.length > 0) expect({ questions, answer }).toEqual({ questions: 1, answer: true });
      },
    }));
  return { command, signed: ladders };
}
