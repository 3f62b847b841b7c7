/**
 * Commands of the model-based ticket sequences about what a person means by a press and whom a typed
 * ticket is for:
 * - one intention, several presses: two presses at once, a second press in a hurry after the first
 *   answered, a key held down (a press and its repeats); at most one order is signed, as shown;
 * - a ticket typed and then moved to another account or market: what was typed is gone (with a note
 *   naming it), and a press right after sends nothing;
 * - a market order larger than the whole book main read: the button and the order value say "more
 *   than the book holds", never a value counted from the part the book holds.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { MarketView } from '../../../main/ipc/contract.ts';
import type { OrderSend } from '../../../renderer/src/lib/managers/order-send.svelte.ts';
import type { OrderTicket } from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';
import type { TicketFunds } from '../../../renderer/src/lib/managers/ticket-funds.svelte.ts';

interface Typed {
  amount: string;
  unit: string;
  market: string;
  account: string;
}

export interface IntentionModel {
  typed: Typed | undefined;
  pricedOn: string | undefined;
  account: string;
}

export interface IntentionReal {
  ticket: OrderTicket;
  funds: TicketFunds;
  send: OrderSend;
}

export interface IntentionWorld<M, R> {
  /** The presses' clock, in ms (the ticket's send reads it). */
  readonly clock: { now: number };
  /** Presses with main's question answered `answer`; checks what was signed; answers how many orders. */
  readonly pressed: (
    m: M,
    r: R,
    answer: boolean,
    press: () => Promise<unknown>,
    attempts?: number,
  ) => Promise<number>;
  /** What the person typed now, on the ticket's market and account. */
  readonly typedNow: (amount: string, r: R) => Typed;
  /** Checks a ticket moved to another market or account (`owner`: the one before) kept nothing of it. */
  readonly movedOn: (m: M, r: R, owner: string) => void;
  readonly labelOf: (id: string) => string;
  readonly account: (label: string) => string;
  readonly markets: () => readonly MarketView[];
  readonly midOf: (market: string) => number;
}

/** A key held down repeats about every 33 ms after its first press. */
const REPEAT_MS = 33;

export function intentionCommands<M extends IntentionModel, R extends IntentionReal>(
  world: IntentionWorld<M, R>,
): {
  commands: Array<fc.Arbitrary<fc.AsyncCommand<M, R>>>;
  seen: { oncePressedOften: number; beyondBook: number };
} {
  const seen = { oncePressedOften: 0, beyondBook: 0 };
  const command = (name: string, run: (m: M, r: R) => Promise<void>): fc.AsyncCommand<M, R> => ({
    check: () => true,
    run: async (m, r) => {
      world.clock.now += 60_000;
      await run(m, r);
    },
    toString: () => name,
  });

  /** A limit order on the ticket's market a little inside the book, priced to its tick. */
  const typeLimit = (m: M, r: R, amountOf: (quote: boolean) => string): void => {
    const market = r.ticket.fields.market;
    const tick = Number(world.markets().find((x) => x.name === market)?.tickSize || '0.01');
    const places = Math.max(0, -Math.floor(Math.log10(tick)));
    const price = (Math.round((world.midOf(market) * 0.99) / tick) * tick).toFixed(places);
    const kind = r.ticket.kinds.includes('limit') ? 'limit' : 'collateral_limit';
    r.ticket.set({ kind, side: 'buy' });
    const amount = amountOf(r.ticket.amountAsset !== market.split('_')[0]);
    r.ticket.set({ amount, price });
    m.typed = world.typedNow(amount, r);
    m.pricedOn = market;
  };

  const pressedOften = fc
    .record({ how: fc.constantFrom('at once', 'in a hurry', 'held down'), answer: fc.boolean() })
    .map(({ how, answer }) =>
      command(`press send ${how}, ${answer ? 'confirming' : 'declining'} main's question`, async (m, r) => {
        const press = (repeat = false) => r.send.submit(m.account, { repeat });
        // a second press after one that sent nothing (declined, refused) may try once more
        const attempts = how === 'in a hurry' ? 2 : 1;
        const sent = await world.pressed(
          m,
          r,
          answer,
          async () => {
            if (how === 'at once') await Promise.all([press(), press()]);
            else if (how === 'in a hurry') {
              await press();
              world.clock.now += 150;
              await press();
            } else {
              // the first keydown, its repeats while it is out and after it answered
              const first = press();
              world.clock.now += 500;
              const during = press(true);
              await Promise.all([first, during]);
              for (let i = 0; i < 5; i++) {
                world.clock.now += REPEAT_MS;
                await press(true);
              }
            }
          },
          attempts,
        );
        if (sent === 1) seen.oncePressedOften++;
        // the presses that sent nothing said so
        if (how !== 'in a hurry' || sent === 1) expect(r.send.note).not.toBe('');
      }),
    );

  const typedThenMoved = fc
    .record({
      to: fc.constantFrom('account', 'market'),
      size: fc.constantFrom('0.001', '0.01'),
      which: fc.nat(1),
    })
    .map(({ to, size, which }) =>
      command(`type an order, trade on another ${to}, press send`, async (m, r) => {
        typeLimit(m, r, (quote) => (quote ? '50' : size));
        if (to === 'account') {
          const before = m.account;
          const others = ['main', 'sub-alpha', 'sub-maker'].map(world.account).filter((id) => id !== before);
          m.account = others[which] ?? before;
          r.ticket.setAccount(m.account);
          world.movedOn(m, r, world.labelOf(before));
          // the button names the account the order would go for
          expect(r.ticket.sendText).toContain(`for ${world.labelOf(m.account)}`);
        } else {
          const before = r.ticket.fields.market;
          const next = ['BTC_USDT', 'ETH_USDT', 'BTC_PERP'].filter((x) => x !== before)[which] ?? before;
          r.ticket.set({ market: next });
          r.ticket.offerKinds(world.markets().find((x) => x.name === next)?.orderKinds);
          world.movedOn(m, r, before);
        }
        // nothing typed for the one before goes for this one
        expect(await world.pressed(m, r, true, () => r.send.submit(m.account))).toBe(0);
      }),
    );

  const beyondTheBook = fc.constantFrom('base', 'quote').map((sized) =>
    command(
      `type a market buy beyond the whole book (sized in ${sized}), press send declining`,
      async (m, r) => {
        const kinds = r.ticket.kinds;
        const kind =
          sized === 'quote' && kinds.includes('market')
            ? 'market'
            : kinds.includes('stock_market')
              ? 'stock_market'
              : kinds.includes('collateral_market')
                ? 'collateral_market'
                : undefined;
        if (!kind) return;
        r.ticket.set({ kind, side: 'buy' });
        const base = r.ticket.fields.market.split('_')[0];
        const quoteSized = r.ticket.amountAsset !== base;
        // 5 BTC or 50 ETH, or 300,000 USDT: each far more than the sandbox's book holds
        const amount = quoteSized ? '300000' : base === 'ETH' ? '50' : '5';
        r.ticket.set({ amount });
        m.typed = world.typedNow(amount, r);
        await r.ticket.check();
        const estimate = r.ticket.estimate;
        // main's read of the book (kept a moment) may be of a side an earlier market buy emptied
        if (!estimate) {
          expect(r.ticket.summary).not.toMatch(/about/);
          return;
        }
        // the sandbox's book holds far less; main's reading of the last moments may still hold orders
        // resting then: the ticket says "more than the book holds" exactly when main's book does not
        const beyond = estimate.complete === false;
        expect(r.ticket.summary.includes('more than the book holds')).toBe(beyond);
        if (beyond) expect(r.ticket.summary).not.toMatch(/about/);
        if (!quoteSized) expect(r.funds.total()).toMatchObject({ beyondBook: beyond });
        if (beyond) seen.beyondBook++;
        await world.pressed(m, r, false, () => r.send.submit(m.account));
      },
    ),
  );

  return { commands: [pressedOften, pressedOften, typedThenMoved, beyondTheBook], seen };
}
