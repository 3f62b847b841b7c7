// The sub-accounts' withdrawals the exchange holds for the main account, through the procedures against
// the embedded sandbox: listed with the desk's labels, let go after main's question naming the
// sub-account and the amount (the exchange then sends it), kept waiting when the person says no, and
// refused by name once it no longer waits.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalView } from '../../../main/ipc/contract.ts';
import type { Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
let sandbox: Sandbox;
const { ok, refused } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  const s = core.connection.sandbox;
  if (!s) throw new Error('the test core runs the embedded sandbox');
  sandbox = s;
});
afterAll(() => core.close());
beforeEach(() => {
  desktop.confirmAnswer = true;
  desktop.confirmations.length = 0;
});

const waiting = async () => (await ok<ApprovalView[]>('subaccounts.approvals')).map((w) => w.id);
const heldAt = (id: string) => sandbox.control.state.wallet.approvals?.find((w) => w.id === id);

describe("the sub-accounts' waiting withdrawals", () => {
  it('are listed newest first, with the desk’s labels', async () => {
    const id = sandbox.control.awaitApproval('sub-maker', 'BTC', '0.5');
    const rows = await ok<ApprovalView[]>('subaccounts.approvals');
    expect(rows.find((r) => r.id === id)).toMatchObject({
      label: 'Sandbox sub-maker',
      ticker: 'BTC',
      amount: '0.5',
    });
    expect(rows.map((r) => r.createdAtMs)).toEqual([...rows.map((r) => r.createdAtMs)].sort((a, b) => b - a));
  });

  it('one is let go after main’s question names the sub-account and the amount: the exchange sends it', async () => {
    const id = sandbox.control.awaitApproval('sub-alpha', 'USDT', '1250');
    const done = await ok<{ letGo: ApprovalView }>('subaccounts.confirmWithdrawal', { id });
    expect(done.letGo).toMatchObject({ id, ticker: 'USDT', amount: '1250', label: 'Sandbox sub-alpha' });
    const [question] = desktop.confirmations;
    expect(question?.title).toBe('Let 1,250 USDT leave sub-account Sandbox sub-alpha?');
    expect(question?.facts.find((f) => f.label === 'Amount')?.value).toBe('1,250 USDT');
    expect(question?.warning).toMatch(/cannot be undone/);
    expect(heldAt(id)?.confirmedAt).toBeDefined();
    expect(await waiting()).not.toContain(id);
  });

  it('stays waiting, nothing sent, when the person says no', async () => {
    const id = sandbox.control.awaitApproval('sub-alpha', 'BTC', '0.25');
    desktop.confirmAnswer = false;
    const e = await refused('subaccounts.confirmWithdrawal', { id });
    expect(e.code).toBe('not_confirmed');
    expect(heldAt(id)?.confirmedAt).toBeUndefined();
    expect(await waiting()).toContain(id);
  });

  it('is refused by name, with no question, once it no longer waits', async () => {
    const id = sandbox.control.awaitApproval('sub-alpha', 'BTC', '0.1');
    await ok('subaccounts.confirmWithdrawal', { id });
    desktop.confirmations.length = 0;
    const e = await refused('subaccounts.confirmWithdrawal', { id });
    expect(e.message).toBe(
      'This withdrawal no longer waits for the main account: it was let go or withdrawn. Read the list again.',
    );
    expect(e.field).toBe('id');
    expect(desktop.confirmations).toEqual([]);
  });
});
