import { describe, expect, it } from 'vitest';
import type { DeskRulesView } from '../../../main/ipc/contract.ts';
import {
  ApprovalsManager,
  policyForm,
  policyOf,
} from '../../../renderer/src/lib/managers/approvals.svelte.ts';
import { DeskRulesManager } from '../../../renderer/src/lib/managers/desk-rules.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const policy = {
  transferLimits: { USDT: '10000', BTC: '0.5' },
  keyPermissions: true,
  keyResets: false,
  withdrawalKeys: true,
  approvalMinutes: 60,
};

describe('the Approvals screen in the renderer', () => {
  it('edits the policy as lines of currency and amount, and names a line it cannot read', () => {
    const form = policyForm(policy);
    expect(form.limits).toBe('USDT 10000\nBTC 0.5');
    expect(policyOf({ ...form, limits: 'usdt 12,500\n\n eth 3 ' })).toEqual({
      ...policy,
      transferLimits: { USDT: '12500', ETH: '3' },
    });
    expect(policyOf({ ...form, limits: 'USDT' })).toMatchObject({
      message: 'Line 1 of the transfer limits: write a currency and an amount, like "USDT 10000".',
    });
    expect(policyOf({ ...form, minutes: 'an hour' })).toMatchObject({ field: 'approvalMinutes' });
  });

  it('reads the list again when main says the approvals changed, and counts what waits for this operator', async () => {
    const waiting = { id: 'p1', state: 'waiting', canDecide: true, canSend: false };
    const mine = { id: 'p2', state: 'approved', canDecide: false, canSend: true };
    let list: unknown[] = [waiting];
    const { api, emit, calls } = fakeBridge((procedure) =>
      procedure === 'approvals.list'
        ? { ok: true, value: list }
        : { ok: false, error: { code: 'x', message: 'x' } },
    );
    const approvals = new ApprovalsManager(api);
    const stop = approvals.follow();
    await approvals.load();
    expect(approvals.mine).toBe(1);
    list = [waiting, mine, { id: 'p3', state: 'sent', canDecide: false, canSend: false }];
    emit('approvals.changed', { atMs: 1 });
    await expect.poll(() => approvals.list.length).toBe(3);
    expect(approvals.mine).toBe(2);
    expect(approvals.waiting.map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(approvals.done.map((p) => p.id)).toEqual(['p3']);
    expect(calls.filter(([p]) => p === 'approvals.list')).toHaveLength(2);
    stop();
  });

  it("refuses in main's words what the operator's roles do not cover, only on a team desk", async () => {
    const rules: DeskRulesView = { active: true, roles: ['trader'], policy, facts: [] };
    const { api } = fakeBridge({ 'approvals.rules': { ok: true, value: rules } });
    const desk = new DeskRulesManager(api);
    expect(desk.refusal('treasurer', 'send a withdrawal')).toBeUndefined();
    await desk.load();
    expect(desk.refusal('treasurer', 'send a withdrawal')).toBe('Only a treasurer can send a withdrawal.');
    expect(desk.refusal('admin', 'reset an API key')).toBe('Only an admin can reset an API key.');
    expect(desk.refusal('trader', 'place an order')).toBeUndefined();
  });
});
