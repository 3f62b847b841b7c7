/**
 * A number typed in the ticket never silently changes its unit: a switch of side, type, market or
 * unit that would read the amount in another asset empties it and says so; one that keeps the asset
 * keeps the amount. The button states the base amount and the value main estimated for the draft as
 * it stands, and a share's amount that main worked out for another order is dropped.
 */
import { describe, expect, it } from 'vitest';
import { OrderTicket, type TicketTimers } from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';
import { TicketFunds } from '../../../renderer/src/lib/managers/ticket-funds.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const SPOT_KINDS = ['limit', 'market', 'stock_market', 'stop_limit', 'stop_market'] as const;
/** Timers that never fire: checks run only when a test asks. */
const still: TicketTimers = { set: () => undefined, clear: () => undefined };

function ticketOf(script: (procedure: string, input: unknown) => unknown = () => ({ ok: false })) {
  const { api, calls } = fakeBridge(script);
  const ticket = new OrderTicket(api, still);
  ticket.offerKinds(SPOT_KINDS);
  ticket.set({ market: 'BTC_USDT' });
  return { ticket, api, calls };
}

describe('the unit of the typed amount', () => {
  it('a market buy of 25 USDT turned into a sell is emptied, saying so: never "Sell 25 BTC"', () => {
    const { ticket } = ticketOf();
    ticket.set({ kind: 'market', amount: '25' });
    expect(ticket.amountAsset).toBe('USDT');
    ticket.set({ side: 'sell' });
    expect(ticket.fields.amount).toBe('');
    expect(ticket.amountAsset).toBe('BTC');
    expect(ticket.amountNote).toBe(
      'The amount 25 USDT was cleared: a market sell is sized in BTC, not USDT. Type it again in BTC.',
    );
    expect(ticket.summary).not.toContain('25');
    // typing a new amount takes the note away
    ticket.set({ amount: '0.001' });
    expect(ticket.amountNote).toBe('');
  });

  it('keeps an amount whose asset a switch of side or type does not change', () => {
    const { ticket } = ticketOf();
    ticket.set({ amount: '0.01', price: '60000' });
    ticket.set({ side: 'sell' });
    ticket.set({ kind: 'stop_limit' });
    ticket.set({ kind: 'stock_market', side: 'buy' });
    expect(ticket.fields.amount).toBe('0.01');
    expect(ticket.amountNote).toBe('');
  });

  it('belongs to the market it was typed for: another market, even of the same base, empties its amount and prices, saying so', () => {
    const { ticket } = ticketOf();
    ticket.set({ kind: 'limit', amount: '0.01', price: '64415', takeProfit: '70000' });
    ticket.set({ market: 'BTC_PERP' });
    expect(ticket.fields).toMatchObject({ amount: '', price: '', takeProfit: '' });
    expect(ticket.amountNote).toBe(
      'The amount 0.01 BTC, the price 64,415 and the take-profit 70,000 typed for BTC_USDT were cleared: the ticket is now on BTC_PERP.',
    );
    // a note of an earlier switch never outlives the market it spoke of
    ticket.set({ kind: 'market', amount: '25' });
    ticket.set({ side: 'sell' });
    expect(ticket.amountNote).toContain('a market sell is sized in BTC');
    ticket.set({ market: 'ETH_USDT' });
    expect(ticket.amountNote).toBe('');
    // a price typed on ETH never reaches BTC's price field
    ticket.set({ kind: 'limit', price: '3131' });
    ticket.set({ market: 'BTC_USDT' });
    expect(ticket.fields.price).toBe('');
    expect(ticket.amountNote).toBe(
      'The price 3,131 typed for ETH_USDT was cleared: the ticket is now on BTC_USDT.',
    );
  });

  it('belongs to the account it was typed for: another account empties it, saying so, and the button names the account', () => {
    const { ticket } = ticketOf();
    const names: Record<string, string> = { [ACCOUNT]: 'Main', other: 'sub-alpha' };
    ticket.nameAccounts((id) => names[id] ?? '?');
    ticket.setAccount(ACCOUNT);
    ticket.set({ side: 'sell', amount: '0.5', price: '64415' });
    expect(ticket.sendText).toBe('Sell 0.5 BTC at 64,415 (… USDT) — limit · for Main');
    ticket.setAccount('other');
    expect(ticket.fields).toMatchObject({ amount: '', price: '', side: 'sell', market: 'BTC_USDT' });
    expect(ticket.amountNote).toBe(
      'The amount 0.5 BTC and the price 64,415 typed for Main were cleared: the working account is now sub-alpha.',
    );
    expect(ticket.sendText).toContain('· for sub-alpha');
    expect(ticket.ready).toBe(false);
  });

  it('empties the amount when the type or the market puts it in another asset', () => {
    const { ticket } = ticketOf();
    ticket.set({ amount: '0.01', price: '60000' });
    ticket.set({ kind: 'market' });
    expect(ticket.fields.amount).toBe('');
    expect(ticket.amountNote).toBe(
      'The amount 0.01 BTC was cleared: a market buy is sized in USDT, not BTC. Type it again in USDT.',
    );
    ticket.set({ kind: 'limit', amount: '0.01' });
    ticket.set({ market: 'ETH_USDT' });
    expect(ticket.fields.amount).toBe('');
    expect(ticket.amountNote).toBe(
      'The amount 0.01 BTC and the price 60,000 typed for BTC_USDT were cleared: the ticket is now on ETH_USDT.',
    );
  });

  it('switches a market buy between the quote and the base, emptying what was typed', () => {
    const { ticket } = ticketOf();
    ticket.set({ kind: 'market', amount: '25' });
    expect(ticket.canSwitchUnit).toBe(true);
    ticket.switchUnit();
    expect(ticket.fields.kind).toBe('stock_market');
    expect(ticket.amountAsset).toBe('BTC');
    expect(ticket.fields.amount).toBe('');
    expect(ticket.amountNote).toContain('The amount 25 USDT was cleared');
    ticket.set({ amount: '0.001' });
    ticket.switchUnit();
    expect(ticket.fields.kind).toBe('market');
    expect(ticket.amountNote).toContain('The amount 0.001 BTC was cleared');
    // a sell is sized in the base either way; a market without the base-sized order offers no switch
    ticket.set({ side: 'sell' });
    expect(ticket.canSwitchUnit).toBe(false);
    ticket.set({ side: 'buy' });
    ticket.offerKinds(['limit', 'market']);
    expect(ticket.canSwitchUnit).toBe(false);
  });
});

describe('the button', () => {
  it("states the base amount and the value main estimated for this very draft, '…' for another", async () => {
    const estimate = { source: 'book', base: '0.000389', value: '25', complete: true };
    const { ticket } = ticketOf((procedure) =>
      procedure === 'orders.check' ? { ok: true, value: { issues: [], questions: [], estimate } } : {},
    );
    ticket.set({ kind: 'market', amount: '25' });
    expect(ticket.summary).toBe('Buy … BTC for 25 USDT — market');
    await ticket.check();
    expect(ticket.summary).toBe('Buy about 0.000389 BTC for 25 USDT — market');
    ticket.set({ amount: '26' });
    expect(ticket.summary).toBe('Buy … BTC for 26 USDT — market');
  });
});

describe('a share button', () => {
  it('drops the amount main worked out when the ticket became another order meanwhile', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { ticket, api } = ticketOf((procedure) =>
      procedure === 'orders.funds'
        ? new Promise((resolve) => (answer = resolve))
        : { ok: true, value: { issues: [], questions: [] } },
    );
    ticket.setAccount(ACCOUNT);
    const funds = new TicketFunds(api, ticket);
    ticket.set({ kind: 'market' });
    // 50 % of the USDT pressed; the person switches to a sell before main answers
    const picking = funds.pick(ACCOUNT, 50);
    ticket.set({ side: 'sell' });
    answer({ ok: true, value: { asset: 'USDT', available: '1000', source: 'spot', amount: '500' } });
    await picking;
    expect(ticket.fields.amount).toBe('');
    expect(funds.share).toBeUndefined();

    // unchanged meanwhile, the share's amount goes in
    const again = funds.pick(ACCOUNT, 25);
    answer({ ok: true, value: { asset: 'BTC', available: '1', source: 'spot', amount: '0.25' } });
    await again;
    expect(ticket.fields.amount).toBe('0.25');
    expect(funds.share).toBe(25);
  });
});
