import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { DeskService } from '../../../main/services/desk/desk.ts';
import { createTestCore, type TestCore } from '../../support/core.ts';

let core: TestCore;
let desk: DeskService;

beforeAll(async () => {
  core = await createTestCore({ connection: { kind: 'sandbox', persist: false, extraSubAccounts: 50 } });
  desk = new DeskService(core.accounts, core.connection);
}, 60_000);
afterAll(() => core.close());

const extras = () => core.accounts.registry.list().filter((a) => /^Sandbox sub-\d{3}$/.test(a.label));

describe('desk: many accounts at once', () => {
  it('fans balances out over every account under the shared limits, with no rejection', async () => {
    const ids = core.accounts.registry.list().map((a) => a.id);
    expect(ids.length).toBe(55);
    const arrived: string[] = [];
    const results = await desk.balances(ids, (r) => arrived.push(r.account));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(arrived)).toEqual(new Set(ids));
  });

  it('sends one order to 50 accounts: the one whose size breaks a rule fails alone, the others are placed once', async () => {
    const accounts = extras().map((a) => a.id);
    expect(accounts).toHaveLength(50);
    const tiny = accounts[17] as string;
    const weights = Object.fromEntries(accounts.map((id) => [id, id === tiny ? 0.0001 : 1]));
    const draft = { kind: 'limit' as const, market: 'BTC_USDT', side: 'buy', amount: '0', price: '20000' };
    const sizing = { kind: 'weight' as const, total: '0.0490001', weights };

    const preview = await desk.preview(accounts, draft, sizing);
    expect(preview.children.filter((c) => c.issues.length > 0).map((c) => c.account)).toEqual([tiny]);
    expect(preview.children.find((c) => c.account !== tiny)?.amount).toBe('0.001');

    const { parentId, results } = await desk.place(accounts, draft, sizing, preview.parentId);
    expect(parentId).toBe(preview.parentId);
    expect(results[0]).toMatchObject({
      account: tiny,
      ok: false,
      error: { code: 'rule_violation', field: 'amount' },
    });
    expect(results.filter((r) => r.ok)).toHaveLength(49);
    for (const r of results.slice(1)) {
      expect(r.clientOrderId.startsWith(`${parentId}-`)).toBe(true);
      const open = await trading.activeOrders(await core.accounts.caller(r.account), { market: 'BTC_USDT' });
      expect(open.filter((o) => o.clientOrderId === r.clientOrderId)).toHaveLength(1);
    }
  }, 60_000);
});
