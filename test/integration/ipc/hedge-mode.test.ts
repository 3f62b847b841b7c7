// The order ticket's position side against the account's hedge mode, read from the sandbox: checked
// as the user types, enforced before anything is sent, and read again once the exchange says it changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import type { AccountView, RuleIssueView } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';

let core: TestCore;
const { call, ok } = procedureCalls(() => core);
let alpha = '';
let main = '';

const long = { kind: 'collateral_market', market: 'BTC_PERP', side: 'buy', amount: '0.001' } as const;
const sideIssues = (issues: RuleIssueView[]) => issues.filter((i) => i.field === 'positionSide');
/** Collateral orders the app sent for the account (the audit log of signed requests, queued ones too). */
const collateralOrdersSent = async () =>
  (await ok<Array<{ path: string }>>('history.auditLog', { accountId: alpha, limit: 1000 })).filter(
    (e) => e.path === '/api/v4/order/collateral/market',
  ).length;

beforeAll(async () => {
  core = await createTestCore();
  const accounts = await ok<AccountView[]>('accounts.list', undefined);
  alpha = accounts.find((a) => a.label === 'Sandbox sub-alpha')?.id ?? '';
  main = accounts.find((a) => a.label === 'Sandbox main')?.id ?? '';
  expect(alpha).not.toBe('');
  expect(main).not.toBe('');
}, 60_000);
afterAll(() => core.close());

describe('hedge mode and the position side', () => {
  it('checks and refuses an order without a hedge-mode side before sending it, and places one with it', async () => {
    await collateral.setHedgeMode(await core.accounts.caller(alpha), true);
    const issues = (await ok<{ issues: RuleIssueView[] }>('orders.check', { draft: long, accountId: alpha }))
      .issues;
    expect(sideIssues(issues)).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/LONG or SHORT in hedge mode/) }),
    ]);
    // Without an account the rule cannot know the mode and leaves the side to the exchange.
    expect(
      sideIssues((await ok<{ issues: RuleIssueView[] }>('orders.check', { draft: long })).issues),
    ).toEqual([]);

    const before = await collateralOrdersSent();
    const refused = await call('orders.place', { accountId: alpha, draft: long });
    expect(refused.ok ? null : refused.error).toMatchObject({
      code: 'rule_violation',
      field: 'positionSide',
    });
    expect(await collateralOrdersSent()).toBe(before);

    const placed = await ok<{ order?: { positionSide?: string } }>('orders.place', {
      accountId: alpha,
      draft: { ...long, positionSide: 'LONG' },
    });
    expect(placed.order?.positionSide).toBe('LONG');
  });

  it('reads the mode again when the exchange refuses a side because it changed meanwhile', async () => {
    // Read once as one-way mode (the sandbox's default) and used for the next minute…
    expect(
      sideIssues(
        (await ok<{ issues: RuleIssueView[] }>('orders.check', { draft: long, accountId: main })).issues,
      ),
    ).toEqual([]);
    // …while it is switched on the exchange's own site: the order passes the rules, the exchange refuses it.
    await collateral.setHedgeMode(await core.accounts.caller(main), true);
    const refused = await call('orders.place', { accountId: main, draft: long });
    expect(refused.ok ? null : refused.error).toMatchObject({ field: 'positionSide' });
    expect(refused.ok ? null : refused.error.code).not.toBe('rule_violation');
    // The refusal dropped the old reading: the ticket now says what the exchange wants.
    const issues = (await ok<{ issues: RuleIssueView[] }>('orders.check', { draft: long, accountId: main }))
      .issues;
    expect(sideIssues(issues)).toHaveLength(1);
  });
});
