/**
 * Main's side of four eyes, against the run's PostgreSQL and one sandbox, with three operators' cores
 * (each their own login role): a withdrawal from the team's account is proposed, never sent alone;
 * only an approval by another treasurer, unexpired, unused, on exactly the request's hash, lets it be
 * signed, and each refusal comes before anything is signed (the sandbox sees no request). A send
 * bypassing the Approvals screen (a caller holding a forged ticket) meets the same gate.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import { requestHash } from '../../../main/exchange/request-hash.ts';
import type { ProposalView, ProposedView } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { procedureCalls } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { sqlAs } from '../../support/postgres.ts';
import { eventually, startOperatorCore } from '../../support/team.ts';
import { fourEyesDesk, TREASURY, type FourEyesDesk } from './four-eyes-desk.ts';

const info = inject('postgres');
const suffix = randomBytes(3).toString('hex');
let sandbox: Sandbox;
let desk: FourEyesDesk;
const sent: string[] = [];
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  sandbox.control.watchRequests((r) => {
    if (r.path.includes('withdraw') || r.path.includes('order'))
      sent.push(`${r.path} ${JSON.stringify(r.body)}`);
  });
  desk = await fourEyesDesk(info, sandbox, suffix, TREASURY);
}, 120_000);

afterAll(async () => {
  await desk?.close();
  await sandbox?.close();
});

const withdrawal = (amount = '25') => ({
  accountId: desk.mainId,
  ticker: 'USDT',
  amount,
  address: ERC20,
  network: 'ERC20',
});

/** Tina proposes a withdrawal; answers the proposal. */
async function propose(amount = '25'): Promise<ProposalView> {
  const reply = await desk.calls.tina.ok<ProposedView>('wallet.withdraw', withdrawal(amount));
  const [proposal] = reply.proposed;
  if (!proposal) throw new Error('nothing proposed');
  return proposal;
}

/** A send that bypasses the Approvals screen: tina's own caller with a ticket naming `proposal`. */
async function forged(proposal: ProposalView, fields: Record<string, unknown>, hash?: string) {
  const caller = (await desk.cores.tina.accounts.caller(desk.mainId)).withApproval({
    proposal: proposal.id,
    hash: hash ?? requestHash('/api/v4/main-account/withdraw-pay', fields),
  });
  return mainAccount.withdrawPay(caller, fields as unknown as mainAccount.WithdrawPayInput).then(
    () => 'sent',
    (error: unknown) => String((error as { message?: string }).message),
  );
}

const bodyOf = async (proposal: ProposalView) =>
  (
    await sqlAs<{ body: Record<string, unknown> }>(
      info,
      'SELECT body FROM proposals WHERE id = $1',
      [proposal.id],
      {
        database: desk.database,
      },
    )
  )[0]?.body ?? {};

describe('four eyes, enforced by main before anything is signed', () => {
  it('proposes a withdrawal from the team account instead of sending it, and refuses the roles that lack it', async () => {
    const before = sent.length;
    const proposal = await propose();
    expect(proposal).toMatchObject({ kind: 'withdrawal', state: 'waiting', proposer: desk.names.tina });
    expect(proposal.title).toBe('Withdraw 25 USDT on ERC20');
    expect(desk.desktops.tina.confirmations.at(-1)?.title).toBe(
      'Ask another treasurer to approve: Withdraw 25 USDT on ERC20?',
    );
    // A trader's withdrawal and a treasurer's order: refused in words, unsent.
    expect((await desk.calls.tess.refused('wallet.withdraw', withdrawal())).message).toBe(
      'Only a treasurer can send a withdrawal.',
    );
    const order = {
      accountId: desk.mainId,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '1000' },
    };
    expect((await desk.calls.tom.refused('orders.place', order)).message).toBe(
      'Only a trader can place an order.',
    );
    // Over the account's WebSocket too (its order methods pass the same roles).
    expect((await desk.calls.tom.refused('orders.placeWs', order)).message).toBe(
      'Only a trader can place an order.',
    );
    // The service's own path, without an approval: the transport's gate refuses it before signing.
    const caller = await desk.cores.tina.accounts.caller(desk.mainId);
    const direct = await mainAccount
      .withdrawPay(caller, { ticker: 'USDT', amount: '25', address: ERC20, network: 'ERC20', uniqueId: 'x1' })
      .catch((error: unknown) => error as { code?: string });
    expect(direct).toMatchObject({ code: 'approval_needed' });
    expect(sent.slice(before)).toEqual([]);
  });

  it('refuses to sign a proposal not approved yet, rejected, expired, or approved by its sender', async () => {
    const before = sent.length;
    const waiting = await propose('26');
    expect((await desk.calls.tina.refused('approvals.send', { id: waiting.id })).message).toBe(
      'No second operator has approved it yet: nothing was sent.',
    );
    expect(await forged(waiting, await bodyOf(waiting))).toBe(
      'No second operator has approved it yet: nothing was sent.',
    );

    const rejected = await propose('27');
    await desk.calls.tom.ok('approvals.decide', {
      id: rejected.id,
      decision: 'rejected',
      reason: 'Not on the payout list',
    });
    const refusal = `${desk.names.tom} rejected it ("Not on the payout list"): nothing was sent.`;
    expect((await desk.calls.tina.refused('approvals.send', { id: rejected.id })).message).toBe(refusal);
    expect(await forged(rejected, await bodyOf(rejected))).toBe(refusal);

    // The approver cannot send what they approved, even with the ticket in hand.
    const mine = await propose('28');
    await desk.calls.tom.ok('approvals.decide', { id: mine.id, decision: 'approved' });
    expect((await desk.calls.tom.refused('approvals.send', { id: mine.id })).message).toBe(
      'You approved it: another operator sends it.',
    );

    // Expired by the server's clock (a proposal written to expire in a second, approved in time).
    const soon = await desk.proposeRaw('tina', withdrawal('29'), 1);
    await desk.calls.tom.ok('approvals.decide', { id: soon.id, decision: 'approved' });
    await eventually(
      async () =>
        (await desk.calls.tina.ok<ProposalView[]>('approvals.list')).find((p) => p.id === soon.id)?.state ===
        'expired',
      'the approval expired',
    );
    expect((await desk.calls.tina.refused('approvals.send', { id: soon.id })).message).toBe(
      'This proposal expired before it was sent: nothing was sent. Propose it again.',
    );
    expect(await forged(soon, soon.body)).toBe(
      'This proposal expired before it was sent: nothing was sent. Propose it again.',
    );
    expect(sent.slice(before)).toEqual([]);
  });

  it('refuses a request whose hash is not the approved one, then sends the approved one once', async () => {
    const before = sent.length;
    const proposal = await propose('30');
    await desk.calls.tom.ok('approvals.decide', { id: proposal.id, decision: 'approved' });
    const body = await bodyOf(proposal);
    // Another amount under the approved ticket: refused by main before the store is asked.
    expect(await forged(proposal, { ...body, amount: '3000' }, proposal.hash)).toBe(
      'What would be signed is not what was approved: nothing was sent.',
    );
    // Another amount with a ticket claiming its own hash: the store holds the approved one.
    expect(await forged(proposal, { ...body, amount: '3000' })).toBe(
      'What would be signed is not what was approved: nothing was sent.',
    );
    expect(sent.slice(before)).toEqual([]);

    const done = await desk.calls.tina.ok<{ result: string; proposal: ProposalView }>('approvals.send', {
      id: proposal.id,
    });
    expect(done.result).toBe(`Withdrawal sent: 30 USDT to ${ERC20}.`);
    expect(done.proposal).toMatchObject({ state: 'sent', use: { by: desk.names.tina } });
    expect(sent.slice(before)).toHaveLength(1);
    expect(sent.slice(before)[0]).toContain(`"uniqueId":"${String(body['uniqueId'])}"`);

    // Used: the screen and a forged ticket are both refused, and nothing more is sent.
    expect((await desk.calls.tina.refused('approvals.send', { id: proposal.id })).message).toBe(
      `This approval was used already, by ${desk.names.tina}: nothing was sent again.`,
    );
    expect(await forged(proposal, body)).toBe(
      `This approval was used already, by ${desk.names.tina}: nothing was sent again.`,
    );
    expect(sent.slice(before)).toHaveLength(1);

    // The log names both operators, on the sender's computer and the approver's.
    const named = (
      entries: Array<{ proposal?: string; operator?: string; approvedBy?: string; outcome: string }>,
    ) => entries.filter((e) => e.proposal === proposal.id).map((e) => [e.outcome, e.operator, e.approvedBy]);
    for (const who of [desk.calls.tina, desk.calls.tom])
      await eventually(
        async () =>
          JSON.stringify(named(await who.ok('history.auditLog', { limit: 50 })).sort()) ===
          JSON.stringify(
            [
              ['ok', desk.names.tina, desk.names.tom],
              ['sending', desk.names.tina, desk.names.tom],
            ].sort(),
          ),
        'the log with both names',
      );
  });

  it('lets one of two sends of one approval at once go: the use table refuses the other', async () => {
    const before = sent.length;
    const proposal = await propose('31');
    await desk.calls.tom.ok('approvals.decide', { id: proposal.id, decision: 'approved' });
    // Both sends pass main's reading of the proposal before either is confirmed.
    desk.desktops.tina.barrier = 2;
    const replies = await Promise.all([
      desk.calls.tina.call('approvals.send', { id: proposal.id }),
      desk.calls.tina.call('approvals.send', { id: proposal.id }),
    ]);
    desk.desktops.tina.barrier = 0;
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    const refused = replies.find((r) => !r.ok);
    expect(refused && !refused.ok ? refused.error : undefined).toMatchObject({
      code: 'approval_used',
      message: `This approval was used already, by ${desk.names.tina}: nothing was sent again.`,
    });
    expect(sent.slice(before)).toHaveLength(1);
    const uses = await sqlAs<{ n: string }>(
      info,
      'SELECT count(*)::text AS n FROM approval_uses WHERE proposal = $1',
      [proposal.id],
      {
        database: desk.database,
      },
    );
    expect(uses[0]?.n).toBe('1');
  });

  it('keeps the rules after the profile leaves the team: a withdrawal waits, never sent alone', async () => {
    const before = sent.length;
    const carl = await startOperatorCore({
      info,
      database: desk.database,
      operator: desk.names.tom,
      sandbox,
      platform: scriptedDesktop().platform,
    });
    try {
      const c = procedureCalls(() => carl);
      await eventually(
        async () => (await c.ok<{ roles: string[] }>('approvals.rules')).roles.includes('treasurer'),
        'roles read',
      );
      await eventually(() => carl.accounts.registry.list().length > 0, 'the registry shared');
      const main = carl.accounts.registry.list().find((a) => a.kind === 'main');
      const key = sandbox.accounts.find((a) => a.kind === 'main');
      if (!main || !key) throw new Error('no main account');
      await carl.accounts.registry.importKey(main.id, key.apiSecret);
      await c.ok('team.leave');
      const refusal = await c.refused('wallet.withdraw', { ...withdrawal(), accountId: main.id });
      expect(refusal.message).toMatch(
        /^"Sandbox main" is an account of the team desk ".*" on 127\.0\.0\.1:\d+, which this computer left: a withdrawal from it needs another treasurer's approval, so it waits until this computer joins the desk again\. Nothing was sent\.$/,
      );
      expect(sent.slice(before)).toEqual([]);
    } finally {
      await carl.close();
    }
  });
});
