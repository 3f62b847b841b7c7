/**
 * Collateral limit, stop-limit, trigger-market and OCO orders through the procedures against the
 * sandbox: the one rule set and main's guards screen them as every other order, each goes to its own
 * endpoint (REST) or method (WebSocket), and the two paths leave the same order.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderView, PlaceResultView } from '../../../main/ipc/contract.ts';
import type { ReceivedRequest } from '../../../main/sandbox/index.ts';
import { sandboxDesk } from '../../support/sandbox-desk.ts';

const received: ReceivedRequest[] = [];
const desk = sandboxDesk({
  seed: 42,
  accounts: ['sub-alpha', 'sub-maker'],
  watch: (r) => {
    if (r.via === 'ws' || r.path.startsWith('/api/v4/order/')) received.push(r);
  },
});
const { ok, refused, desktop } = desk;
let alpha = '';
let maker = '';
beforeAll(() => {
  alpha = desk.id('sub-alpha');
  maker = desk.id('sub-maker');
});

/** BTC_PERP starts at 64,260 in the still sandbox. */
const drafts = {
  collateral_limit: { kind: 'collateral_limit', price: '63000' },
  collateral_stop_limit: { kind: 'collateral_stop_limit', activation_price: '65000', price: '65100' },
  collateral_trigger_market: { kind: 'collateral_trigger_market', activation_price: '65000' },
  collateral_oco: {
    kind: 'collateral_oco',
    side: 'sell',
    price: '65500',
    activation_price: '63500',
    stop_limit_price: '63400',
  },
} as const;
const PATHS = {
  collateral_limit: ['/api/v4/order/collateral/limit', 'collateral_order_limit_place'],
  collateral_stop_limit: ['/api/v4/order/collateral/stop-limit', 'collateral_order_stop_limit_place'],
  collateral_trigger_market: [
    '/api/v4/order/collateral/trigger-market',
    'collateral_order_stop_market_place',
  ],
  collateral_oco: ['/api/v4/order/collateral/oco', 'collateral_order_oco_place'],
} as const;
const draftOf = (kind: keyof typeof drafts) => ({
  market: 'BTC_PERP',
  side: 'buy',
  amount: '0.001',
  ...drafts[kind],
});

const active = () => ok<OrderView[]>('orders.active', { accountId: alpha, market: 'BTC_PERP' });
/** Cancels one open order at a time: an OCO leg canceled takes its peer with it. */
const cancelAll = async () => {
  for (let open = await active(); open[0]; open = await active())
    await ok('orders.cancel', { accountId: alpha, market: 'BTC_PERP', orderId: open[0].orderId });
};
/** The fields both paths must leave alike. */
const shape = (o: OrderView | undefined) => ({
  type: o?.type,
  side: o?.side,
  amount: o?.amount,
  price: o?.price,
  activation_price: o?.activation_price,
  positionSide: o?.positionSide,
  reduceOnly: o?.reduceOnly,
});

describe.each(Object.keys(drafts) as Array<keyof typeof drafts>)('%s', (kind) => {
  it('goes to its own endpoint and method, and REST and the WebSocket leave the same order', async () => {
    const sent = received.length;
    const rest = await ok<PlaceResultView>('orders.place', { accountId: alpha, draft: draftOf(kind) });
    expect(received.slice(sent).map((r) => r.path)).toEqual([PATHS[kind][0]]);
    const restOrders = (await active()).map(shape);
    await cancelAll();
    const ws = await ok<PlaceResultView>('orders.placeWs', { accountId: alpha, draft: draftOf(kind) });
    expect(ws.sentOver).toBe('websocket');
    expect(received.at(-1)?.path).toBe(PATHS[kind][1]);
    expect((await active()).map(shape)).toEqual(restOrders);
    expect(shape(ws.order)).toEqual(shape(rest.order));
    expect(restOrders).toHaveLength(kind === 'collateral_oco' ? 2 : 1);
    await cancelAll();
  });
});

describe('the one rule set and main’s guards', () => {
  it('refuses an OCO whose legs are on the wrong side of the market, before anything is signed', async () => {
    const sent = received.length;
    const error = await refused('orders.place', {
      accountId: alpha,
      draft: { ...draftOf('collateral_oco'), price: '63000' },
    });
    expect(error).toMatchObject({ code: 'rule_violation', field: 'price' });
    expect(error.message).toMatch(/must be above 64,2\d\d(\.\d+)?, .*sell OCO/);
    expect(received.length).toBe(sent);
  });

  it('refuses a limit entry whose take-profit is below its own price for a long', async () => {
    const error = await refused('orders.place', {
      accountId: alpha,
      draft: { ...draftOf('collateral_limit'), takeProfit: '62000' },
    });
    expect(error).toMatchObject({ code: 'rule_violation', field: 'takeProfit' });
    expect(error.message).toMatch(/above 63,000, the order's price, for a long position/);
  });

  it('refuses a resting order larger than the margin the account has', async () => {
    const error = await refused('orders.place', {
      accountId: alpha,
      draft: { ...draftOf('collateral_limit'), amount: '100' },
    });
    expect(error).toMatchObject({ code: 'rule_violation', field: 'amount' });
  });

  it('asks in main’s own dialog before a limit price far beyond the band, and sends nothing when declined', async () => {
    const sent = received.length;
    const asked = desktop.confirmations.length;
    desktop.confirmAnswer = false;
    try {
      const error = await refused('orders.place', {
        accountId: alpha,
        draft: { ...draftOf('collateral_limit'), price: '50000' },
      });
      expect(error.code).not.toBe('internal');
    } finally {
      desktop.confirmAnswer = true;
    }
    const questions = desktop.confirmations.slice(asked);
    expect(questions).toHaveLength(1);
    expect(questions[0]?.title).toMatch(/Buy 0\.001 BTC at 50,000 on BTC_PERP/);
    expect(received.length).toBe(sent);
  });
});

describe('modify and cancel of resting collateral orders', () => {
  it('moves a resting limit bid and a trigger-market order, each to a new order id, through the same rules', async () => {
    const bid = await ok<PlaceResultView>('orders.place', {
      accountId: alpha,
      draft: draftOf('collateral_limit'),
    });
    const [listed] = await active();
    expect(listed?.editable).toEqual(['price', 'amount']);
    const moved = await ok<OrderView>('orders.modify', {
      accountId: alpha,
      market: 'BTC_PERP',
      orderId: bid.order?.orderId,
      price: '62500',
    });
    expect(moved).toMatchObject({ price: '62500', positionSide: 'BOTH', amount: '0.001' });
    expect(moved.orderId).not.toBe(bid.order?.orderId);
    // a price off the tick is refused before anything is sent, and the order stays as it was
    const sent = received.length;
    const off = await refused('orders.modify', {
      accountId: alpha,
      market: 'BTC_PERP',
      orderId: moved.orderId,
      price: '62500.05',
    });
    expect(off.field).toBe('price');
    expect(received.length).toBe(sent);
    const trigger = await ok<PlaceResultView>('orders.place', {
      accountId: alpha,
      draft: draftOf('collateral_trigger_market'),
    });
    const retriggered = await ok<OrderView>('orders.modify', {
      accountId: alpha,
      market: 'BTC_PERP',
      orderId: trigger.order?.orderId,
      activationPrice: '65200',
    });
    expect(retriggered.activation_price).toBe('65200');
    expect((await active()).map((o) => o.price ?? o.activation_price).sort()).toEqual(['62500', '65200']);
    await cancelAll();
  });

  it('an OCO leg moved keeps the pair: canceling it takes the other leg too', async () => {
    await ok<PlaceResultView>('orders.place', { accountId: alpha, draft: draftOf('collateral_oco') });
    const limitLeg = (await active()).find((o) => o.type === 'limit');
    const moved = await ok<OrderView>('orders.modify', {
      accountId: alpha,
      market: 'BTC_PERP',
      orderId: limitLeg?.orderId,
      price: '65800',
    });
    expect((await active()).map((o) => o.type).sort()).toEqual(['limit', 'stop limit']);
    await ok('orders.cancel', { accountId: alpha, market: 'BTC_PERP', orderId: moved.orderId });
    expect(await active()).toEqual([]);
  });
});

describe('desk orders of the collateral kinds', () => {
  it('brackets two accounts with one OCO each, checked per account and sent after one question', async () => {
    const preview = await ok<{ previewId: string; children: Array<{ issues: unknown[] }> }>(
      'board.previewOrder',
      {
        accountIds: [alpha, maker],
        draft: { ...draftOf('collateral_oco'), amount: '0' },
        sizing: { kind: 'fixed', amount: '0.001' },
      },
    );
    expect(preview.children.map((c) => c.issues)).toEqual([[], []]);
    const sent = received.length;
    const { results } = await ok<{ results: Array<{ ok: boolean }> }>('board.placeOrder', {
      previewId: preview.previewId,
    });
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(
      received
        .slice(sent)
        .map((r) => [r.account, r.path])
        .sort(),
    ).toEqual([
      ['sub-alpha', '/api/v4/order/collateral/oco'],
      ['sub-maker', '/api/v4/order/collateral/oco'],
    ]);
    for (const accountId of [alpha, maker]) {
      const legs = await ok<OrderView[]>('orders.active', { accountId, market: 'BTC_PERP' });
      expect(legs.map((o) => o.type).sort()).toEqual(['limit', 'stop limit']);
    }
  });
});
