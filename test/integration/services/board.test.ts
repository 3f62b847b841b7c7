// The desk board against the sandbox: a refresh reads every account on its own key (rows with valued
// balances, counts and the nearest liquidation), a revoked key shows as such, and a flatten with one
// account failing reports that account alone and can be sent again for it; an account's orders are
// cancelled a hundred to a request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BoardView,
  BulkPreviewView,
  EventPayload,
  ProcedureResult,
} from '../../../main/ipc/contract.ts';
import { toUnits } from '../../../main/sandbox/engine/units.ts';
import { watchEverySandbox } from '../../../main/sandbox/traffic.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const SUBS = 12;
const desktop = scriptedDesktop();
let core: TestCore;
const { ok } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore({
    platform: desktop.platform,
    connection: { kind: 'sandbox', persist: false, extraSubAccounts: SUBS, deskActivity: true },
  });
}, 60_000);
afterAll(() => core.close());

const desk = () => core.accounts.registry.list().filter((a) => /^Sandbox sub-\d{3}$/.test(a.label));
const keyOf = (label: string) =>
  core.connection.sandbox?.accounts.find((a) => `Sandbox ${a.label}` === label)?.apiKey ?? '';

describe('the desk board', () => {
  it('opens empty before any read, then a refresh fills every row with valued amounts', async () => {
    const before = await ok<BoardView>('board.view');
    expect(before.rows.length).toBe(SUBS + 5);
    expect(before.rows.every((r) => r.asOfMs === undefined && r.keyState === 'unknown')).toBe(true);

    const pushed: string[] = [];
    const stop = core.events.subscribe((name, payload) => {
      if (name === 'board.rows')
        pushed.push(...(payload as EventPayload<'board.rows'>).rows.map((r) => r.account));
    });
    const refresh = await ok<ProcedureResult<'board.refresh'>>('board.refresh');
    stop();
    expect(refresh).toMatchObject({ accounts: SUBS + 5, failed: 0 });
    expect(new Set(pushed).size).toBe(SUBS + 5);

    const after = await ok<BoardView>('board.view');
    const sub = after.rows.find((r) => r.label === 'Sandbox sub-001');
    expect(sub).toMatchObject({ keyState: 'valid', openOrders: 1, openPositions: 1 });
    // 100 USDT + 0.01 BTC spot, 6.43 USDT of it held by the resting order (0.0002 BTC at 32,125.25); 1,000 USDT collateral
    expect(sub?.locked).toBe('6.43');
    expect(Number(sub?.collateral)).toBeGreaterThan(990); // less the fee of opening the position
    expect(Number(sub?.liquidationDistance)).toBeGreaterThan(0);
    expect(after.rows.every((r) => typeof r.asOfMs === 'number')).toBe(true);
    expect(Number(after.totals.equity)).toBeGreaterThan(Number(sub?.equity));
  });

  it("counts each account's main balance: a sub-account funded with 1 USDT shows it in Equity and Main", async () => {
    const target = desk().at(-1);
    await ok('board.refresh', { accountIds: [target?.id] });
    const before = (await ok<BoardView>('board.view')).rows.find((r) => r.account === target?.id);
    expect(before?.main).toMatch(/^\d+\.\d\d$/);
    await ok('subaccounts.transfer', {
      accountId: target?.id,
      direction: 'main_to_sub',
      ticker: 'USDT',
      amount: '1',
    });
    await ok('board.refresh', { accountIds: [target?.id] });
    const view = await ok<BoardView>('board.view');
    const after = view.rows.find((r) => r.account === target?.id);
    expect(Number(after?.main) - Number(before?.main)).toBeCloseTo(1, 6);
    expect(Number(after?.equity) - Number(before?.equity)).toBeCloseTo(1, 6);
    // the totals count every main balance too
    expect(view.totals.main).toBe(view.rows.reduce((s, r) => s + Number(r.main ?? 0), 0).toFixed(2));
  });

  it('shows a revoked key as revoked, with the reason in words', async () => {
    const [target] = desk();
    core.connection.sandbox?.control.setKeyEnabled(keyOf(target?.label ?? ''), false);
    await ok('board.refresh', { accountIds: [target?.id] });
    const row = (await ok<BoardView>('board.view')).rows.find((r) => r.account === target?.id);
    expect(row?.keyState).toBe('revoked');
    expect(row?.problem).toContain('disabled');
    core.connection.sandbox?.control.setKeyEnabled(keyOf(target?.label ?? ''), true);
  });

  it('lists open orders and positions of many accounts with the account as a column', async () => {
    await ok('board.refresh');
    const ids = desk().map((a) => a.id);
    const orders = await ok<ProcedureResult<'board.openOrders'>>('board.openOrders', { accountIds: ids });
    expect(orders.length).toBe(SUBS);
    expect(new Set(orders.map((o) => o.label)).size).toBe(SUBS);
    const positions = await ok<ProcedureResult<'board.openPositions'>>('board.openPositions', {
      accountIds: ids,
    });
    expect(positions.length).toBe(SUBS);
  });

  it('flattens a selection; one account failing is reported alone and a re-send finishes it', async () => {
    const [first, second, third] = desk();
    const ids = [first?.id, second?.id, third?.id] as string[];
    const preview = await ok<BulkPreviewView>('board.previewBulk', { action: 'flatten', accountIds: ids });
    expect(preview).toMatchObject({ orders: 3, positions: 3 });
    core.connection.sandbox?.control.setKeyEnabled(keyOf(second?.label ?? ''), false);
    const sent = await ok<ProcedureResult<'board.runBulk'>>('board.runBulk', {
      previewId: preview.previewId,
    });
    const question = desktop.confirmations.at(-1);
    expect(question?.title).toContain('3 accounts');
    expect(question?.facts).toEqual(
      expect.arrayContaining([
        { label: 'Orders to cancel', value: '3' },
        { label: 'Positions to close', value: '3 (market orders, reduce-only)' },
      ]),
    );
    expect(sent.results.map((r) => [r.label, r.ok])).toEqual([
      [second?.label, false],
      [expect.any(String), true],
      [expect.any(String), true],
    ]);
    expect(sent.results[1]).toMatchObject({ cancelled: 1, closed: 1 });

    core.connection.sandbox?.control.setKeyEnabled(keyOf(second?.label ?? ''), true);
    const again = await ok<BulkPreviewView>('board.previewBulk', {
      action: 'flatten',
      accountIds: [second?.id],
      parentId: sent.parentId,
    });
    expect(again).toMatchObject({ parentId: sent.parentId, orders: 1, positions: 1 });
    const resent = await ok<ProcedureResult<'board.runBulk'>>('board.runBulk', {
      previewId: again.previewId,
    });
    expect(resent.results).toEqual([expect.objectContaining({ ok: true, cancelled: 1, closed: 1, left: 0 })]);
    // a third send finds nothing left to do
    const nothing = await ok<BulkPreviewView>('board.previewBulk', { action: 'flatten', accountIds: ids });
    expect(nothing).toMatchObject({ orders: 0, positions: 0 });
    const log = await ok<ProcedureResult<'board.batches'>>('board.batches', { parentId: sent.parentId });
    expect(log.flatMap((b) => b.children.map((c) => c.outcome)).sort()).toEqual(['failed', 'ok', 'ok', 'ok']);
  });

  it("cancels an account's 150 open orders in two requests, of 100 and 50", async () => {
    const [, , , , , sixth] = desk();
    const sandbox = core.connection.sandbox;
    const owner = [...(sandbox?.control.state.accounts.values() ?? [])].find(
      (a) => `Sandbox ${a.label}` === sixth?.label,
    );
    const m = sandbox?.control.state.markets.get('BTC_USDT');
    if (!sandbox || !owner || !m) throw new Error('no sandbox account or market');
    const resting = sandbox.control.engine.openOrders(owner.id).length;
    for (let i = resting; i < 150; i++)
      sandbox.control.engine.place({
        owner: owner.id,
        market: m.name,
        side: 'buy',
        type: 'limit',
        amount: toUnits('0.0001', m.stockPrec),
        price: toUnits(String(1_000 + i), m.moneyPrec),
      });
    const preview = await ok<BulkPreviewView>('board.previewBulk', {
      action: 'cancel_orders',
      accountIds: [sixth?.id],
    });
    expect(preview.orders).toBe(150);
    const asked: number[] = [];
    const stop = watchEverySandbox((message) => {
      if (message.via === 'rest' && message.path.startsWith('/api/v4/order/cancel'))
        asked.push(message.path === '/api/v4/order/cancel/bulk' ? (message.body as unknown[]).length : 1);
    });
    const sent = await ok<ProcedureResult<'board.runBulk'>>('board.runBulk', {
      previewId: preview.previewId,
    });
    stop();
    expect(sent.results).toEqual([expect.objectContaining({ ok: true, cancelled: 150, left: 0 })]);
    expect(asked).toEqual([100, 50]);
    expect(sandbox.control.engine.openOrders(owner.id)).toEqual([]);
  });

  it('sends nothing when the question is declined', async () => {
    const [, , , fourth] = desk();
    const preview = await ok<BulkPreviewView>('board.previewBulk', {
      action: 'cancel_orders',
      accountIds: [fourth?.id],
    });
    desktop.confirmAnswer = false;
    const reply = await core.router.dispatch(
      'board.runBulk',
      { previewId: preview.previewId },
      { origin: 'test' },
    );
    desktop.confirmAnswer = true;
    expect(reply).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    const still = await ok<BulkPreviewView>('board.previewBulk', {
      action: 'cancel_orders',
      accountIds: [fourth?.id],
    });
    expect(still.orders).toBe(1);
  });
});
