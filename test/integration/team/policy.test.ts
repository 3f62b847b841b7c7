/**
 * The desk's four-eyes policy, kept in the team store: it says which requests need a second
 * operator; changing it needs a second admin, and it applies on every operator's app once sent. Until
 * an admin pair changes it, the strictest policy holds (every sub-account transfer waits for approval).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DeskRulesView, ProposedView } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { sqlAs } from '../../support/postgres.ts';
import { eventually, passwordOf } from '../../support/team.ts';
import { fourEyesDesk, type FourEyesDesk } from './four-eyes-desk.ts';

const info = inject('postgres');
let sandbox: Sandbox;
let desk: FourEyesDesk<'ada' | 'abe' | 'tom'>;
const transfers: string[] = [];
let subId = '';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  sandbox.control.watchRequests((r) => {
    if (r.path === '/api/v4/sub-account/transfer') transfers.push(String(r.body['amount']));
  });
  desk = await fourEyesDesk(
    info,
    sandbox,
    randomBytes(3).toString('hex'),
    { ada: 'txc_admin, txc_treasurer', abe: 'txc_admin', tom: 'txc_treasurer' },
    ['sub-alpha'],
  );
  subId = desk.cores.ada.accounts.registry.list().find((a) => a.label === 'sub-alpha')?.id ?? '';
}, 120_000);

afterAll(async () => {
  await desk?.close();
  await sandbox?.close();
});

const policy = (limit: string) => ({
  transferLimits: { USDT: limit },
  keyPermissions: true,
  keyResets: true,
  withdrawalKeys: true,
  approvalMinutes: 30,
});

const transfer = (amount: string) =>
  desk.calls.ada.call('subaccounts.transfer', {
    accountId: subId,
    direction: 'main_to_sub',
    ticker: 'USDT',
    amount,
  });

describe("the desk's four-eyes policy", () => {
  it('starts strict: every sub-account transfer is proposed, none sent alone', async () => {
    const reply = await transfer('50');
    expect(reply.ok && (reply.value as ProposedView).proposed[0]?.title).toBe('Send 50 USDT to "sub-alpha"');
    expect(transfers).toEqual([]);
    const rules = await desk.calls.tom.ok<DeskRulesView>('approvals.rules');
    expect(rules.facts).toContainEqual({
      label: 'Sub-account transfers',
      value: 'every one needs a second operator',
    });
  });

  it('is changed only by an admin, approved by another admin: not by a treasurer, not by hand-written SQL', async () => {
    expect((await desk.calls.tom.refused('approvals.proposePolicy', policy('100'))).message).toBe(
      "Only an admin can change the desk's policy.",
    );
    const login = { user: desk.names.ada, password: passwordOf(desk.names.ada), database: desk.database };
    const direct = await sqlAs(
      info,
      `INSERT INTO desk_policies (proposal, body) VALUES (gen_random_uuid(), '{}')`,
      [],
      login,
    ).then(
      () => 'ok',
      (error: unknown) => String((error as { code?: string }).code),
    );
    expect(direct).not.toBe('ok');

    const [first] = (await desk.calls.ada.ok<ProposedView>('approvals.proposePolicy', policy('100')))
      .proposed;
    const [second] = (await desk.calls.ada.ok<ProposedView>('approvals.proposePolicy', policy('5'))).proposed;
    if (!first || !second) throw new Error('no proposal');
    expect(first.facts).toContainEqual({
      label: 'Sub-account transfers',
      value: 'above 100 USDT (any amount of other currencies)',
    });
    // Proposed is not in force.
    expect((await desk.calls.tom.ok<DeskRulesView>('approvals.rules')).policy.transferLimits).toEqual({});
    await desk.calls.abe.ok('approvals.decide', { id: first.id, decision: 'approved' });
    await desk.calls.abe.ok('approvals.decide', { id: second.id, decision: 'approved' });
    expect((await desk.calls.abe.refused('approvals.send', { id: first.id })).message).toBe(
      'You approved it: another operator sends it.',
    );
    const sent = await desk.calls.ada.ok<{ result: string }>('approvals.send', { id: first.id });
    expect(sent.result).toBe("The desk's new four-eyes policy is in force.");
    for (const who of ['ada', 'abe', 'tom'] as const)
      await eventually(
        async () =>
          (await desk.calls[who].ok<DeskRulesView>('approvals.rules')).policy.transferLimits['USDT'] ===
          '100',
        `${who} has the new policy`,
      );
    expect((await desk.calls.tom.ok<DeskRulesView>('approvals.rules')).policySet?.by).toBe(desk.names.ada);
    // The second was proposed against the policy the first replaced: it is refused, nothing changes.
    expect((await desk.calls.ada.refused('approvals.send', { id: second.id })).message).toBe(
      "The desk's policy changed since this was proposed: propose the change again. Nothing was changed.",
    );
    expect((await desk.calls.tom.ok<DeskRulesView>('approvals.rules')).policy.transferLimits).toEqual({
      USDT: '100',
    });
  });

  it('then lets a transfer within the limit go alone, and proposes one above it', async () => {
    const small = await transfer('50');
    expect(small.ok && small.value).toMatchObject({ amount: '50' });
    expect(transfers).toEqual(['50']);
    const big = await transfer('250');
    expect(big.ok && (big.value as ProposedView).proposed[0]?.kind).toBe('transfer');
    expect(transfers).toEqual(['50']);
  });
});
