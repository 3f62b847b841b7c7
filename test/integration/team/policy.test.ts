/**
 * The desk's four-eyes policy, kept in the team store: it says which requests need a second
 * operator; changing it needs a second admin, and it applies on every operator's app once sent. Until
 * an admin pair changes it, the strictest policy holds (every sub-account transfer waits for approval).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  DeskRulesView,
  GuardSettingsView,
  GuardsConfiguredView,
  ProposedView,
} from '../../../main/ipc/contract.ts';
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

describe("the desk's order guards", () => {
  const settings = (who: 'ada' | 'abe' | 'tom') => desk.calls[who].ok<GuardSettingsView>('guards.settings');

  it("change only by an admin: tighter at once on every operator's app", async () => {
    expect((await desk.calls.tom.refused('guards.configure', { bandPct: '1' })).message).toBe(
      "Only an admin can change the desk's order guards.",
    );
    const tighter = await desk.calls.abe.ok<GuardsConfiguredView>('guards.configure', { bandPct: '2' });
    expect(tighter).toMatchObject({ bandPct: '2' });
    expect(tighter.proposed).toBeUndefined();
    for (const who of ['ada', 'tom'] as const)
      await eventually(async () => (await settings(who)).bandPct === '2', `${who} has the tighter band`);
  });

  it("that ask less are proposed, and apply on every operator's app once another admin approved and one sent them", async () => {
    const asked = await desk.calls.ada.ok<GuardsConfiguredView>('guards.configure', {
      bandPct: '8',
      notionalCeiling: '5000',
    });
    // Nothing changed yet, anywhere: it waits for a second admin.
    expect(asked.bandPct).toBe('2');
    const [proposal] = asked.proposed?.proposed ?? [];
    if (!proposal) throw new Error('no proposal');
    expect(proposal).toMatchObject({
      kind: 'guards',
      title: "Loosen the desk's order guards",
      state: 'waiting',
    });
    expect(proposal.facts).toEqual([
      { label: 'Price band', value: '2 % → 8 %' },
      { label: 'Order value ceiling', value: 'off → 5000 USDT' },
    ]);
    expect(desk.desktops.ada.confirmations.at(-1)?.title).toBe(
      "Ask another admin to approve: Loosen the desk's order guards?",
    );
    expect((await settings('tom')).bandPct).toBe('2');
    // A second admin approves; the proposer sends it (the approver may not).
    await desk.calls.abe.ok('approvals.decide', { id: proposal.id, decision: 'approved' });
    const sent = await desk.calls.ada.ok<{ result: string }>('approvals.send', { id: proposal.id });
    expect(sent.result).toBe("The desk's new order guards are in force: every operator's app takes them.");
    for (const who of ['ada', 'abe', 'tom'] as const)
      await eventually(async () => {
        const now = await settings(who);
        return now.bandPct === '8' && now.notionalCeiling === '5000';
      }, `${who} has the looser guards`);
  });
});
