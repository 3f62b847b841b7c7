/**
 * Four eyes in sequences (fast-check model commands), against the run's PostgreSQL and one sandbox
 * with four operators' cores: proposals made through the app or written with hand-written SQL (some
 * expiring within seconds), approved or rejected by anyone, left to expire, and sent by anyone from
 * the Approvals screen, with a forged ticket or with a tampered request. Whatever the order and the
 * roles, nothing needing four eyes is ever signed without exactly one valid approval by another
 * operator: each withdrawal the exchange receives is one approved proposal, approved by someone other
 * than its proposer, sent once by someone other than its approver, before its expiry.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { captureRequest } from '../../../main/exchange/endpoints/capture.ts';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import { requestHash } from '../../../main/exchange/request-hash.ts';
import type { ProposedView } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { sqlAs } from '../../support/postgres.ts';
import { passwordOf } from '../../support/team.ts';
import { fourEyesDesk, type FourEyesDesk } from './four-eyes-desk.ts';

const info = inject('postgres');
const RUNS = Number(process.env['TXC_FOUR_EYES_RUNS'] ?? 20);
const OPERATORS = ['tina', 'tom', 'tara', 'tess'] as const;
type Who = (typeof OPERATORS)[number];
const TREASURERS = new Set<Who>(['tina', 'tom', 'tara']);
/** A short proposal's life on the server (ms); a command within this margin of its end waits it out. */
const SHORT_MS = 2_000;
const MARGIN_MS = 700;
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

let sandbox: Sandbox;
let desk: FourEyesDesk<Who>;
/** uniqueId of each withdrawal the exchange received. */
const received: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  sandbox.control.watchRequests((r) => {
    if (r.path === '/api/v4/main-account/withdraw-pay') received.push(String(r.body['uniqueId']));
  });
  desk = await fourEyesDesk(info, sandbox, randomBytes(3).toString('hex'), {
    tina: 'txc_treasurer, txc_trader',
    tom: 'txc_treasurer',
    tara: 'txc_treasurer',
    tess: 'txc_trader',
  });
}, 120_000);

afterAll(async () => {
  await desk?.close();
  await sandbox?.close();
});

interface Proposal {
  id: string;
  proposer: Who;
  uniqueId: string;
  body: Record<string, unknown>;
  hash: string;
  /** Short ones: it expires on the server between these local times (the insert's start and end). */
  expiresMs?: number;
  expiredByMs?: number;
  expired: boolean;
  decision?: { by: Who; approved: boolean };
  used: boolean;
}

interface Model {
  proposals: Proposal[];
  /** Withdrawals the model allowed, by uniqueId. */
  sent: string[];
}

interface Real {
  before: number;
}

const pick = <T>(list: readonly T[], index: number): T | undefined =>
  list.length === 0 ? undefined : list[index % list.length];

/** A short proposal near its end is waited out first: the model then knows it expired. */
async function settle(p: Proposal): Promise<void> {
  if (p.expired || p.expiresMs === undefined) return;
  if (p.expiresMs - Date.now() > MARGIN_MS) return;
  await outlive(p);
}

/** Waits until the server's clock is past the short proposal's expiry; the model then knows it. */
async function outlive(p: Proposal): Promise<void> {
  const by = p.expiredByMs ?? Date.now();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, by - Date.now()) + 100));
  p.expired = true;
}

async function invariant(model: Model, real: Real): Promise<void> {
  const now = received.slice(real.before);
  // The exchange received exactly the withdrawals the model allowed, each once.
  expect([...now].sort()).toEqual([...model.sent].sort());
  if (now.length === 0) return;
  // And the store holds, for each, exactly one approval by another operator, used once in time.
  const rows = await sqlAs<{ unique_id: string; ok: boolean; uses: string }>(
    info,
    `SELECT p.body->>'uniqueId' AS unique_id, count(u.*)::text AS uses,
       bool_and(d.decision = 'approved' AND d.decider <> p.proposer AND u.used_by <> d.decider
         AND u.used_at < p.expires_at) AS ok
     FROM proposals p JOIN decisions d ON d.proposal = p.id JOIN approval_uses u ON u.proposal = p.id
     WHERE p.body->>'uniqueId' = ANY($1::text[]) GROUP BY 1`,
    [now],
    { database: desk.database },
  );
  expect(rows.map((r) => [r.unique_id, r.uses, r.ok]).sort()).toEqual(
    now.map((id) => [id, '1', true]).sort(),
  );
}

class Propose implements fc.AsyncCommand<Model, Real> {
  readonly who: Who;
  readonly short: boolean;
  constructor(who: Who, short: boolean) {
    this.who = who;
    this.short = short;
  }
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const uniqueId = `prop-${randomUUID()}`;
    const input = { ticker: 'USDT', amount: '10', address: ADDRESS, network: 'ERC20', uniqueId };
    const treasurer = TREASURERS.has(this.who);
    if (!this.short) {
      const reply = await desk.calls[this.who].call('wallet.withdraw', { accountId: desk.mainId, ...input });
      if (!reply.ok && treasurer) throw new Error(reply.error.message);
      expect(reply.ok).toBe(treasurer);
      if (reply.ok) {
        const [view] = (reply.value as ProposedView).proposed;
        if (!view) throw new Error('nothing proposed');
        const body = { ...input };
        model.proposals.push({
          id: view.id,
          proposer: this.who,
          uniqueId,
          body,
          hash: view.hash,
          expired: false,
          used: false,
        });
      }
    } else {
      // Hand-written, as someone bypassing the app would: the store lets only a treasurer propose.
      const request = await captureRequest((c) => mainAccount.withdrawPay(c, input));
      const hash = requestHash(request.path, request.fields);
      const started = Date.now();
      const row = await sqlAs<{ id: string }>(
        info,
        `INSERT INTO proposals (kind, account, path, body, request_hash, expires_at)
         VALUES ('withdrawal', $1, $2, $3, $4, now() + make_interval(secs => $5)) RETURNING id::text AS id`,
        [desk.mainId, request.path, JSON.stringify(request.fields), hash, SHORT_MS / 1000],
        { user: desk.names[this.who], password: passwordOf(desk.names[this.who]), database: desk.database },
      ).then(
        (rows) => rows[0],
        () => undefined,
      );
      const ended = Date.now();
      expect(row !== undefined).toBe(treasurer);
      if (row)
        model.proposals.push({
          id: row.id,
          proposer: this.who,
          uniqueId,
          body: request.fields,
          hash,
          expiresMs: started + SHORT_MS,
          expiredByMs: ended + SHORT_MS,
          expired: false,
          used: false,
        });
    }
    await invariant(model, real);
  }
  toString = () => `propose(${this.who}${this.short ? ', short' : ''})`;
}

class Decide implements fc.AsyncCommand<Model, Real> {
  readonly who: Who;
  readonly index: number;
  readonly approve: boolean;
  /** Picks among the proposals nobody decided yet (else among all). */
  readonly open: boolean;
  constructor(who: Who, index: number, approve: boolean, open = false) {
    this.who = who;
    this.index = index;
    this.approve = approve;
    this.open = open;
  }
  check = (m: Readonly<Model>) => m.proposals.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const open = model.proposals.filter((x) => !x.decision);
    const p = pick(this.open && open.length > 0 ? open : model.proposals, this.index);
    if (!p) return;
    await settle(p);
    const expected = !p.decision && !p.expired && this.who !== p.proposer && TREASURERS.has(this.who);
    const reply = await desk.calls[this.who].call('approvals.decide', {
      id: p.id,
      decision: this.approve ? 'approved' : 'rejected',
      ...(this.approve ? {} : { reason: 'Not on the payout list' }),
    });
    expect([this.toString(), reply.ok]).toEqual([this.toString(), expected]);
    if (reply.ok) p.decision = { by: this.who, approved: this.approve };
    await invariant(model, real);
  }
  toString = () =>
    `${this.approve ? 'approve' : 'reject'}(${this.who}, ${this.open ? 'open ' : ''}#${String(this.index)})`;
}

class Expire implements fc.AsyncCommand<Model, Real> {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
  check = (m: Readonly<Model>) => m.proposals.some((p) => p.expiresMs !== undefined && !p.expired);
  async run(model: Model, real: Real): Promise<void> {
    const p = pick(
      model.proposals.filter((x) => x.expiresMs !== undefined && !x.expired),
      this.index,
    );
    if (!p) return;
    await outlive(p);
    await invariant(model, real);
  }
  toString = () => `expire(#${String(this.index)})`;
}

class Send implements fc.AsyncCommand<Model, Real> {
  readonly who: Who;
  readonly index: number;
  readonly how: 'screen' | 'forged' | 'tampered';
  /** Picks among the approved proposals not sent yet (else among all). */
  readonly approved: boolean;
  constructor(who: Who, index: number, how: 'screen' | 'forged' | 'tampered', approved = false) {
    this.who = who;
    this.index = index;
    this.how = how;
    this.approved = approved;
  }
  check = (m: Readonly<Model>) => m.proposals.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const ready = model.proposals.filter((x) => x.decision?.approved && !x.used);
    const p = pick(this.approved && ready.length > 0 ? ready : model.proposals, this.index);
    if (!p) return;
    await settle(p);
    const valid =
      p.decision?.approved === true &&
      !p.expired &&
      !p.used &&
      this.who !== p.decision.by &&
      TREASURERS.has(this.who);
    const expected = valid && this.how !== 'tampered';
    let ok: boolean;
    if (this.how === 'screen') ok = (await desk.calls[this.who].call('approvals.send', { id: p.id })).ok;
    else {
      // A send that bypasses the screen: the operator's own caller with a ticket for the proposal.
      const body = this.how === 'tampered' ? { ...p.body, amount: '1000' } : p.body;
      const caller = (await desk.cores[this.who].accounts.caller(desk.mainId)).withApproval({
        proposal: p.id,
        hash: requestHash('/api/v4/main-account/withdraw-pay', body),
      });
      ok = await mainAccount.withdrawPay(caller, body as unknown as mainAccount.WithdrawPayInput).then(
        () => true,
        () => false,
      );
    }
    expect([this.toString(), ok]).toEqual([this.toString(), expected]);
    if (ok) {
      p.used = true;
      model.sent.push(p.uniqueId);
    }
    await invariant(model, real);
  }
  toString = () =>
    `send(${this.who}, ${this.approved ? 'approved ' : ''}#${String(this.index)}, ${this.how})`;
}

const who = fc.constantFrom(...OPERATORS);
const index = fc.nat({ max: 7 });
const commands = [
  fc.tuple(who, fc.boolean()).map(([w, short]) => new Propose(w, short)),
  fc.tuple(who, index, fc.boolean()).map(([w, i, approve]) => new Decide(w, i, approve)),
  // Most decisions and sends go to where they can matter (the others to anything at all).
  fc.tuple(who, index).map(([w, i]) => new Decide(w, i, true, true)),
  index.map((i) => new Expire(i)),
  fc
    .tuple(
      who,
      index,
      fc.constantFrom('screen', 'forged', 'tampered') as fc.Arbitrary<'screen' | 'forged' | 'tampered'>,
    )
    .map(([w, i, how]) => new Send(w, i, how)),
  fc
    .tuple(who, index, fc.constantFrom('screen', 'forged') as fc.Arbitrary<'screen' | 'forged'>)
    .map(([w, i, how]) => new Send(w, i, how, true)),
];

describe('four eyes, in any sequence of proposals, decisions, expiries and sends by any roles', () => {
  it(`signs nothing needing four eyes without exactly one valid approval by another operator (${String(RUNS)} sequences)`, async () => {
    let sent = 0;
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 14, size: 'large' }), async (cmds) => {
        const model: Model = { proposals: [], sent: [] };
        const real: Real = { before: received.length };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        sent += model.sent.length;
        steps += [...cmds].length;
      }),
      { numRuns: RUNS, seed: Number(process.env['TXC_MODEL_SEED'] ?? 37037), endOnFailure: true },
    );
    // The sequences did reach the exchange: some approvals were valid and used.
    expect([sent > 0, steps]).toEqual([true, steps]);
  }, 600_000);
});
