// The board live against the sandbox's real WebSocket: every account's socket opens for the page
// following the board, an order placed and cancelled through the order ticket's path changes that
// account's row by push alone (no board refresh), and leaving the board closes the sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardRowView, BoardView, EventPayload, PlaceResultView } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';

const SUBS = 6;
let core: TestCore;
const { ok } = procedureCalls(() => core);
const asPage = async <T>(procedure: string, input?: unknown): Promise<T> => {
  const reply = await core.router.dispatch(procedure, input, { origin: 'test', frame: 'page-1' });
  if (!reply.ok) throw new Error(`${procedure}: ${reply.error.message}`);
  return reply.value as T;
};

beforeAll(async () => {
  core = await createTestCore({
    connection: { kind: 'sandbox', persist: false, extraSubAccounts: SUBS, deskActivity: true },
  });
}, 60_000);
afterAll(() => core.close());

/** Resolves with the first row of `account` that `test` accepts, as main sends them. */
function rowWhen(account: string, test: (row: BoardRowView) => boolean): Promise<BoardRowView> {
  return new Promise((resolve) => {
    const stop = core.events.subscribe((name, payload) => {
      if (name !== 'board.rows') return;
      const row = (payload as EventPayload<'board.rows'>).rows.find((r) => r.account === account);
      if (row && test(row)) {
        stop();
        resolve(row);
      }
    });
  });
}

const sockets = () => core.connection.sandbox?.websocket?.connections ?? -1;

describe('the board live', () => {
  it('a refresh of the whole board asked while some accounts are read waits for them, then reads every account', async () => {
    const [first] = (await ok<BoardView>('board.view')).rows;
    const some = ok<{ accounts: number }>('board.refresh', { accountIds: [first?.account] });
    const all = ok<{ accounts: number }>('board.refresh');
    const joined = ok<{ accounts: number }>('board.refresh', { accountIds: [first?.account] });
    expect((await some).accounts).toBe(1);
    expect((await all).accounts).toBe(SUBS + 5);
    // asked for one account already being read: it joins that read
    expect((await joined).accounts).toBe(1);
  });

  it('follows every account, a placed and a cancelled order change the row by push, leaving closes the sockets', async () => {
    await ok('board.refresh');
    const before = await ok<BoardView>('board.view');
    const accounts = before.rows.length;
    const target = before.rows.find((r) => r.label === 'Sandbox sub-003');
    if (!target) throw new Error('no sub-003');
    expect(target.feed).toBeUndefined();

    const allLive = new Promise<void>((resolve) => {
      const live = new Set<string>();
      const stop = core.events.subscribe((name, payload) => {
        if (name !== 'board.rows') return;
        for (const r of (payload as EventPayload<'board.rows'>).rows)
          if (r.feed === 'live') live.add(r.account);
        if (live.size === accounts) {
          stop();
          resolve();
        }
      });
    });
    expect(await asPage('board.follow')).toEqual({ live: 0, accounts });
    await allLive;
    expect(sockets()).toBe(accounts);
    expect((await ok<BoardView>('board.view')).rows.every((r) => r.feed === 'live')).toBe(true);

    const orders = target.openOrders ?? 0;
    const placedRow = rowWhen(target.account, (r) => r.openOrders === orders + 1);
    const placed = await ok<PlaceResultView>('orders.place', {
      accountId: target.account,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '62000' },
    });
    const row = await placedRow;
    expect(row.feed).toBe('live');
    // 62 USDT more held by the order
    expect(Number(row.locked)).toBeCloseTo(Number(target.locked) + 62, 2);

    const cancelledRow = rowWhen(target.account, (r) => r.openOrders === orders);
    await ok('orders.cancel', {
      accountId: target.account,
      market: 'BTC_USDT',
      orderId: placed.order?.orderId,
    });
    expect((await cancelledRow).locked).toBe(target.locked);

    expect(await asPage('board.unfollow')).toBe(true);
    expect(core.live.subscriptionCount()).toBe(0);
    // a socket with a request still out (its unsubscribe, a ping) closes once it is answered
    await expect.poll(() => core.live.sockets).toBe(0);
    await expect.poll(sockets).toBe(0);
  }, 60_000);
});
