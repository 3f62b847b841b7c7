/**
 * Margin calls and liquidations reach the desk as the exchange pushes them (`positionsAccountMargin`):
 * with no polling at all (alerts read accounts every 0 ms: never), an account alert fires the moment
 * the sandbox calls a margin call on the watched account's position, and again when it liquidates it;
 * the board row following the account says "margin call" and the desk raises its attention notice.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import type {
  AccountView,
  AlertFiredView,
  AlertView,
  BoardRowView,
  DeskAttentionView,
  EventPayload,
} from '../../../main/ipc/contract.ts';
import type { Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
let sandbox: Sandbox;
let main: AccountView;
const fired: AlertFiredView[] = [];
const rows: BoardRowView[] = [];
const attention: DeskAttentionView[] = [];
const { ok } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform, alertPollMs: 0 });
  sandbox = core.connection.sandbox as Sandbox;
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
  core.events.subscribe((name, payload) => {
    if (name === 'alerts.fired') fired.push(payload as AlertFiredView);
    if (name === 'board.rows') rows.push(...(payload as EventPayload<'board.rows'>).rows);
    if (name === 'board.attention') attention.push(payload as DeskAttentionView);
  });
}, 60_000);
afterAll(() => core?.close());

describe('margin calls as they happen', () => {
  it('fire the watched account’s alert and mark its board row, by push alone', async () => {
    const start = sandbox.control.state.lastPrices.get('ETH_PERP') as string;
    const c = await core.accounts.caller(main.id);
    await collateral.collateralMarketOrder(c, { market: 'ETH_PERP', side: 'buy', amount: '0.1' });
    const alert = (
      await ok<AlertView[]>('alerts.addAccount', {
        account: main.id,
        metric: 'marginRatio',
        threshold: '10000',
      })
    )[0] as AlertView;
    const reply = await core.router.dispatch('board.follow', undefined, {
      origin: 'test',
      frame: 'page-1',
    });
    expect(reply.ok).toBe(true);
    await expect.poll(() => core.live.state(main.id), { timeout: 20_000 }).toBe('live');
    const [position] = await collateral.openPositions(c, 'ETH_PERP');
    const liq = new Decimal(position?.liquidationPrice ?? '0');
    expect(liq.gt(0)).toBe(true);

    // into the margin-call band: the alert fires although its level (10,000 %) is never reached
    sandbox.control.setPrice('ETH_PERP', liq.times('1.01').toDecimalPlaces(2).toFixed());
    await expect.poll(() => fired.filter((f) => f.alertId === alert.id).length, { timeout: 10_000 }).toBe(1);
    expect(fired.at(-1)).toMatchObject({
      account: main.id,
      market: 'ETH_PERP',
      title: 'Margin call on Sandbox main',
      message: expect.stringMatching(
        /^Sandbox main: margin call on the long 0\.1 ETH_PERP position \(liquidation at [\d,.]+\)$/,
      ) as unknown,
    });
    expect(desktop.notices).toContainEqual({
      title: 'Margin call on Sandbox main',
      body: fired.at(-1)?.message,
    });
    await expect
      .poll(() => rows.some((r) => r.account === main.id && r.marginCall === true), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() => attention.some((a) => a.accounts.some((x) => x.account === main.id)), { timeout: 10_000 })
      .toBe(true);
    expect(attention.find((a) => a.account === main.id)?.message).toMatch(/^Sandbox main: margin call/);

    // past the liquidation price: the liquidation comes the same way
    sandbox.control.setPrice('ETH_PERP', liq.times('0.98').toDecimalPlaces(2).toFixed());
    await expect
      .poll(() => fired.some((f) => f.alertId === alert.id && f.title === 'Liquidation on Sandbox main'), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(fired.at(-1)?.message).toBe(
      'Sandbox main: the exchange liquidated the long 0.1 ETH_PERP position',
    );
    sandbox.control.setPrice('ETH_PERP', start);
    await core.router.dispatch('board.unfollow', undefined, { origin: 'test', frame: 'page-1' });
  }, 60_000);
});
