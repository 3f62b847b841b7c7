/**
 * Board rows entering attention against the embedded sandbox: keys revoked through the sandbox's
 * control make one desktop notice and one `board.attention` event at the next board refresh (one for
 * several accounts together, named in the desk's order whatever order the answers came in), none at a second refresh while they stay revoked, and one again after
 * the key came back and was revoked again; positions the market moved within the set liquidation %
 * do the same;
 * the rules are main's, kept across a restart, and refused in words when mistyped.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import type { AttentionRulesView, BoardView, DeskAttentionView } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
const entered: DeskAttentionView[] = [];
const { ok, refused } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore({
    platform: desktop.platform,
    alertPollMs: 0,
    connection: { kind: 'sandbox', persist: false, extraSubAccounts: 4, deskActivity: true },
  });
  core.events.subscribe((name, payload) => {
    if (name === 'board.attention') entered.push(payload as DeskAttentionView);
  });
  // only revoked keys count at first: no liquidation distance is within 0 %, nothing is a day old
  await ok('board.setAttentionRules', { liquidationPct: '0', staleMinutes: 1440 });
  await ok('board.refresh');
}, 60_000);
afterAll(() => core.close());
beforeEach(() => {
  entered.length = 0;
  desktop.notices.length = 0;
});

const subs = () =>
  core.accounts.registry
    .list()
    .filter((a) => /^Sandbox sub-\d{3}$/.test(a.label))
    .sort((a, b) => a.label.localeCompare(b.label));
const keyOf = (label: string) =>
  core.connection.sandbox?.accounts.find((a) => `Sandbox ${a.label}` === label)?.apiKey ?? '';
const setKey = (label: string, enabled: boolean) =>
  core.connection.sandbox?.control.setKeyEnabled(keyOf(label), enabled);

describe('board rows needing attention', () => {
  it('a revoked key raises one notice at the next refresh, none while it stays, one after it came back and went again', async () => {
    const [target] = subs();
    if (!target) throw new Error('no sub-account');
    setKey(target.label, false);
    await ok('board.refresh');
    expect(entered).toHaveLength(1);
    expect(entered[0]).toMatchObject({
      title: 'Sandbox sub-001 needs attention',
      message: 'Sandbox sub-001: key revoked',
      account: target.id,
      counts: { liquidation: 0, revoked: 1, stale: 0 },
    });
    expect(desktop.notices).toEqual([
      { title: 'Sandbox sub-001 needs attention', body: 'Sandbox sub-001: key revoked' },
    ]);

    await ok('board.refresh');
    expect(entered).toHaveLength(1);
    expect(desktop.notices).toHaveLength(1);

    setKey(target.label, true);
    await ok('board.refresh');
    expect(entered).toHaveLength(1);
    setKey(target.label, false);
    await ok('board.refresh', { accountIds: [target.id] });
    expect(entered).toHaveLength(2);
    expect(desktop.notices).toHaveLength(2);
    setKey(target.label, true);
    await ok('board.refresh');
  });

  it('several keys revoked at once make one notice for all of them, naming them in the desk order whichever answer came first', async () => {
    const some = subs();
    for (const a of some) setKey(a.label, false);
    // each answer takes its own time: the accounts' readings end in any order
    core.connection.sandbox?.control.setFaults({ latencyMs: [0, 2000], seed: 1 });
    try {
      await ok('board.refresh');
    } finally {
      core.connection.sandbox?.control.setFaults(undefined);
    }
    for (const a of some) setKey(a.label, true);
    expect(entered).toHaveLength(1);
    expect(entered[0]?.title).toBe('4 accounts need attention');
    expect(entered[0]?.message).toBe(
      '4 keys revoked: Sandbox sub-001, Sandbox sub-002, Sandbox sub-003 and 1 more',
    );
    expect(entered[0]?.accounts.map((a) => a.label)).toEqual(some.map((a) => a.label));
    expect(desktop.notices).toHaveLength(1);
    await ok('board.refresh');
    expect(entered).toHaveLength(1);
  });

  it('a position within the set liquidation % raises one notice; with the kind off only the Events entry comes', async () => {
    const main = core.accounts.registry.list().find((a) => a.label === 'Sandbox main');
    if (!main) throw new Error('no main account');
    const c = await core.accounts.caller(main.id);
    await collateral.collateralMarketOrder(c, { market: 'BTC_PERP', side: 'buy', amount: '0.002' });
    await ok('notifications.configure', { deskAttention: false });
    await ok('board.setAttentionRules', { liquidationPct: '99.99', staleMinutes: 1440 });
    await ok('board.refresh', { accountIds: [main.id] });
    expect(entered).toHaveLength(1);
    expect(entered[0]?.message).toMatch(/^Sandbox main: liquidation [\d.]+ % away \(within 99\.99 %\)$/);
    expect(desktop.notices).toEqual([]);

    await ok('notifications.configure', { deskAttention: true });
    await ok('board.refresh', { accountIds: [main.id] });
    expect(entered).toHaveLength(1);
    await collateral.collateralMarketOrder(c, { market: 'BTC_PERP', side: 'sell', amount: '0.002' });
    await ok('board.setAttentionRules', { liquidationPct: '0', staleMinutes: 1440 });
  });

  it('the market moving short positions within 5 % of liquidation raises one notice for them, none at the next refresh', async () => {
    const control = core.connection.sandbox?.control;
    if (!control) throw new Error('no embedded sandbox');
    const start = control.state.lastPrices.get('BTC_PERP') ?? '0';
    await ok('board.setAttentionRules', { liquidationPct: '5', staleMinutes: 1440 });
    // the desk's sub-accounts hold 0.001 BTC_PERP each, short on odd ones, about 9.5 % from liquidation
    control.setPrice('BTC_PERP', String(Math.round(Number(start) * 1.06)));
    await ok('board.refresh');
    const near = (await ok<BoardView>('board.view')).rows
      .filter((r) => r.liquidationDistance !== undefined && Number(r.liquidationDistance) <= 5)
      .map((r) => r.label)
      .sort();
    expect(near).toEqual(['Sandbox sub-001', 'Sandbox sub-003']);
    expect(entered).toHaveLength(1);
    expect(entered[0]).toMatchObject({
      title: '2 accounts need attention',
      message: '2 liquidation within 5 %: Sandbox sub-001, Sandbox sub-003',
      counts: { liquidation: 2, revoked: 0, stale: 0 },
    });
    expect(desktop.notices).toHaveLength(1);

    await ok('board.refresh');
    expect(entered).toHaveLength(1);
    control.setPrice('BTC_PERP', start);
    await ok('board.refresh');
    expect(entered).toHaveLength(1);
    await ok('board.setAttentionRules', { liquidationPct: '0', staleMinutes: 1440 });
  });

  it('keeps the rules across a restart and refuses a mistyped one in words', async () => {
    expect(await refused('board.setAttentionRules', { liquidationPct: '5%', staleMinutes: 5 })).toMatchObject(
      {
        field: 'liquidationPct',
      },
    );
    expect(await refused('board.setAttentionRules', { liquidationPct: '5', staleMinutes: 0 })).toMatchObject({
      field: 'staleMinutes',
    });
    const rules = await ok<AttentionRulesView>('board.setAttentionRules', {
      liquidationPct: ' 2.5 ',
      staleMinutes: 30,
    });
    expect(rules).toEqual({ liquidationPct: '2.5', staleMinutes: 30 });
    const again = await createTestCore({ environment: core.environment, alertPollMs: 0 });
    try {
      const reply = await again.router.dispatch('board.attentionRules', undefined, { origin: 'test' });
      expect(reply).toEqual({ ok: true, value: { liquidationPct: '2.5', staleMinutes: 30 } });
    } finally {
      await again.close();
    }
  });
});
