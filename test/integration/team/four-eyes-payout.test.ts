/**
 * Where a team account's mining rewards are paid, under four eyes, against the run's PostgreSQL and one
 * sandbox: a treasurer's change is proposed after main's question, never sent alone; a trader may not
 * ask for it; another treasurer approves it, reading it from the exact fields; then it is sent once,
 * exactly as approved, and the exchange pays there from then on.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as mining from '../../../main/exchange/endpoints/mining.ts';
import type { PayoutDestinationView, ProposalView, ProposedView } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { fourEyesDesk, TREASURY, type FourEyesDesk } from './four-eyes-desk.ts';

const info = inject('postgres');
const suffix = randomBytes(3).toString('hex');
const BTC = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
let sandbox: Sandbox;
let desk: FourEyesDesk;
const edits: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  sandbox.control.watchRequests((r) => {
    if (r.path.endsWith('/payout-destination/edit')) edits.push(JSON.stringify(r.body));
  });
  desk = await fourEyesDesk(info, sandbox, suffix, TREASURY);
}, 120_000);

afterAll(async () => {
  await desk?.close();
  await sandbox?.close();
});

const change = { miningAccount: 'desk-pool', destination: 'external_address', address: BTC } as const;

describe("a team account's payout destination, under four eyes", () => {
  it('is proposed, approved by another treasurer, then sent once exactly as approved', async () => {
    const asked = { accountId: desk.mainId, ...change };
    // a trader may not ask for it at all
    expect((await desk.calls.tess.refused('mining.setPayoutDestination', asked)).message).toBe(
      'Only a treasurer can change where mining rewards are paid.',
    );
    const reply = await desk.calls.tina.ok<ProposedView>('mining.setPayoutDestination', asked);
    const [proposal] = reply.proposed;
    expect(proposal).toMatchObject({ kind: 'payout', state: 'waiting', proposer: desk.names.tina });
    expect(proposal?.title).toBe(`Pay the rewards of mining account desk-pool to ${BTC}`);
    expect(desk.desktops.tina.confirmations.at(-1)?.title).toBe(
      `Ask another treasurer to approve: Pay the rewards of mining account desk-pool to ${BTC}?`,
    );
    expect(edits).toEqual([]);

    // the key's own path without an approval: refused before it is signed
    const caller = await desk.cores.tina.accounts.caller(desk.mainId);
    const direct = await mining
      .setPayoutDestination(caller, {
        accountName: 'desk-pool',
        destination: 'external_address',
        address: BTC,
      })
      .catch((error: unknown) => error as { code?: string });
    expect(direct).toMatchObject({ code: 'approval_needed' });
    expect(edits).toEqual([]);

    // tom reads it from the fields, approves; tina sends it
    const seen = await desk.calls.tom.ok<ProposalView[]>('approvals.list');
    const read = seen.find((p) => p.id === proposal?.id);
    expect(read?.facts).toEqual(
      expect.arrayContaining([
        { label: 'Mining account', value: 'desk-pool' },
        { label: 'Address', value: BTC },
      ]),
    );
    await desk.calls.tom.ok('approvals.decide', { id: proposal?.id, decision: 'approved' });
    const done = await desk.calls.tina.ok<{ result: string; proposal: ProposalView }>('approvals.send', {
      id: proposal?.id,
    });
    expect(done.result).toBe(`The rewards of desk-pool are paid to ${BTC} from the next payout.`);
    expect(done.proposal).toMatchObject({ state: 'sent' });
    expect(edits.map((e) => JSON.parse(e) as unknown)).toMatchObject([
      { accountName: 'desk-pool', destination: 'external_address', address: BTC },
    ]);
    expect(
      await desk.calls.tina.ok<PayoutDestinationView>('mining.payoutDestination', {
        accountId: desk.mainId,
        miningAccount: 'desk-pool',
      }),
    ).toEqual({ miningAccount: 'desk-pool', destination: 'external_address', address: BTC });
  });
});
