/**
 * Market orders priced by main from its own read of the book, the value ceiling of the account an
 * order is for, and the question before a position is turned around, through the procedures against
 * a still sandbox (no price walk): every case asks in main's own dialog, and declined, nothing is
 * signed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderEstimateView, PlaceResultView, PositionView } from '../../../main/ipc/contract.ts';
import { startSandbox, type ReceivedRequest, type Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, procedureCalls, registerAccount, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let sandbox: Sandbox;
let core: TestCore;
const ids: Record<string, string> = {};
const { ok, refused } = procedureCalls(() => core);
/** Every order request the sandbox took, REST and WebSocket. */
const received: ReceivedRequest[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 42, simulate: false });
  sandbox.control.watchRequests((r) => {
    if (r.via === 'ws' || r.path.startsWith('/api/v4/order/')) received.push(r);
  });
  core = await createTestCore({
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
    platform: desktop.platform,
  });
  for (const [label, kind] of [
    ['main', 'main'],
    ['sub-alpha', 'sub'],
  ] as const)
    ids[label] = (
      await registerAccount(
        core,
        label,
        sandbox.accounts.find((a) => a.label === label),
        kind,
      )
    ).id;
}, 30_000);
afterAll(async () => {
  await core.close();
  await sandbox.close();
});

/** Runs `act` with the person declining main's questions; answers what was asked meanwhile. */
async function declining<T>(act: () => Promise<T>) {
  const asked = desktop.confirmations.length;
  const sent = received.length;
  desktop.confirmAnswer = false;
  try {
    const result = await act();
    return { result, asked: desktop.confirmations.slice(asked), sent: received.slice(sent) };
  } finally {
    desktop.confirmAnswer = true;
  }
}

const factsOf = (q: { facts: ReadonlyArray<{ label: string; value: string }> } | undefined) =>
  Object.fromEntries((q?.facts ?? []).map((f) => [f.label, f.value]));

describe('a market order, priced from main’s read of the book', () => {
  it('is estimated as the book stands: average, worst and the share of the book read', async () => {
    const book = await ok<{ bids: Array<[string, string]> }>('markets.depth', {
      market: 'BTC_USDT',
      limit: 100,
    });
    const draft = { kind: 'market', market: 'BTC_USDT', side: 'sell', amount: '0.01' };
    const { estimate } = await ok<{ estimate: OrderEstimateView }>('orders.check', {
      draft,
      accountId: ids['main'],
    });
    // the same walk, by hand, in cents
    let left = 1_000_000n; // 0.01 BTC in 1e-8
    let value = 0;
    let worst = '';
    let side = 0;
    for (const [, qty] of book.bids) side += Number(qty);
    for (const [price, qty] of book.bids) {
      if (left <= 0n) break;
      const units = BigInt(Math.round(Number(qty) * 1e8));
      const take = units < left ? units : left;
      value += (Number(take) / 1e8) * Number(price);
      left -= take;
      worst = price;
    }
    expect(estimate).toMatchObject({ source: 'book', base: '0.01', worst, complete: true });
    expect(Number(estimate.value)).toBeCloseTo(value, 6);
    expect(Number(estimate.average)).toBeCloseTo(value / 0.01, 4);
    expect(Number(estimate.sharePct)).toBeCloseTo((0.01 / side) * 100, 1);
    expect(estimate.levelsRead).toBe(book.bids.length);
  });

  it('larger than the book read, it asks, naming the base amount, the value and the depth; declined, nothing is signed', async () => {
    // the case seen: a sell far larger than the ~0.04 BTC each side of the book holds
    const draft = { kind: 'market', market: 'BTC_USDT', side: 'sell', amount: '0.5' };
    const checked = await ok<{ questions: Array<{ guard: string }> }>('orders.check', {
      draft,
      accountId: ids['main'],
    });
    expect(checked.questions.map((q) => q.guard)).toContain('depth');
    const { result, asked, sent } = await declining(() =>
      refused('orders.place', { accountId: ids['main'], draft }),
    );
    expect(result.code).toBe('not_confirmed');
    expect(sent).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.title).toBe('Send this order? Sell 0.5 BTC at market on BTC_USDT');
    expect(factsOf(asked[0])).toMatchObject({
      Account: 'main',
      Amount: '0.5 BTC',
      Value: expect.stringMatching(
        /^about [\d,.]+ USDT \(from the book now, for the part the book read holds\)$/,
      ) as unknown,
      'Fills at': expect.stringMatching(/^about [\d,.]+ USDT on average, [\d,.]+ at worst$/) as unknown,
      'Book read': expect.stringMatching(/^\d+ levels; the order takes 100% of them$/) as unknown,
      'Book depth': expect.stringMatching(
        /^Sell 0\.5 BTC at market — larger than the \d+ levels of the book read, which hold [\d.]+ BTC: the rest would fill at prices nobody can see now\.$/,
      ) as unknown,
    });
  });

  it('whose worst fill is beyond the band asks, though its best level is at the market', async () => {
    await ok('guards.configure', { markets: { BTC_USDT: '0.5' } });
    try {
      // 0.03 BTC reaches several levels of the ladder, the last about 1 % from the middle
      const draft = { kind: 'market', market: 'BTC_USDT', side: 'buy', amount: '2000' };
      const { result, asked, sent } = await declining(() =>
        refused('orders.place', { accountId: ids['main'], draft }),
      );
      expect(result.code).toBe('not_confirmed');
      expect(sent).toEqual([]);
      expect(factsOf(asked[0])).toMatchObject({
        Amount: expect.stringMatching(/^about [\d.]+ BTC \(from the book now\)$/) as unknown,
        Value: '2,000 USDT (what it spends)',
        'Price band': expect.stringMatching(
          /^Buy about [\d.]+ BTC for 2,000 USDT at market — its worst fill, [\d,.]+, is [\d.]+% above the market price [\d,.]+ \(your band is 0\.5%\)\.$/,
        ) as unknown,
      });
    } finally {
      await ok('guards.configure', { markets: { BTC_USDT: null } });
    }
  });

  it('inside every guard, goes at once with no question', async () => {
    const asked = desktop.confirmations.length;
    const placed = await ok<PlaceResultView>('orders.place', {
      accountId: ids['main'],
      draft: { kind: 'market', market: 'BTC_USDT', side: 'buy', amount: '20' },
    });
    expect(placed.order?.status).toBeDefined();
    expect(desktop.confirmations).toHaveLength(asked);
  });
});

describe('the value ceiling, a share of the equity of the account an order is for', () => {
  it('asks for the account the order is too large for, and only for it, in a desk batch', async () => {
    const depth = await ok<{ asks: Array<[string, string]> }>('markets.depth', {
      market: 'BTC_USDT',
      limit: 1,
    });
    // above the market, so the orders rest; 0.35 BTC is worth about 22,700 USDT: more than 25 % of
    // sub-alpha's equity (about 79,500 USDT), less than 25 % of main's (about 170,000 USDT)
    const price = (Math.round(Number(depth.asks[0]?.[0]) * 1.01 * 10) / 10).toFixed(1);
    const draft = { kind: 'limit', market: 'BTC_USDT', side: 'sell', amount: '0.35', price };
    const alone = await ok<{ questions: Array<{ guard: string; message: string }> }>('orders.check', {
      draft,
      accountId: ids['sub-alpha'],
    });
    expect(alone.questions).toEqual([
      {
        guard: 'notional',
        field: 'amount',
        message: expect.stringMatching(
          /^Sell 0\.35 BTC at [\d,.]+ — worth [\d,.]+ USDT, more than 25% of this account's equity \([\d,.]+ of [\d,.]+ USDT\)\.$/,
        ) as unknown,
      },
    ]);
    const preview = await ok<{ previewId: string; children: Array<{ label: string; questions: unknown[] }> }>(
      'board.previewOrder',
      {
        accountIds: [ids['main'], ids['sub-alpha']],
        draft,
        sizing: { kind: 'fixed', amount: '0.35' },
      },
    );
    expect(preview.children.map((c) => [c.label, c.questions.length])).toEqual([
      ['main', 0],
      ['sub-alpha', 1],
    ]);
    const { result, asked, sent } = await declining(() =>
      refused('board.placeOrder', { previewId: preview.previewId }),
    );
    expect(result.code).toBe('not_confirmed');
    expect(sent).toEqual([]);
    const facts = factsOf(asked[0]);
    expect(facts['sub-alpha']).toMatch(
      /^Order value: Sell 0\.35 BTC .* more than 25% of this account's equity/,
    );
    expect(facts['main']).toBeUndefined();
    expect(asked[0]).toMatchObject({ cancel: "Don't send" });
  });
});

describe('an order that would turn a position around', () => {
  it('asks, naming the long it closes and the short it opens; declined, the long stays', async () => {
    const long = { kind: 'collateral_market', market: 'BTC_PERP', side: 'buy', amount: '0.001' };
    const asked = desktop.confirmations.length;
    await ok('orders.place', { accountId: ids['main'], draft: long });
    expect(desktop.confirmations).toHaveLength(asked);
    const flip = { ...long, side: 'sell', amount: '0.003' };
    const {
      result,
      asked: questions,
      sent,
    } = await declining(() => refused('orders.place', { accountId: ids['main'], draft: flip }));
    expect(result.code).toBe('not_confirmed');
    expect(sent).toEqual([]);
    expect(factsOf(questions[0])['Position']).toBe(
      'Sell 0.003 BTC at market closes your 0.001 BTC long and opens a 0.002 BTC short.',
    );
    const positions = await ok<PositionView[]>('positions.open', { accountId: ids['main'] });
    expect(positions.find((p) => p.market === 'BTC_PERP')?.amount).toBe('0.001');
    // a close of the whole long, and no more, asks nothing
    await ok('orders.place', { accountId: ids['main'], draft: { ...long, side: 'sell' } });
    expect(desktop.confirmations).toHaveLength(asked + 1);
  });
});
