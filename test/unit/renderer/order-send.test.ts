import { describe, expect, it } from 'vitest';
import { OrderSend } from '../../../renderer/src/lib/managers/order-send.svelte.ts';
import { OrderTicket, type TicketTimers } from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const BAND = {
  guard: 'price_band',
  field: 'price',
  message: 'Buy 0.001 BTC at 700,000 — far above the market.',
};
const PLACED = { ok: true, value: { clientOrderId: 'a', recovered: false, order: { orderId: 1 } } };

/** Timers that never fire: the checks here are the ones the send itself makes. */
const timers: TicketTimers = { set: (run) => run, clear: () => undefined };

function sendOf(script: (procedure: string) => unknown) {
  const { api, calls } = fakeBridge(script);
  const ticket = new OrderTicket(api, timers);
  ticket.set({ market: 'BTC_USDT', amount: '0.001', price: '700000' });
  const placedOn: string[] = [];
  return { send: new OrderSend(ticket, (account) => placedOn.push(account)), calls, placedOn };
}

const places = (calls: Array<[string, unknown]>) => calls.filter(([p]) => p === 'orders.place');

describe('sending the ticket', () => {
  it('sends at once when main has no question', async () => {
    const { send, calls, placedOn } = sendOf((p) =>
      p === 'orders.check' ? { ok: true, value: { issues: [], questions: [] } } : PLACED,
    );
    await send.submit(ACCOUNT);
    expect(send.asking).toBeUndefined();
    expect(places(calls)).toHaveLength(1);
    expect(placedOn).toEqual([ACCOUNT]);
  });

  it("asks main's question first: declining sends nothing; confirming sends once, acknowledging the guard", async () => {
    const { send, calls, placedOn } = sendOf((p) =>
      p === 'orders.check' ? { ok: true, value: { issues: [], questions: [BAND] } } : PLACED,
    );
    await send.submit(ACCOUNT);
    expect(send.asking).toMatchObject({ reasons: [BAND.message], acknowledge: ['price_band'] });
    expect(places(calls)).toEqual([]);
    await send.answer(ACCOUNT, false);
    expect(send.asking).toBeUndefined();
    expect(places(calls)).toEqual([]);

    await send.submit(ACCOUNT);
    await send.answer(ACCOUNT, true);
    expect(places(calls)).toHaveLength(1);
    expect(places(calls)[0]?.[1]).toMatchObject({ accountId: ACCOUNT, acknowledge: ['price_band'] });
    expect(placedOn).toEqual([ACCOUNT]);
    // A second confirm of the same question sends nothing more.
    await send.answer(ACCOUNT, true);
    expect(places(calls)).toHaveLength(1);
  });

  it('asks the question main raises at the send itself (the market moved since the check)', async () => {
    let refused = false;
    const { send, calls, placedOn } = sendOf((p) => {
      if (p === 'orders.check') return { ok: true, value: { issues: [], questions: [] } };
      if (refused) return PLACED;
      refused = true;
      return {
        ok: false,
        error: { code: 'needs_confirmation', message: BAND.message, guards: ['price_band'] },
      };
    });
    await send.submit(ACCOUNT);
    expect(placedOn).toEqual([]);
    expect(send.asking).toMatchObject({ reasons: [BAND.message], acknowledge: ['price_band'] });
    await send.answer(ACCOUNT, true);
    expect(places(calls).map(([, input]) => (input as { acknowledge?: string[] }).acknowledge)).toEqual([
      undefined,
      ['price_band'],
    ]);
    expect(placedOn).toEqual([ACCOUNT]);
  });

  it('sends nothing without an account', async () => {
    const { send, calls } = sendOf(() => ({ ok: true, value: { issues: [], questions: [] } }));
    await send.submit(undefined);
    expect(calls).toEqual([]);
  });
});
