/**
 * A sub-account's waiting withdrawal, let go by a team's main account under four eyes, against the
 * run's PostgreSQL and one sandbox: a treasurer's "let go" is proposed after main's question, never sent
 * alone; a trader may not ask for it; the approver's own app reads what waits under the id from the
 * exchange (sub-account, amount); once approved it is sent once, exactly as approved, and the exchange
 * sends the withdrawal.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as admin from '../../../main/exchange/endpoints/sub-account-admin.ts';
import type { ProposalView, ProposedView } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { fourEyesDesk, TREASURY, type FourEyesDesk } from './four-eyes-desk.ts';

const info = inject('postgres');
const suffix = randomBytes(3).toString('hex');
let sandbox: Sandbox;
let desk: FourEyesDesk;
const confirms: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  sandbox.control.watchRequests((r) => {
    if (r.path.endsWith('/sub-account/withdraw/confirm')) confirms.push(JSON.stringify(r.body));
  });
  desk = await fourEyesDesk(info, sandbox, suffix, TREASURY);
}, 120_000);

afterAll(async () => {
  await desk?.close();
  await sandbox?.close();
});

describe("a sub-account's waiting withdrawal, under four eyes", () => {
  it('is proposed, read from the exchange by the approver, approved, then sent once exactly as approved', async () => {
    const id = sandbox.control.awaitApproval('sub-alpha', 'BTC', '0.3');
    const held = () => sandbox.control.state.wallet.approvals?.find((w) => w.id === id);
    // a trader may not ask for it at all
    expect((await desk.calls.tess.refused('subaccounts.confirmWithdrawal', { id })).message).toBe(
      "Only a treasurer can let a sub-account's withdrawal go.",
    );
    const reply = await desk.calls.tina.ok<ProposedView>('subaccounts.confirmWithdrawal', { id });
    const [proposal] = reply.proposed;
    expect(proposal).toMatchObject({ kind: 'sub_withdrawal', state: 'waiting', proposer: desk.names.tina });
    expect(desk.desktops.tina.confirmations.at(-1)?.title).toMatch(
      /^Ask another treasurer to approve: Let 0\.3 BTC leave sub-account .+\?$/,
    );
    expect(confirms).toEqual([]);

    // the key's own path without an approval: refused before it is signed
    const caller = await desk.cores.tina.accounts.caller(desk.mainId);
    const direct = await admin
      .confirmWithdrawal(caller, id)
      .catch((error: unknown) => error as { code?: string });
    expect(direct).toMatchObject({ code: 'approval_needed' });
    expect(confirms).toEqual([]);

    // tom's app reads what waits under the id from the exchange, then he approves; tina sends it
    const read = (await desk.calls.tom.ok<ProposalView[]>('approvals.list')).find(
      (p) => p.id === proposal?.id,
    );
    expect(read?.title).toBe(`Let the waiting sub-account withdrawal ${id} go`);
    expect(read?.facts).toEqual(
      expect.arrayContaining([
        { label: 'Waiting withdrawal', value: id },
        { label: 'Amount', value: '0.3 BTC' },
      ]),
    );
    await desk.calls.tom.ok('approvals.decide', { id: proposal?.id, decision: 'approved' });
    const done = await desk.calls.tina.ok<{ result: string; proposal: ProposalView }>('approvals.send', {
      id: proposal?.id,
    });
    expect(done.result).toMatch(/^The withdrawal of 0\.3 BTC from .+ is let go: the exchange sends it\.$/);
    expect(done.proposal).toMatchObject({ state: 'sent' });
    expect(confirms.map((c) => JSON.parse(c) as unknown)).toMatchObject([{ id }]);
    expect(held()?.confirmedAt).toBeDefined();
  });
});
