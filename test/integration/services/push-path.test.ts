// The one push path against the sandbox's real WebSocket: a `balanceSpot` push reaches the board row
// of a page following the board from the state main holds in memory, without one read of the cache
// (counted on the cache's read path), and each page receives only what it reads: the board's page no
// pushes at all, a page following one market's last price only that.
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardView, EventPayload, LiveBatch } from '../../../main/ipc/contract.ts';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import { spot, toLedger } from '../../../main/sandbox/ledger.ts';
import { createBridge } from '../../../preload/bridge.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';

let core: TestCore;
const { ok } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore({ connection: { kind: 'sandbox', persist: false, extraSubAccounts: 3 } });
}, 60_000);
afterAll(() => core.close());

/** A page over its own bridge, recording every event that crosses to it. */
function page() {
  const transport = inProcessTransport(core.router, core.events, 'page');
  const crossed: Array<{ name: string; payload: unknown }> = [];
  const stop = transport.listen((name, payload) => crossed.push({ name, payload }));
  return { api: createBridge(transport), crossed, stop };
}

describe('one push path', () => {
  it('a balanceSpot push changes the board row without a cache read; pushes cross only to the page that reads them', async () => {
    await ok('board.refresh');
    const board = page();
    const trade = page();
    const rows: Array<EventPayload<'board.rows'>> = [];
    board.api.on('board.rows', (p) => rows.push(p));
    const opened = await board.api.board.view();
    if (!opened.ok) throw new Error(opened.error.message);
    const target = opened.value.rows.find((r) => r.label === 'Sandbox sub-002');
    const main = opened.value.rows.find((r) => r.kind === 'main');
    if (!target?.free || !main) throw new Error('no sub-002 or main account on the board');

    // the trade page reads one market's last price of the main account, and nothing of the board
    const prices: LiveBatch[] = [];
    trade.api.on('ws.batch', (b) => prices.push(b));
    const sub = await trade.api.live.subscribe({
      accountId: main.account,
      channel: 'lastprice',
      topic: 'BTC_USDT',
    });
    expect(sub.ok).toBe(true);

    const followed = await board.api.board.follow();
    expect(followed.ok).toBe(true);
    const accounts = opened.value.rows.length;
    await expect
      .poll(
        () =>
          board.api.board
            .view()
            .then((r) => (r.ok ? r.value.rows.filter((x) => x.feed === 'live').length : 0)),
        {
          timeout: 20_000,
        },
      )
      .toBe(accounts);

    // The sandbox moves 12.34 USDT onto the account's spot balance: a balanceSpot push.
    const sandbox = core.connection.sandbox;
    const account = [...(sandbox?.control.state.accounts.values() ?? [])].find((a) => a.label === 'sub-002');
    if (!account) throw new Error('no sandbox sub-002');
    const expected = new Decimal(target.free).plus('12.34').toFixed(2);
    const readsBefore = core.cache.readCount();
    const knownReadsBefore = core.cache.readCount('lastKnown.list') + core.cache.readCount('lastKnown.get');
    const usdt = spot(account, 'USDT');
    usdt.available += toLedger('12.34');
    await expect
      .poll(() => rows.some((p) => p.rows.some((r) => r.account === target.account && r.free === expected)), {
        timeout: 10_000,
      })
      .toBe(true);

    // Drawn from the state main holds: not one read of the cache on the way.
    expect(core.cache.readCount('lastKnown.list') + core.cache.readCount('lastKnown.get')).toBe(
      knownReadsBefore,
    );
    expect(core.cache.readCount()).toBe(readsBefore);

    // The board's page reads no pushes: none crossed to it, while the trade page got its price only.
    await expect.poll(() => prices.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(board.crossed.filter((e) => e.name === 'ws.batch')).toEqual([]);
    expect(new Set(board.crossed.map((e) => e.name))).toEqual(new Set(['board.rows']));
    const pushed = trade.crossed.filter((e) => e.name === 'ws.batch').map((e) => e.payload as LiveBatch);
    expect(pushed.every((b) => b.accountId === main.account)).toBe(true);
    expect(
      pushed.flatMap((b) => b.events).every((e) => e.channel === 'lastprice' && e.market === 'BTC_USDT'),
    ).toBe(true);
    // ...and no row of the board (it does not read them)
    expect(trade.crossed.some((e) => e.name === 'board.rows')).toBe(false);

    await board.api.board.unfollow();
    board.stop();
    trade.stop();
    const view: BoardView = await ok<BoardView>('board.view');
    expect(view.rows.find((r) => r.account === target.account)?.free).toBe(expected);
  });
});
