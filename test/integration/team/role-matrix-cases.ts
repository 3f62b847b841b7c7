/**
 * The statements of the role matrix (`role-matrix.test.ts`): for each team table, and for the cases
 * a table's rule tells apart (one's own row or a teammate's, the account's sync lease held here or
 * not, a collection of shared items), one SELECT, INSERT, UPDATE and DELETE as psql would send them,
 * and the rows they act on (`SEEDS`, written once by the superuser). Each statement runs in a
 * transaction of its own, rolled back: `setup` as the superuser (an advisory lock a session would
 * hold), then as the role, `prep` (what the role does first, allowed to every role), then the
 * statement. It counts as allowed when it acts on a row, refused when the store refuses it or it acts
 * on none.
 */
import { randomUUID } from 'node:crypto';

export type Op = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';

export interface MatrixCase {
  /** The table the statements act on. */
  table: string;
  setup?: string[];
  /** Setup of one statement only (as the superuser). */
  setupFor?: Partial<Record<Op, string[]>>;
  prep?: string[];
  sql: Record<Op, string>;
}

/** The helpers' own login roles (proposers, deciders, a teammate's lease): names given by the test. */
export interface Helpers {
  tom: string;
  tia: string;
  ada: string;
  abe: string;
}

const id = () => randomUUID();
const HASH = (c: string) => c.repeat(64);

export const IDS = {
  accountA: id(),
  accountB: id(),
  leaseHere: id(),
  leaseMate: id(),
  leaseFree: id(),
  tokenHere: id(),
  tokenMate: id(),
  originMate: id(),
  originNew: id(),
  proposalOpen: id(),
  proposalApproved: id(),
  proposalUsed: id(),
  policyApproved: id(),
  policyUsed: id(),
  guardsApproved: id(),
  guardsStale: id(),
};

const DEFAULT_GUARDS = {
  bandPct: '5',
  markets: {},
  notionalCeiling: '',
  equityPct: '25',
  velocityCeiling: '',
  velocityPct: '50',
};
const LOOSE_GUARDS = { ...DEFAULT_GUARDS, bandPct: '50' };
const TIGHT_GUARDS = { ...DEFAULT_GUARDS, bandPct: '2' };
const json = (v: unknown) => `'${JSON.stringify(v)}'::jsonb`;

const lock = (account: string) =>
  `SELECT pg_advisory_xact_lock(hashtext('txc-desk sync'), hashtext('${account}'))`;
const underLease = (account: string, token: string) => [
  `INSERT INTO sync_leases (account, token) VALUES ('${account}', '${token}')
   ON CONFLICT (account) DO UPDATE SET token = excluded.token, holder = current_user, since = now()`,
  `SELECT set_config('txc.sync_lease', '${token}', true)`,
];

/** One proposal row (written by the superuser), expiring in an hour. */
const proposal = (pid: string, kind: string, path: string, proposer: string, hash: string, body = {}) =>
  `INSERT INTO proposals (id, kind, account, path, body, request_hash, proposer, expires_at)
   VALUES ('${pid}', '${kind}', '${IDS.accountA}', '${path}', ${json(body)}, '${hash}', '${proposer}',
     now() + interval '1 hour')`;
const decision = (pid: string, decider: string, hash: string) =>
  `INSERT INTO decisions (proposal, decision, request_hash, decider) VALUES ('${pid}', 'approved', '${hash}', '${decider}')`;
const use = (pid: string, by: string, hash: string) =>
  `INSERT INTO approval_uses (proposal, request_hash, used_by) VALUES ('${pid}', '${hash}', '${by}')`;

const WITHDRAW = '/api/v4/main-account/withdraw';
const guardsBody = { settings: LOOSE_GUARDS, replaces: DEFAULT_GUARDS };
const staleBody = { settings: LOOSE_GUARDS, replaces: { ...DEFAULT_GUARDS, bandPct: '45' } };

const history = (table: string, columns: string, key: (n: number) => string): string[] =>
  [IDS.leaseHere, IDS.leaseMate].map(
    (account) =>
      `INSERT INTO ${table} (account, ${columns}, record) VALUES ('${account}', ${key(1)}, '{"account": "${account}"}')`,
  );

/** The rows every case acts on, written once, before the matrix runs. */
export function seeds(h: Helpers): string[] {
  return [
    `INSERT INTO accounts (id, label, kind, api_key, connection, created_at_ms, updated_at_ms)
     VALUES ('${IDS.accountA}', 'Desk A', 'main', 'key-a', 'live', 1, 1),
            ('${IDS.accountB}', 'Desk B', 'sub', 'key-b', 'live', 1, 1)`,
    `INSERT INTO operators (name) VALUES ('${h.tom}')`,
    `INSERT INTO key_holders (account, operator, api_key, since_ms) VALUES ('${IDS.accountA}', '${h.tom}', 'key-a', 1)`,
    `INSERT INTO sync_leases (account, token, holder) VALUES ('${IDS.leaseHere}', '${id()}', '${h.tom}'),
       ('${IDS.leaseMate}', '${IDS.tokenMate}', '${h.tom}')`,
    ...[IDS.leaseHere, IDS.leaseMate].flatMap((account) => [
      `INSERT INTO deals (account, id, market, side, role, amount, price, deal, fee, fee_asset, order_id,
         client_order_id, time_us) VALUES ('${account}', 1, 'BTC_USDT', 'buy', 'maker', '1', '1', '1', '0', 'USDT', 1, '', 1)`,
      `INSERT INTO sync_checkpoints (job, cursor) VALUES ('deals:${account}', '{}')`,
    ]),
    ...history('positions_history', 'position_id, order_id', (n) => `${String(n)}, ${String(n)}`),
    ...history('borrows', 'asset, opened_at, seq', (n) => `'USDT', ${String(n)}, 0`),
    ...history('mining_rewards', 'mining_account, time', (n) => `'pool', ${String(n)}`),
    ...history('mining_worker_samples', 'mining_account, sampled_at_ms', (n) => `'pool', ${String(n)}`),
    ...history('balance_snapshots', 'kind, sub_account, taken_at_ms', (n) => `'spot', '', ${String(n)}`),
    ...history('vault_records', 'kind, key', (n) => `'funding', '${String(n)}'`),
    `INSERT INTO operator_origins (origin, operator) VALUES ('${IDS.originMate}', '${h.tom}')`,
    `INSERT INTO signed_requests (origin, origin_id, operator, at_ms, account, path, outcome)
     VALUES ('${IDS.originMate}', 1, '${h.tom}', 1, '${IDS.accountA}', '/api/v4/orders', 'ok')`,
    proposal(IDS.proposalOpen, 'withdrawal', WITHDRAW, h.tom, HASH('a')),
    proposal(IDS.proposalApproved, 'withdrawal', WITHDRAW, h.tom, HASH('b')),
    decision(IDS.proposalApproved, h.tia, HASH('b')),
    proposal(IDS.proposalUsed, 'withdrawal', WITHDRAW, h.tom, HASH('c')),
    decision(IDS.proposalUsed, h.tia, HASH('c')),
    use(IDS.proposalUsed, h.tom, HASH('c')),
    // It replaces the policy in force (policyUsed), as the store holds a new policy to.
    proposal(IDS.policyApproved, 'policy', '/desk/policy', h.ada, HASH('d'), {
      policy: {},
      replaces: IDS.policyUsed,
    }),
    decision(IDS.policyApproved, h.abe, HASH('d')),
    proposal(IDS.policyUsed, 'policy', '/desk/policy', h.ada, HASH('e'), { policy: {} }),
    decision(IDS.policyUsed, h.abe, HASH('e')),
    use(IDS.policyUsed, h.ada, HASH('e')),
    `INSERT INTO desk_policies (proposal, body, set_by) VALUES ('${IDS.policyUsed}', '{"policy": {}}', '${h.ada}')`,
    proposal(IDS.guardsApproved, 'guards', '/desk/order-guards', h.ada, HASH('f'), guardsBody),
    decision(IDS.guardsApproved, h.abe, HASH('f')),
    // Approved as replacing a 45 % band: the desk's is 5 %, so it would loosen more than was read.
    proposal(IDS.guardsStale, 'guards', '/desk/order-guards', h.ada, HASH('7'), staleBody),
    decision(IDS.guardsStale, h.abe, HASH('7')),
    `INSERT INTO shared_items (collection, id, body, updated_at_ms) VALUES
       ('address-book', 'entry-1', '{"label": "Cold wallet"}', 1),
       ('alerts', 'alert-1', '{"kind": "price"}', 1),
       ('order-guards', 'settings', ${json(DEFAULT_GUARDS)}, 1)`,
  ];
}

const ANY_ROW = (table: string) => `SELECT 1 FROM ${table} LIMIT 1`;
const historyInsert = (table: string, columns: string, values: string, account: string) =>
  `INSERT INTO ${table} (account, ${columns}, record) VALUES ('${account}', ${values}, '{"account": "${account}"}')`;

/** A history table's statements on the rows of `account`. */
function historyCase(table: string, columns: string, values: string, account: string): Record<Op, string> {
  return {
    SELECT: ANY_ROW(table),
    INSERT: historyInsert(table, columns, values, account),
    UPDATE: `UPDATE ${table} SET record = '{"again": true, "account": "${account}"}' WHERE account = '${account}'`,
    DELETE: `DELETE FROM ${table} WHERE account = '${account}'`,
  };
}

const HISTORY: Array<[table: string, columns: string, values: string]> = [
  ['positions_history', 'position_id, order_id', '2, 2'],
  ['borrows', 'asset, opened_at, seq', "'USDT', 2, 0"],
  ['mining_rewards', 'mining_account, time', "'pool', 2"],
  ['mining_worker_samples', 'mining_account, sampled_at_ms', "'pool', 2"],
  ['balance_snapshots', 'kind, sub_account, taken_at_ms', "'spot', '', 2"],
  ['vault_records', 'kind, key', "'funding', '2'"],
];

const dealInsert = (account: string) =>
  `INSERT INTO deals (account, id, market, side, role, amount, price, deal, fee, fee_asset, order_id, client_order_id,
     time_us) VALUES ('${account}', 2, 'BTC_USDT', 'buy', 'maker', '1', '1', '1', '0', 'USDT', 2, '', 2)`;

const shared = (collection: string, itemId: string, body: unknown) =>
  `INSERT INTO shared_items (collection, id, body, updated_at_ms) VALUES ('${collection}', '${itemId}', ${json(body)}, 2)`;
const sharedUpdate = (collection: string, itemId: string, body: unknown) =>
  `UPDATE shared_items SET body = ${json(body)}, updated_at_ms = 3 WHERE collection = '${collection}' AND id = '${itemId}'`;
const NO_GUARDS = "DELETE FROM shared_items WHERE collection = 'order-guards'";

const newProposal = (kind: string, path: string, body: unknown = {}) =>
  `INSERT INTO proposals (kind, account, path, body, request_hash, expires_at)
   VALUES ('${kind}', '${IDS.accountB}', '${path}', ${json(body)}, '${HASH('9')}', now() + interval '1 hour')`;
const sendRow = (pid: string, approver: string, outcome: string, proposalColumns: boolean) =>
  `INSERT INTO signed_requests (origin, origin_id, at_ms, account, path, body_hash, outcome${
    proposalColumns ? ', proposal, approved_by' : ''
  }) VALUES ('${pid}', 1, 1, '${IDS.accountA}', '${WITHDRAW}', '${HASH('b')}', '${outcome}'${
    proposalColumns ? `, '${pid}', '${approver}'` : ''
  })`;

/** Every case, by the name the expectations table gives it. */
export function cases(h: Helpers): Record<string, MatrixCase> {
  const out: Record<string, MatrixCase> = {
    desk_schema: {
      table: 'desk_schema',
      sql: {
        SELECT: ANY_ROW('desk_schema'),
        INSERT: "INSERT INTO desk_schema (version, name) VALUES (99, 'mine')",
        UPDATE: "UPDATE desk_schema SET name = 'mine' WHERE version = 1",
        DELETE: 'DELETE FROM desk_schema WHERE version = 3',
      },
    },
    desk: {
      table: 'desk',
      sql: {
        SELECT: ANY_ROW('desk'),
        INSERT: 'INSERT INTO desk DEFAULT VALUES',
        UPDATE: 'UPDATE desk SET created_at = now()',
        DELETE: 'DELETE FROM desk',
      },
    },
    'operators: own row': {
      table: 'operators',
      sql: {
        SELECT: 'SELECT 1 FROM operators',
        INSERT: 'INSERT INTO operators (name) VALUES (current_user)',
        UPDATE:
          'INSERT INTO operators (name) VALUES (current_user); UPDATE operators SET last_seen_at = now() WHERE name = current_user',
        DELETE:
          'INSERT INTO operators (name) VALUES (current_user); DELETE FROM operators WHERE name = current_user',
      },
    },
    "operators: a teammate's row": {
      table: 'operators',
      sql: {
        SELECT: `SELECT 1 FROM operators WHERE name = '${h.tom}'`,
        INSERT: `INSERT INTO operators (name) VALUES ('${h.tia}')`,
        UPDATE: `UPDATE operators SET app_version = 'mine' WHERE name = '${h.tom}'`,
        DELETE: `DELETE FROM operators WHERE name = '${h.tom}'`,
      },
    },
    accounts: {
      table: 'accounts',
      sql: {
        SELECT: ANY_ROW('accounts'),
        INSERT: `INSERT INTO accounts (id, label, kind, api_key, connection, created_at_ms, updated_at_ms)
                 VALUES ('${id()}', 'Mine', 'sub', 'key-m', 'live', 2, 2)`,
        UPDATE: `UPDATE accounts SET removed = true WHERE id = '${IDS.accountB}'`,
        DELETE: `DELETE FROM accounts WHERE id = '${IDS.accountB}'`,
      },
    },
    'key_holders: own row': {
      table: 'key_holders',
      sql: {
        SELECT: ANY_ROW('key_holders'),
        INSERT: `INSERT INTO key_holders (account, api_key, since_ms) VALUES ('${IDS.accountA}', 'key-a', 2)`,
        UPDATE: `INSERT INTO key_holders (account, api_key, since_ms) VALUES ('${IDS.accountA}', 'key-a', 2);
                 UPDATE key_holders SET held = false WHERE operator = current_user`,
        DELETE: `INSERT INTO key_holders (account, api_key, since_ms) VALUES ('${IDS.accountA}', 'key-a', 2);
                 DELETE FROM key_holders WHERE operator = current_user`,
      },
    },
    "key_holders: a teammate's row": {
      table: 'key_holders',
      sql: {
        SELECT: `SELECT 1 FROM key_holders WHERE operator = '${h.tom}'`,
        INSERT: `INSERT INTO key_holders (account, operator, api_key, since_ms) VALUES ('${IDS.accountA}', '${h.tia}', 'key-a', 2)`,
        UPDATE: `UPDATE key_holders SET held = false WHERE operator = '${h.tom}'`,
        DELETE: `DELETE FROM key_holders WHERE operator = '${h.tom}'`,
      },
    },
    "sync_leases: the account's lock held by this session": {
      table: 'sync_leases',
      setup: [lock(IDS.leaseFree), lock(IDS.leaseHere)],
      sql: {
        SELECT: ANY_ROW('sync_leases'),
        INSERT: `INSERT INTO sync_leases (account, token) VALUES ('${IDS.leaseFree}', '${id()}')`,
        UPDATE: `UPDATE sync_leases SET token = '${id()}', holder = current_user WHERE account = '${IDS.leaseHere}'`,
        DELETE: `DELETE FROM sync_leases WHERE account = '${IDS.leaseHere}'`,
      },
    },
    "sync_leases: the account's lock not held": {
      table: 'sync_leases',
      sql: {
        SELECT: `SELECT 1 FROM sync_leases WHERE account = '${IDS.leaseMate}'`,
        INSERT: `INSERT INTO sync_leases (account, token) VALUES ('${IDS.leaseFree}', '${id()}')`,
        UPDATE: `UPDATE sync_leases SET token = '${id()}', holder = current_user WHERE account = '${IDS.leaseMate}'`,
        DELETE: `DELETE FROM sync_leases WHERE account = '${IDS.leaseMate}'`,
      },
    },
    'deals: under own lease': {
      table: 'deals',
      setup: [lock(IDS.leaseHere)],
      prep: underLease(IDS.leaseHere, IDS.tokenHere),
      sql: {
        SELECT: ANY_ROW('deals'),
        INSERT: dealInsert(IDS.leaseHere),
        UPDATE: `UPDATE deals SET fee = '1' WHERE account = '${IDS.leaseHere}'`,
        DELETE: `DELETE FROM deals WHERE account = '${IDS.leaseHere}'`,
      },
    },
    "deals: under a teammate's lease, its token known": {
      table: 'deals',
      prep: [`SELECT set_config('txc.sync_lease', '${IDS.tokenMate}', true)`],
      sql: {
        SELECT: ANY_ROW('deals'),
        INSERT: dealInsert(IDS.leaseMate),
        UPDATE: `UPDATE deals SET fee = '1' WHERE account = '${IDS.leaseMate}'`,
        DELETE: `DELETE FROM deals WHERE account = '${IDS.leaseMate}'`,
      },
    },
    'sync_checkpoints: under own lease': {
      table: 'sync_checkpoints',
      setup: [lock(IDS.leaseHere)],
      prep: underLease(IDS.leaseHere, IDS.tokenHere),
      sql: {
        SELECT: ANY_ROW('sync_checkpoints'),
        INSERT: `INSERT INTO sync_checkpoints (job, cursor) VALUES ('borrows:${IDS.leaseHere}', '{}')`,
        UPDATE: `UPDATE sync_checkpoints SET cursor = '{"page": 2}' WHERE job = 'deals:${IDS.leaseHere}'`,
        DELETE: `DELETE FROM sync_checkpoints WHERE job = 'deals:${IDS.leaseHere}'`,
      },
    },
    "sync_checkpoints: under a teammate's lease, its token known": {
      table: 'sync_checkpoints',
      prep: [`SELECT set_config('txc.sync_lease', '${IDS.tokenMate}', true)`],
      sql: {
        SELECT: ANY_ROW('sync_checkpoints'),
        INSERT: `INSERT INTO sync_checkpoints (job, cursor) VALUES ('borrows:${IDS.leaseMate}', '{}')`,
        UPDATE: `UPDATE sync_checkpoints SET cursor = '{"page": 2}' WHERE job = 'deals:${IDS.leaseMate}'`,
        DELETE: `DELETE FROM sync_checkpoints WHERE job = 'deals:${IDS.leaseMate}'`,
      },
    },
    'signed_requests: own origin': {
      table: 'signed_requests',
      prep: [`INSERT INTO operator_origins (origin) VALUES ('${IDS.originNew}')`],
      sql: {
        SELECT: ANY_ROW('signed_requests'),
        INSERT: `INSERT INTO signed_requests (origin, origin_id, at_ms, account, path, outcome)
                 VALUES ('${IDS.originNew}', 1, 2, '${IDS.accountA}', '/api/v4/orders', 'ok')`,
        UPDATE: `UPDATE signed_requests SET outcome = 'failed' WHERE origin = '${IDS.originMate}'`,
        DELETE: `DELETE FROM signed_requests WHERE origin = '${IDS.originMate}'`,
      },
    },
    "signed_requests: a teammate's origin (their next entry)": {
      table: 'signed_requests',
      sql: {
        SELECT: ANY_ROW('signed_requests'),
        INSERT: `INSERT INTO signed_requests (origin, origin_id, at_ms, account, path, outcome)
                 VALUES ('${IDS.originMate}', 2, 2, '${IDS.accountA}', '/api/v4/orders', 'ok')`,
        UPDATE: `UPDATE signed_requests SET outcome = 'failed' WHERE origin = '${IDS.originMate}'`,
        DELETE: `DELETE FROM signed_requests WHERE origin = '${IDS.originMate}'`,
      },
    },
    'signed_requests: the entry an approved send will need, written first': {
      table: 'signed_requests',
      sql: {
        SELECT: ANY_ROW('signed_requests'),
        INSERT: sendRow(IDS.proposalApproved, h.tia, 'ok', false),
        UPDATE: `UPDATE signed_requests SET origin = '${IDS.proposalApproved}' WHERE origin = '${IDS.originMate}'`,
        DELETE: `DELETE FROM signed_requests WHERE origin = '${IDS.originMate}'`,
      },
    },
    "signed_requests: an approval's send entry, with its use": {
      table: 'signed_requests',
      sql: {
        SELECT: ANY_ROW('signed_requests'),
        INSERT: `INSERT INTO approval_uses (proposal, request_hash) VALUES ('${IDS.proposalApproved}', '${HASH('b')}');
                 ${sendRow(IDS.proposalApproved, h.tia, 'sending', true)}`,
        UPDATE: `UPDATE signed_requests SET outcome = 'failed' WHERE origin = '${IDS.originMate}'`,
        DELETE: `DELETE FROM signed_requests WHERE origin = '${IDS.originMate}'`,
      },
    },
    'shared_items: the address book': {
      table: 'shared_items',
      sql: {
        SELECT: `SELECT 1 FROM shared_items WHERE collection = 'address-book'`,
        INSERT: shared('address-book', 'entry-2', { label: 'Another wallet' }),
        UPDATE: sharedUpdate('address-book', 'entry-1', { label: 'Cold wallet', address: 'elsewhere' }),
        DELETE: "DELETE FROM shared_items WHERE collection = 'address-book'",
      },
    },
    'shared_items: alerts': {
      table: 'shared_items',
      sql: {
        SELECT: `SELECT 1 FROM shared_items WHERE collection = 'alerts'`,
        INSERT: shared('alerts', 'alert-2', { kind: 'price' }),
        UPDATE: sharedUpdate('alerts', 'alert-1', { kind: 'price', price: '1' }),
        DELETE: "DELETE FROM shared_items WHERE collection = 'alerts'",
      },
    },
    'shared_items: order guards that ask more': {
      table: 'shared_items',
      // None shared yet: the store compares with the app's defaults.
      setupFor: { INSERT: [NO_GUARDS] },
      sql: {
        SELECT: `SELECT 1 FROM shared_items WHERE collection = 'order-guards'`,
        INSERT: shared('order-guards', 'settings', TIGHT_GUARDS),
        UPDATE: sharedUpdate('order-guards', 'settings', TIGHT_GUARDS),
        DELETE: NO_GUARDS,
      },
    },
    'shared_items: order guards that ask less, not approved': {
      table: 'shared_items',
      // None shared yet: the store compares with the app's defaults.
      setupFor: { INSERT: [NO_GUARDS] },
      sql: {
        SELECT: `SELECT 1 FROM shared_items WHERE collection = 'order-guards'`,
        INSERT: shared('order-guards', 'settings', LOOSE_GUARDS),
        UPDATE: sharedUpdate('order-guards', 'settings', LOOSE_GUARDS),
        DELETE: NO_GUARDS,
      },
    },
    'shared_items: order guards that ask less, approved and used now': {
      table: 'shared_items',
      // None shared yet: the store compares with the app's defaults.
      setupFor: { INSERT: [NO_GUARDS] },
      sql: {
        SELECT: `SELECT 1 FROM shared_items WHERE collection = 'order-guards'`,
        INSERT: `INSERT INTO approval_uses (proposal, request_hash) VALUES ('${IDS.guardsApproved}', '${HASH('f')}');
                 ${shared('order-guards', 'settings', LOOSE_GUARDS)}`,
        UPDATE: `INSERT INTO approval_uses (proposal, request_hash) VALUES ('${IDS.guardsApproved}', '${HASH('f')}');
                 ${sharedUpdate('order-guards', 'settings', LOOSE_GUARDS)}`,
        DELETE: NO_GUARDS,
      },
    },
    "shared_items: order guards that ask less, approved as replacing other guards than the desk's": {
      table: 'shared_items',
      setupFor: { INSERT: [NO_GUARDS] },
      sql: {
        SELECT: `SELECT 1 FROM shared_items WHERE collection = 'order-guards'`,
        INSERT: `INSERT INTO approval_uses (proposal, request_hash) VALUES ('${IDS.guardsStale}', '${HASH('7')}');
                 ${shared('order-guards', 'settings', LOOSE_GUARDS)}`,
        UPDATE: `INSERT INTO approval_uses (proposal, request_hash) VALUES ('${IDS.guardsStale}', '${HASH('7')}');
                 ${sharedUpdate('order-guards', 'settings', LOOSE_GUARDS)}`,
        DELETE: NO_GUARDS,
      },
    },
    'proposals: a withdrawal': {
      table: 'proposals',
      sql: {
        SELECT: ANY_ROW('proposals'),
        INSERT: newProposal('withdrawal', '/api/v4/main-account/withdraw-pay'),
        UPDATE: `UPDATE proposals SET summary = 'mine' WHERE id = '${IDS.proposalOpen}'`,
        DELETE: `DELETE FROM proposals WHERE id = '${IDS.proposalOpen}'`,
      },
    },
    'proposals: a key reset, a policy, order guards': {
      table: 'proposals',
      sql: {
        SELECT: ANY_ROW('proposals'),
        INSERT: `${newProposal('key_reset', '/api/v4/sub-account/api-key/reset')};
                 ${newProposal('policy', '/desk/policy')}; ${newProposal('guards', '/desk/order-guards', guardsBody)}`,
        UPDATE: `UPDATE proposals SET summary = 'mine' WHERE id = '${IDS.proposalOpen}'`,
        DELETE: `DELETE FROM proposals WHERE id = '${IDS.proposalOpen}'`,
      },
    },
    "proposals: a kind its path is not (a key reset of a withdrawal's path)": {
      table: 'proposals',
      sql: {
        SELECT: ANY_ROW('proposals'),
        INSERT: newProposal('key_reset', '/api/v4/main-account/withdraw-pay'),
        UPDATE: `UPDATE proposals SET kind = 'key_reset' WHERE id = '${IDS.proposalOpen}'`,
        DELETE: `DELETE FROM proposals WHERE id = '${IDS.proposalOpen}'`,
      },
    },
    "decisions: on a teammate's withdrawal": {
      table: 'decisions',
      sql: {
        SELECT: ANY_ROW('decisions'),
        INSERT: `INSERT INTO decisions (proposal, decision, request_hash) VALUES ('${IDS.proposalOpen}', 'approved', '${HASH('a')}')`,
        UPDATE: `UPDATE decisions SET decision = 'rejected', reason = 'mine' WHERE proposal = '${IDS.proposalApproved}'`,
        DELETE: `DELETE FROM decisions WHERE proposal = '${IDS.proposalApproved}'`,
      },
    },
    "approval_uses: a teammate's approved withdrawal": {
      table: 'approval_uses',
      sql: {
        SELECT: ANY_ROW('approval_uses'),
        INSERT: `INSERT INTO approval_uses (proposal, request_hash) VALUES ('${IDS.proposalApproved}', '${HASH('b')}')`,
        UPDATE: `UPDATE approval_uses SET used_by = current_user WHERE proposal = '${IDS.proposalUsed}'`,
        DELETE: `DELETE FROM approval_uses WHERE proposal = '${IDS.proposalUsed}'`,
      },
    },
    'desk_policies: an approved policy, used now': {
      table: 'desk_policies',
      sql: {
        SELECT: ANY_ROW('desk_policies'),
        INSERT: `INSERT INTO approval_uses (proposal, request_hash) VALUES ('${IDS.policyApproved}', '${HASH('d')}');
                 INSERT INTO desk_policies (proposal, body)
                   VALUES ('${IDS.policyApproved}', '{"policy": {}, "replaces": "${IDS.policyUsed}"}')`,
        UPDATE: `UPDATE desk_policies SET body = '{"policy": {"keyResets": false}}'`,
        DELETE: 'DELETE FROM desk_policies',
      },
    },
    desk_request_kinds: {
      table: 'desk_request_kinds',
      sql: {
        SELECT: ANY_ROW('desk_request_kinds'),
        INSERT: `INSERT INTO desk_request_kinds (path, kind, role) VALUES ('${WITHDRAW}', 'key_reset', 'txc_admin')`,
        UPDATE: `UPDATE desk_request_kinds SET role = 'txc_admin' WHERE kind = 'withdrawal'`,
        DELETE: "DELETE FROM desk_request_kinds WHERE kind = 'code'",
      },
    },
    operator_origins: {
      table: 'operator_origins',
      sql: {
        SELECT: ANY_ROW('operator_origins'),
        INSERT: `INSERT INTO operator_origins (origin) VALUES ('${IDS.originNew}')`,
        UPDATE: `UPDATE operator_origins SET operator = current_user WHERE origin = '${IDS.originMate}'`,
        DELETE: `DELETE FROM operator_origins WHERE origin = '${IDS.originMate}'`,
      },
    },
    "operator_origins: a proposal's id": {
      table: 'operator_origins',
      sql: {
        SELECT: ANY_ROW('operator_origins'),
        INSERT: `INSERT INTO operator_origins (origin) VALUES ('${IDS.proposalApproved}')`,
        UPDATE: `UPDATE operator_origins SET origin = '${IDS.proposalApproved}' WHERE origin = '${IDS.originMate}'`,
        DELETE: `DELETE FROM operator_origins WHERE origin = '${IDS.originMate}'`,
      },
    },
  };
  for (const [table, columns, values] of HISTORY) {
    out[`${table}: under own lease`] = {
      table,
      setup: [lock(IDS.leaseHere)],
      prep: underLease(IDS.leaseHere, IDS.tokenHere),
      sql: historyCase(table, columns, values, IDS.leaseHere),
    };
    out[`${table}: under a teammate's lease, its token known`] = {
      table,
      prep: [`SELECT set_config('txc.sync_lease', '${IDS.tokenMate}', true)`],
      sql: historyCase(table, columns, values, IDS.leaseMate),
    };
  }
  return out;
}
