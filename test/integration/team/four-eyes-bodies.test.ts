/**
 * A proposal written with psql whose body is not exactly what this app writes for its kind and path:
 * a field more (one the exchange's schema accepts but the approver's question never shows, such as a
 * withdrawal's `bankBic` or `beneficiary`) or a field of another type. For every four-eyes kind, the
 * approver's app refuses to approve it, and once approved by hand anyway the sender's app refuses to
 * send it, each in words naming the fields; nothing reaches the exchange. The app's own body of each
 * kind stays approvable, and every field it writes is shown.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { captureRequest } from '../../../main/exchange/endpoints/capture.ts';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import * as apiKeys from '../../../main/exchange/endpoints/sub-account-api-keys.ts';
import * as subAccounts from '../../../main/exchange/endpoints/sub-accounts.ts';
import type { KeyCaller } from '../../../main/exchange/endpoints/shapes.ts';
import { requestHash } from '../../../main/exchange/request-hash.ts';
import type { GuardSettingsView, ProposalView } from '../../../main/ipc/contract.ts';
import { DEFAULT_POLICY, type FourEyesKind } from '../../../main/policy/desk-policy.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { sqlAs } from '../../support/postgres.ts';
import { eventually, passwordOf } from '../../support/team.ts';
import { fourEyesDesk, type FourEyesDesk } from './four-eyes-desk.ts';

type Who = 'ada' | 'abe';
const info = inject('postgres');
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';
let sandbox: Sandbox;
let desk: FourEyesDesk<Who>;
let subId = '';
let subKey = '';
let guards: GuardSettingsView;
const sent: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  sandbox.control.watchRequests((r) => {
    if (r.path.includes('withdraw') || r.path.includes('codes') || r.path.includes('sub-account/'))
      sent.push(r.path);
  });
  // Both are admins and treasurers: each kind has a proposer and another operator to approve it.
  desk = await fourEyesDesk(
    info,
    sandbox,
    randomBytes(3).toString('hex'),
    { ada: 'txc_admin, txc_treasurer', abe: 'txc_admin, txc_treasurer' },
    ['sub-alpha'],
  );
  const sub = desk.cores.ada.accounts.registry.list().find((a) => a.label === 'sub-alpha');
  subId = sub?.subAccountId ?? '';
  subKey = sub?.apiKey ?? '';
  guards = await desk.calls.ada.ok<GuardSettingsView>('guards.settings');
}, 120_000);

afterAll(async () => {
  await desk?.close();
  await sandbox?.close();
});

const captured = async (run: (c: KeyCaller) => Promise<unknown>) => (await captureRequest(run)).fields;

interface Case {
  kind: FourEyesKind;
  path: string;
  /** The body exactly as the app writes it on this path. */
  body: () => Promise<Record<string, unknown>>;
  /** A field more, and the field names the refusal gives. */
  extra: (b: Record<string, unknown>) => Record<string, unknown>;
  extraWords: string;
  /** A field of another type than the app writes. */
  mistyped: (b: Record<string, unknown>) => Record<string, unknown>;
  mistypedWords: string;
  /** What the approver's question shows of the app's own body. */
  shows: () => Array<{ label: string; value: string }>;
}

const CASES: Case[] = [
  {
    kind: 'withdrawal',
    path: '/api/v4/main-account/withdraw-pay',
    body: () =>
      captured((c) =>
        mainAccount.withdrawPay(c, {
          ticker: 'USDT',
          amount: '25',
          address: ERC20,
          network: 'ERC20',
          uniqueId: randomUUID(),
        }),
      ),
    extra: (b) => ({ ...b, bankBic: 'DEUTDEFF', beneficiary: { firstName: 'Eve' } }),
    extraWords: 'carries fields this app does not show (bankBic, beneficiary)',
    mistyped: (b) => ({ ...b, amount: 25 }),
    mistypedWords: 'has fields written otherwise than this app writes them (amount)',
    shows: () => [{ label: 'Address', value: ERC20 }],
  },
  {
    kind: 'code',
    path: '/api/v4/main-account/codes',
    body: () => captured((c) => mainAccount.createCode(c, { ticker: 'USDT', amount: '10' })),
    extra: (b) => ({ ...b, customerIp: '203.0.113.42' }),
    extraWords: 'carries fields this app does not show (customerIp)',
    mistyped: (b) => ({ ...b, passphrase: ['a', 'b'] }),
    mistypedWords: 'has fields written otherwise than this app writes them (passphrase)',
    shows: () => [{ label: 'Amount', value: '10 USDT' }],
  },
  {
    kind: 'transfer',
    path: '/api/v4/sub-account/transfer',
    body: () =>
      captured((c) =>
        subAccounts.transfer(c, { id: subId, direction: 'main_to_sub', amount: '50', ticker: 'USDT' }),
      ),
    extra: (b) => ({ ...b, travelRule: { beneficiary: 'Eve' } }),
    extraWords: 'carries fields this app does not show (travelRule)',
    mistyped: (b) => ({ ...b, direction: 'sideways' }),
    mistypedWords: 'has fields written otherwise than this app writes them (direction)',
    shows: () => [{ label: 'Amount', value: '50 USDT' }],
  },
  {
    kind: 'key_permissions',
    path: '/api/v4/sub-account/api-key/edit',
    body: () =>
      captured((c) =>
        subAccounts.editApiKey(c, {
          apiKeyId: subKey,
          title: 'sub-alpha',
          urls: [{ url: '/api/v4/order/new', enable: false }],
        }),
      ),
    extra: (b) => ({ ...b, urls: [{ url: '/api/v4/order/new', enable: false, partialEnable: true }] }),
    extraWords: 'carries fields this app does not show (partialEnable (in urls))',
    mistyped: (b) => ({ ...b, urls: [{ url: '/api/v4/order/new', enable: 'no' }] }),
    mistypedWords: 'has fields written otherwise than this app writes them (enable (in urls))',
    shows: () => [
      { label: 'Title', value: 'sub-alpha' },
      { label: 'Turns off', value: '/api/v4/order/new' },
    ],
  },
  {
    kind: 'key_reset',
    path: '/api/v4/sub-account/api-key/reset',
    body: () => captured((c) => subAccounts.resetApiKey(c, subKey)),
    extra: (b) => ({ ...b, subAccountId: subId }),
    extraWords: 'carries fields this app does not show (subAccountId)',
    mistyped: () => ({ apiKeyId: 7 }),
    mistypedWords: 'has fields written otherwise than this app writes them (apiKeyId)',
    shows: () => [{ label: 'Key', value: subKey }],
  },
  {
    kind: 'key_withdrawal',
    path: '/api/v4/sub-account/api-key/create',
    body: () =>
      captured((c) => apiKeys.createKey(c, { subAccountId: subId, type: 2, title: 'TXC Desk alpha' })),
    extra: (b) => ({ ...b, ips: ['198.51.100.7'] }),
    extraWords: 'carries fields this app does not show (ips)',
    mistyped: (b) => ({ ...b, type: '2' }),
    mistypedWords: 'has fields written otherwise than this app writes them (type)',
    shows: () => [
      { label: 'Key may', value: 'information, trading, deposits and withdrawals' },
      { label: 'Title', value: 'TXC Desk alpha' },
    ],
  },
  {
    kind: 'policy',
    path: '/desk/policy',
    body: async () => ({ policy: { ...DEFAULT_POLICY, approvalMinutes: 30 }, replaces: null }),
    extra: (b) => ({ ...b, policy: { ...(b['policy'] as object), withdrawalsAlone: true } }),
    extraWords: 'carries fields this app does not show (withdrawalsAlone (in policy))',
    mistyped: (b) => ({ ...b, policy: { ...(b['policy'] as object), keyResets: 'no' } }),
    mistypedWords: 'has fields written otherwise than this app writes them (keyResets (in policy))',
    shows: () => [
      { label: 'A proposal waits', value: '30 minutes' },
      { label: 'Replaces', value: 'the default policy (none set on the desk yet)' },
    ],
  },
  {
    kind: 'guards',
    path: '/desk/order-guards',
    body: async () => ({ settings: { ...guards, bandPct: '8' }, replaces: guards }),
    extra: (b) => ({ ...b, settings: { ...(b['settings'] as object), depthPct: '' } }),
    extraWords: 'carries fields this app does not show (depthPct (in settings))',
    mistyped: (b) => ({ ...b, settings: { ...(b['settings'] as object), bandPct: 8 } }),
    mistypedWords: 'has fields written otherwise than this app writes them (bandPct (in settings))',
    shows: () => [{ label: 'Price band', value: '5 % → 8 %' }],
  },
];

const login = (who: Who) => ({
  user: desk.names[who],
  password: passwordOf(desk.names[who]),
  database: desk.database,
});

/** `who` writes the proposal with psql, its hash over the body as written (so the hash matches). */
async function proposeRaw(who: Who, c: Case, body: Record<string, unknown>): Promise<ProposalView> {
  const account = c.kind === 'policy' || c.kind === 'guards' ? randomUUID() : desk.mainId;
  const [row] = await sqlAs<{ id: string }>(
    info,
    `INSERT INTO proposals (kind, account, path, body, request_hash, summary, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'raw', now() + interval '10 minutes') RETURNING id::text AS id`,
    [c.kind, account, c.path, JSON.stringify(body), requestHash(c.path, body)],
    login(who),
  );
  const id = row?.id ?? '';
  return eventually(
    async () => (await desk.calls.abe.ok<ProposalView[]>('approvals.list')).find((p) => p.id === id),
    'the proposal listed',
  );
}

describe('a proposal whose body is not what this app writes', () => {
  for (const c of CASES)
    it(`of kind ${c.kind}: approvable as the app writes it, refused at decide and at send with a field more or of another type`, async () => {
      const before = sent.length;
      const own = await c.body();
      const clean = await proposeRaw('ada', c, own);
      expect(clean).toMatchObject({ hashMatches: true, canDecide: true });
      for (const fact of c.shows()) expect(clean.facts).toContainEqual(fact);

      for (const [body, words] of [
        [c.extra(own), c.extraWords],
        [c.mistyped(own), c.mistypedWords],
      ] as const) {
        const proposal = await proposeRaw('ada', c, body);
        expect(proposal).toMatchObject({ hashMatches: true, canDecide: false });
        expect(proposal.why).toBe(`This request ${words}: it cannot be approved here.`);
        const decide = await desk.calls.abe.refused('approvals.decide', {
          id: proposal.id,
          decision: 'approved',
        });
        expect(decide.message).toBe(`This request ${words}: it cannot be approved here.`);
        // Approved by hand anyway (the store takes a decision on the hash): the sender's app refuses.
        await sqlAs(
          info,
          `INSERT INTO decisions (proposal, decision, request_hash) VALUES ($1, 'approved', $2)`,
          [proposal.id, proposal.hash],
          login('abe'),
        );
        const send = await desk.calls.ada.refused('approvals.send', { id: proposal.id });
        expect(send.message).toBe(`This request ${words}: it cannot be sent here.`);
        const [used] = await sqlAs<{ n: string }>(
          info,
          'SELECT count(*)::text AS n FROM approval_uses WHERE proposal = $1',
          [proposal.id],
          { database: desk.database },
        );
        expect(used?.n).toBe('0');
      }
      expect(sent.slice(before)).toEqual([]);
    });
});
