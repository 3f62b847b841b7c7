/**
 * What the Positions screen shows is derived from the exchange and said where it matters, against a
 * real sandbox and the app's main process in one process, with the screen's own managers:
 * - a take-profit placed alone from the TP/SL form (a reduce-only limit order of its own, which the
 *   exchange's record of the position does not list) is in the position's TP/SL, and so is a lone
 *   stop-loss;
 * - after a leverage change the header's "Margin in use" is the rows' margin again;
 * - a level chosen and not yet set says each position's liquidation price at that level (the
 *   exchange's own once it is set) and names a stop-loss that would then lie past it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PositionView } from '../../../main/ipc/contract.ts';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { createBridge } from '../../../preload/bridge.ts';
import type { TxcApi } from '../../../renderer/src/lib/api.ts';
import { compareDecimal } from '../../../renderer/src/lib/format/decimal.ts';
import { addDecimal, subtractDecimal } from '../../../renderer/src/lib/format/exact.ts';
import { legPrices } from '../../../renderer/src/lib/format/tpsl.ts';
import { CollateralAccountManager } from '../../../renderer/src/lib/managers/collateral-account.svelte.ts';
import { PositionsManager } from '../../../renderer/src/lib/managers/positions.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { createTestCore, procedureCalls, registerAccount, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const MARKET = 'BTC_PERP';
const desktop = scriptedDesktop();
let sandbox: Sandbox;
let core: TestCore;
let api: TxcApi;
let accountId = '';
let positions: PositionsManager;
const { ok } = procedureCalls(() => core);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 23, simulate: false });
  core = await createTestCore({
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
    platform: desktop.platform,
  });
  accountId = (
    await registerAccount(
      core,
      'Alpha',
      sandbox.accounts.find((a) => a.label === 'sub-alpha'),
    )
  ).id;
  api = createBridge(inProcessTransport(core.router, core.events, 'renderer'));
  await ok('orders.place', {
    accountId,
    draft: { kind: 'collateral_market', market: MARKET, side: 'buy', amount: '0.02' },
  });
  positions = new PositionsManager(api, memoryStore());
  await positions.follow(accountId);
}, 60_000);
afterAll(async () => {
  await positions.stop();
  await core.close();
  await sandbox.close();
});

const row = (): PositionView | undefined => positions.positions.find((p) => p.market === MARKET);
const entry = (): string => row()?.basePrice ?? '0';

describe('the Positions screen', () => {
  it("lists a take-profit placed alone, and a stop-loss placed alone, in the position's TP/SL", async () => {
    const p = row();
    if (!p) throw new Error('no position');
    const takeProfit = addDecimal(entry(), '3000').replace(/\.(\d).*$/, '.$1');
    expect(await positions.tpsl.add(p, takeProfit, '')).toBe(true);
    await vi.waitFor(() => expect(legPrices(row() ?? p, 'takeProfit')).toEqual([takeProfit]), {
      timeout: 10_000,
    });
    const stopLoss = subtractDecimal(entry(), '3000').replace(/\.(\d).*$/, '.$1');
    expect(await positions.tpsl.add(row() ?? p, '', stopLoss)).toBe(true);
    await vi.waitFor(() => expect(legPrices(row() ?? p, 'stopLoss')).toEqual([stopLoss]), {
      timeout: 10_000,
    });
    expect(legPrices(row() ?? p, 'takeProfit')).toEqual([takeProfit]);
  });

  it("shows the header's margin in use as the rows' margin after each leverage change", async () => {
    const collateral = new CollateralAccountManager(api);
    await collateral.follow(accountId);
    const rowsMargin = () => positions.positions.reduce((sum, p) => addDecimal(sum, p.margin ?? '0'), '0');
    // as the screen does: the collateral overview follows the positions the exchange has
    collateral.positionsNow(accountId, positions.positions);
    for (const level of [2, 10, 5]) {
      expect(await positions.setLeverage(level)).toBe(true);
      collateral.positionsNow(accountId, positions.positions);
      await vi.waitFor(
        () => expect(compareDecimal(collateral.overview?.margin ?? '', rowsMargin())).toBe(0),
        { timeout: 10_000 },
      );
    }
    await collateral.stop();
  });

  it("says the liquidation price at a level chosen and not yet set, the exchange's own once it is, and a stop-loss that would lie past it", async () => {
    await vi.waitFor(() => expect(positions.leverage?.level).toBe(5), { timeout: 10_000 });
    const p = row();
    if (!p) throw new Error('no position');
    // at 100× the liquidation price comes within 1 % of the entry: the stop-loss 3,000 below is past it
    await positions.choice.choose('100');
    const at = positions.choice.of(p.positionId);
    // the preview's price now is the exchange's, which the row shows once its push is in
    await vi.waitFor(() => expect(row()?.liquidationPrice).toBe(at?.liquidationPrice), { timeout: 10_000 });
    expect(compareDecimal(at?.liquidationAt ?? '0', at?.liquidationPrice ?? '0')).toBeGreaterThan(0);
    expect(at?.legsBeyond.map((l) => l.kind)).toEqual(['stopLoss']);
    expect(positions.choice.legsPast.map((r) => r.market)).toEqual([MARKET]);
    // a level in force previews nothing
    await positions.choice.choose('5');
    expect(positions.choice.preview).toBeUndefined();
    // set: the exchange's liquidation price is the one previewed
    await positions.choice.choose('100');
    const previewed = positions.choice.of(p.positionId)?.liquidationAt ?? '';
    expect(await positions.setLeverage(100)).toBe(true);
    expect(positions.choice.level).toBe('');
    await vi.waitFor(() => expect(positions.leverage?.level).toBe(100), { timeout: 10_000 });
    const given = row()?.liquidationPrice ?? '';
    // the exchange gives its price to 8 places
    const gap = subtractDecimal(given, previewed).replace('-', '');
    expect(compareDecimal(gap, '0.00000002')).toBeLessThanOrEqual(0);
  });
});
