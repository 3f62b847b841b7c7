import { describe, expect, it, vi } from 'vitest';
import { OrderSend, SAME_PRESS_MS } from '../../../renderer/src/lib/managers/order-send.svelte.ts';
import { OrderTicket, type TicketTimers } from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const BAND = {
  guard: 'price_band',
  field: 'price',
  message: 'Buy 0.001 BTC at 700,000 — far above the market.',
};
const PLACED = { ok: true, value: { clientOrderId: 'a', recovered: false, order: { orderId: 1 } } };
const DECLINED = {
  ok: false,
  error: { code: 'not_confirmed', message: 'Not sent: you did not confirm it in the app’s own question.' },
};

/** Timers that never fire: the checks here are the ones the send itself makes. */
const timers: TicketTimers = { set: (run) => run, clear: () => undefined };

function sendOf(script: (procedure: string) => unknown, clock = { now: 0 }) {
  const { api, calls } = fakeBridge(script);
  const ticket = new OrderTicket(api, timers);
  ticket.set({ market: 'BTC_USDT', amount: '0.001', price: '700000' });
  const placedOn: string[] = [];
  const send = new OrderSend(
    ticket,
    (account) => placedOn.push(account),
    () => clock.now,
  );
  return { send, ticket, calls, placedOn };
}

const places = (calls: Array<[string, unknown]>) => calls.filter(([p]) => p === 'orders.place');

describe('sending the ticket', () => {
  it('sends at once when main has no question', async () => {
    const { send, calls, placedOn } = sendOf((p) =>
      p === 'orders.check' ? { ok: true, value: { issues: [], questions: [] } } : PLACED,
    );
    await send.submit(ACCOUNT);
    expect(places(calls)).toHaveLength(1);
    expect(placedOn).toEqual([ACCOUNT]);
  });

  it('sends an order beyond a guard as it is, with nothing that answers the guard: main asks itself', async () => {
    const { send, ticket, calls, placedOn } = sendOf((p) =>
      p === 'orders.check' ? { ok: true, value: { issues: [], questions: [BAND] } } : PLACED,
    );
    await send.submit(ACCOUNT);
    // the page shows main's question ahead, for reading; the call carries only the order
    expect(ticket.questions).toEqual([BAND]);
    expect(places(calls)).toEqual([
      [
        'orders.place',
        {
          accountId: ACCOUNT,
          draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '700000' },
        },
      ],
    ]);
    expect(placedOn).toEqual([ACCOUNT]);
  });

  it('keeps the ticket as it was when main’s question is declined, saying nothing was sent', async () => {
    const { send, ticket, placedOn } = sendOf((p) =>
      p === 'orders.check' ? { ok: true, value: { issues: [], questions: [BAND] } } : DECLINED,
    );
    await send.submit(ACCOUNT);
    expect(placedOn).toEqual([]);
    expect(ticket.placeErrorUnclaimed?.message).toBe(DECLINED.error.message);
    expect(ticket.fields).toMatchObject({ amount: '0.001', price: '700000' });
  });

  it('sends nothing without an account', async () => {
    const { send, calls } = sendOf(() => ({ ok: true, value: { issues: [], questions: [] } }));
    await send.submit(undefined);
    expect(calls).toEqual([]);
  });

  it('sends one order for two presses at once (Enter pressed twice, a double click), saying the second sent nothing', async () => {
    const { send, calls } = sendOf((p) =>
      p === 'orders.check' ? { ok: true, value: { issues: [], questions: [] } } : PLACED,
    );
    await Promise.all([send.submit(ACCOUNT), send.submit(ACCOUNT)]);
    expect(places(calls)).toHaveLength(1);
    expect(send.note).toBe('An order is being sent: this press sent nothing more.');
    expect(send.sending).toBe(false);
  });

  it("takes a press right after the one that sent the order (in a hurry) for the same press, and a held key's repeats for none; one later sends again", async () => {
    const clock = { now: 1_000 };
    const { send, ticket, calls } = sendOf(
      (p) => (p === 'orders.check' ? { ok: true, value: { issues: [], questions: [] } } : PLACED),
      clock,
    );
    await send.submit(ACCOUNT);
    // the repeats of a held key are not presses
    for (let i = 0; i < 40; i++) {
      clock.now += 33;
      await send.submit(ACCOUNT, { repeat: true });
    }
    expect(places(calls)).toHaveLength(1);
    // pressed again in a hurry: each such press renews the one that sent it
    for (let i = 0; i < 5; i++) {
      clock.now += 150;
      await send.submit(ACCOUNT);
    }
    expect(places(calls)).toHaveLength(1);
    expect(send.note).toContain('this press sent nothing');
    // released, and pressed again a moment later: a second order, meant
    clock.now += SAME_PRESS_MS;
    await send.submit(ACCOUNT);
    expect(places(calls)).toHaveLength(2);
    expect(send.note).toBe('');
    // another order is another press, however soon
    ticket.set({ amount: '0.002' });
    clock.now += 10;
    await send.submit(ACCOUNT);
    expect(places(calls)).toHaveLength(3);
  });

  it('takes a press handled right after a slow send ends for the same press, however long the send took', async () => {
    // A busy machine: the send takes longer than SAME_PRESS_MS, and the second Enter, pressed
    // while it was out, is handled only once it is in.
    const clock = { now: 1_000 };
    const { send, calls } = sendOf((p) => {
      if (p === 'orders.place') clock.now += 3 * SAME_PRESS_MS;
      return p === 'orders.check' ? { ok: true, value: { issues: [], questions: [] } } : PLACED;
    }, clock);
    await send.submit(ACCOUNT);
    clock.now += 20;
    await send.submit(ACCOUNT);
    expect(places(calls)).toHaveLength(1);
    expect(send.note).toContain('this press sent nothing');
    // a press well after the answer is a new one
    clock.now += SAME_PRESS_MS;
    await send.submit(ACCOUNT);
    expect(places(calls)).toHaveLength(2);
  });

  it('sends nothing when the ticket moved to another account while the press was being checked', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { send, ticket, calls } = sendOf((p) =>
      p === 'orders.check' ? new Promise((resolve) => (answer = resolve)) : PLACED,
    );
    ticket.setAccount(ACCOUNT);
    ticket.set({ amount: '0.001', price: '700000' });
    const pressing = send.submit(ACCOUNT);
    await vi.waitFor(() => expect(calls.map(([p]) => p)).toContain('orders.check'));
    ticket.setAccount('another');
    answer({ ok: true, value: { issues: [], questions: [] } });
    await pressing;
    expect(places(calls)).toEqual([]);
  });

  it("sends again at once a press after one declined at main's question (nothing was signed), not after one the exchange refused", async () => {
    const clock = { now: 1_000 };
    let answer: unknown = DECLINED;
    const { send, calls } = sendOf(
      (p) => (p === 'orders.check' ? { ok: true, value: { issues: [], questions: [BAND] } } : answer),
      clock,
    );
    await send.submit(ACCOUNT);
    answer = { ok: false, error: { code: 'exchange_rejected', message: 'Not enough balance.' } };
    clock.now += 150;
    await send.submit(ACCOUNT);
    expect(places(calls)).toHaveLength(2);
    expect(send.note).toBe('');
    // refused by the exchange: it was signed, and a press right after is the same press
    clock.now += 150;
    await send.submit(ACCOUNT);
    expect(places(calls)).toHaveLength(2);
    expect(send.note).toContain('this press sent nothing');
  });
});
