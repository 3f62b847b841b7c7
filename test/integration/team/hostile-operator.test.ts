/**
 * An operator of the desk with their own PostgreSQL login and psql, attacking the desk the way the
 * issue's read of the code found open: each statement as psql sends it, under a plain login, refused
 * by the store; and the teammates' apps, running beside, never lose a key or a guard through it, and
 * take a teammate's shared change only once it passes the checks of something typed there, saying who
 * sent what they refused.
 *
 * The desk: ada and abe (admins), tom (treasurer and trader) and vic (viewer), each with an app; ada
 * registers the sandbox's main account and its key, the others add their keys; ada adds "Cold wallet".
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  AccountView,
  AddressEntryView,
  GuardSettingsView,
  RemovedKeyView,
  TeamChangeView,
} from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { psqlAs, sqlAs } from '../../support/postgres.ts';
import { eventually, passwordOf } from '../../support/team.ts';
import { fourEyesDesk, type FourEyesDesk } from './four-eyes-desk.ts';

type Who = 'ada' | 'abe' | 'tom' | 'vic';
const info = inject('postgres');
let sandbox: Sandbox;
let desk: FourEyesDesk<Who>;
const told: Record<Who, TeamChangeView[]> = { ada: [], abe: [], tom: [], vic: [] };
let cold: AddressEntryView;
let guardsBefore: GuardSettingsView;
const COLD = '0x52908400098527886E0F7030069857D2E4169EE7';
const OTHER = '0xde709f2102306220921060314715629080e2fb77';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  desk = await fourEyesDesk(info, sandbox, randomBytes(3).toString('hex'), {
    ada: 'txc_admin',
    abe: 'txc_admin',
    tom: 'txc_treasurer, txc_trader',
    vic: 'txc_viewer',
  });
  for (const who of Object.keys(told) as Who[])
    desk.cores[who].events.subscribe((event, payload) => {
      if (event === 'team.change') told[who].push(payload as TeamChangeView);
    });
  cold = await desk.calls.ada.ok<AddressEntryView>('wallet.addAddress', {
    label: 'Cold wallet',
    network: 'ERC20',
    address: COLD,
  });
  for (const who of ['tom', 'vic'] as const)
    await eventually(async () => (await book(who)).some((e) => e.id === cold.id), `${who} has the address`);
  guardsBefore = await desk.calls.tom.ok<GuardSettingsView>('guards.settings');
}, 120_000);

afterAll(async () => {
  await desk?.close();
  await sandbox?.close();
  for (const name of Object.values(desk?.names ?? {}))
    await sqlAs(info, `DROP ROLE IF EXISTS ${name}`).catch(() => undefined);
});

const book = (who: Who) => desk.calls[who].ok<AddressEntryView[]>('wallet.addressBook');
const listed = (who: Who) => desk.calls[who].ok<AccountView[]>('accounts.list');
const login = (who: Who) => ({
  user: desk.names[who],
  password: passwordOf(desk.names[who]),
  database: desk.database,
});

/** What psql answers `who`'s statement: 'ok' with the rows it touched, or the error's SQLSTATE. */
const psql = (who: Who, sql: string, params: unknown[] = []) => psqlAs(info, sql, params, login(who));

const REFUSED = '42501';

/** What a teammate's app holds of the desk's account, its key and the guards: unchanged by an attack. */
async function teammatesKeepEverything(): Promise<void> {
  for (const who of ['tom', 'vic'] as const) {
    const account = (await listed(who)).find((a) => a.id === desk.mainId);
    expect(account).toMatchObject({ label: 'Sandbox main', subAccountId: null });
    expect(await desk.cores[who].secrets.get(desk.mainId)).toBeDefined();
    expect((await book(who)).find((e) => e.id === cold.id)?.address).toBe(COLD);
    expect(await desk.calls[who].ok<GuardSettingsView>('guards.settings')).toEqual(guardsBefore);
  }
}

describe('a viewer with psql', () => {
  it('cannot remove, relabel or re-identify an account', async () => {
    expect(await psql('vic', 'UPDATE accounts SET removed = true WHERE id = $1', [desk.mainId])).toBe(
      REFUSED,
    );
    expect(await psql('vic', "UPDATE accounts SET label = 'Treasury' WHERE id = $1", [desk.mainId])).toBe(
      REFUSED,
    );
    expect(await psql('vic', "UPDATE accounts SET sub_account_id = '999' WHERE id = $1", [desk.mainId])).toBe(
      REFUSED,
    );
    expect(
      await psql(
        'vic',
        `INSERT INTO accounts (id, label, kind, api_key, connection, created_at_ms, updated_at_ms)
         VALUES ($1, 'Treasury', 'main', 'a-key', 'live', 1, 1)`,
        [randomUUID()],
      ),
    ).toBe(REFUSED);
    await teammatesKeepEverything();
  });

  it('cannot point "Cold wallet" elsewhere, add an address, or turn the guards off', async () => {
    const elsewhere = `UPDATE shared_items SET body = jsonb_set(body, '{address}', to_jsonb($1::text))
      WHERE collection = 'address-book' AND id = $2`;
    expect(await psql('vic', elsewhere, [OTHER, cold.id])).toBe(REFUSED);
    expect(
      await psql(
        'vic',
        `INSERT INTO shared_items (collection, id, body, updated_at_ms) VALUES ('address-book', $1, $2, 1)`,
        [randomUUID(), JSON.stringify({ ...cold, id: 'x', label: 'Payroll' })],
      ),
    ).toBe(REFUSED);
    const off = `INSERT INTO shared_items (collection, id, body, updated_at_ms)
      VALUES ('order-guards', 'settings', '{"bandPct": "", "markets": {}, "notionalCeiling": "", "equityPct": ""}', 1)
      ON CONFLICT (collection, id) DO UPDATE SET body = excluded.body`;
    expect(await psql('vic', off)).toBe(REFUSED);
    expect(await psql('vic', `UPDATE shared_items SET removed = true WHERE collection = 'alerts'`)).toMatch(
      /^(42501|ok 0)$/,
    );
    await teammatesKeepEverything();
  });

  it("cannot write the history, a checkpoint or a lease, not even under a teammate's token or a look-alike table", async () => {
    const account = desk.mainId;
    const token = randomUUID();
    expect(
      await psql('vic', 'INSERT INTO sync_leases (account, token) VALUES ($1, $2)', [account, token]),
    ).toBe(REFUSED);
    expect(
      await psql(
        'vic',
        `INSERT INTO deals (account, id, market, side, role, amount, price, deal, fee, fee_asset, order_id,
           client_order_id, time_us) VALUES ($1, 1, 'BTC_USDT', 'buy', 'maker', '1', '1', '1', '0', 'USDT', 1, '', 1)`,
        [account],
      ),
    ).toBe(REFUSED);
    expect(
      await psql('vic', `INSERT INTO sync_checkpoints (job, cursor) VALUES ($1, '{}')`, [`deals:${account}`]),
    ).toBe(REFUSED);
    for (const [table, columns, values] of [
      ['positions_history', 'position_id, order_id', '1, 1'],
      ['borrows', 'asset, opened_at, seq', "'USDT', 1, 0"],
      ['mining_rewards', 'mining_account, time', "'pool', 1"],
      ['mining_worker_samples', 'mining_account, sampled_at_ms', "'pool', 1"],
      ['balance_snapshots', 'kind, sub_account, taken_at_ms', "'spot', '', 1"],
    ] as const)
      expect([
        table,
        await psql('vic', `INSERT INTO ${table} (account, ${columns}, record) VALUES ($1, ${values}, '{}')`, [
          account,
        ]),
      ]).toEqual([table, REFUSED]);
    // A table of its own named like the leases, searched first in its session: the store's checks are
    // bound to the desk's table.
    const shadow = `CREATE TEMP TABLE sync_leases (account uuid, token uuid, holder text);
      INSERT INTO sync_leases VALUES ('${account}', '${token}', current_user);
      SELECT set_config('txc.sync_lease', '${token}', false);
      INSERT INTO deals (account, id, market, side, role, amount, price, deal, fee, fee_asset, order_id,
        client_order_id, time_us) VALUES ('${account}', 1, 'BTC_USDT', 'buy', 'maker', '1', '1', '1', '0', 'USDT', 1, '', 1)`;
    expect(await psql('vic', shadow)).toBe(REFUSED);
    const [deals] = await sqlAs<{ n: string }>(info, 'SELECT count(*)::text AS n FROM deals', [], {
      database: desk.database,
    });
    expect(deals?.n).toBe('0');
  });

  it("cannot take a teammate's next log entry or the entry an approved send will need", async () => {
    // Tom's app has logged and uploaded requests under its origin.
    await desk.calls.tom.ok('balances.spot', { accountId: desk.mainId });
    const origin = await eventually(
      async () =>
        (
          await sqlAs<{ origin: string; next: string }>(
            info,
            'SELECT origin::text AS origin, (max(origin_id) + 1)::text AS next FROM signed_requests WHERE operator = $1 GROUP BY origin',
            [desk.names.tom],
            { database: desk.database },
          )
        )[0],
      "tom's entries uploaded",
    );
    const entry = `INSERT INTO signed_requests (origin, origin_id, at_ms, account, path, outcome)
      VALUES ($1, $2, 1, 'x', '/api/v4/orders', 'ok')`;
    expect(await psql('vic', entry, [origin.origin, origin.next])).toBe(REFUSED);
    expect(await psql('vic', 'INSERT INTO operator_origins (origin) VALUES ($1)', [origin.origin])).toMatch(
      /^(42501|23505)$/,
    );
    // Tom proposes a withdrawal; before anyone sends it, vic writes the entry its send will need.
    const proposed = await desk.proposeRaw(
      'tom',
      { ticker: 'USDT', amount: '25', address: COLD, network: 'ERC20' },
      600,
    );
    expect(await psql('vic', entry, [proposed.id, 1])).toBe(REFUSED);
    expect(await psql('vic', 'INSERT INTO operator_origins (origin) VALUES ($1)', [proposed.id])).toBe(
      REFUSED,
    );
  });
});

describe('an admin with psql', () => {
  it('cannot loosen the guards without a second admin, nor write a number where the app reads text', async () => {
    for (const body of [
      { ...guardsBefore, bandPct: '' },
      { ...guardsBefore, bandPct: '50' },
      { ...guardsBefore, bandPct: 2 },
      { ...guardsBefore, velocity: 'off' },
    ])
      expect([
        body,
        await psql(
          'abe',
          `INSERT INTO shared_items (collection, id, body, updated_at_ms) VALUES ('order-guards', 'settings', $1, 1)
           ON CONFLICT (collection, id) DO UPDATE SET body = excluded.body`,
          [JSON.stringify(body)],
        ),
      ]).toEqual([body, REFUSED]);
    await teammatesKeepEverything();
  });

  it("cannot have a withdrawal's path approved as a key reset: the store derives the role from the path", async () => {
    const forged = `INSERT INTO proposals (kind, account, path, body, request_hash, expires_at)
      VALUES ('key_reset', $1, '/api/v4/main-account/withdraw-pay', '{}', $2, now() + interval '1 hour')`;
    expect(await psql('abe', forged, [desk.mainId, 'a'.repeat(64)])).toBe(REFUSED);
    expect(await psql('vic', forged, [desk.mainId, 'a'.repeat(64)])).toBe(REFUSED);
  });

  it('whose looser guards two admins approved with a number in them: every teammate refuses them, saying who', async () => {
    const settings = { ...guardsBefore, bandPct: 2 };
    const body = { settings, replaces: guardsBefore };
    const [proposal] = await sqlAs<{ id: string }>(
      info,
      `INSERT INTO proposals (kind, account, path, body, request_hash, expires_at)
       VALUES ('guards', $1, '/desk/order-guards', $2, $3, now() + interval '1 hour') RETURNING id::text AS id`,
      [randomUUID(), JSON.stringify(body), 'b'.repeat(64)],
      login('ada'),
    );
    if (!proposal) throw new Error('no proposal');
    expect(
      await psql(
        'abe',
        `INSERT INTO decisions (proposal, decision, request_hash) VALUES ($1, 'approved', $2)`,
        [proposal.id, 'b'.repeat(64)],
      ),
    ).toBe('ok 1');
    const write = `BEGIN;
      INSERT INTO approval_uses (proposal, request_hash) VALUES ('${proposal.id}', '${'b'.repeat(64)}');
      INSERT INTO shared_items (collection, id, body, updated_at_ms) VALUES ('order-guards', 'settings', '${JSON.stringify(settings)}', 1)
        ON CONFLICT (collection, id) DO UPDATE SET body = excluded.body;
      COMMIT`;
    expect(await psql('ada', write)).toBe('ok 0');
    for (const who of ['tom', 'vic'] as const) {
      const refusal = await eventually(
        () => told[who].find((c) => c.what === 'order-guards' && c.level === 'warning'),
        `${who} refuses the guards`,
      );
      expect(refusal.title).toMatch(
        new RegExp(`^Not taken: ${desk.names.ada}'s change of the desk's order guards at \\d\\d:\\d\\d$`),
      );
      expect(refusal.words).toBe('This app kept what it had: they are not order guards this app can read.');
    }
    await teammatesKeepEverything();
    // Orders still go on tom's app, under the guards it kept: a bid far below the market asks first.
    const asked = desk.desktops.tom.confirmations.length;
    await desk.calls.tom.ok('orders.place', {
      accountId: desk.mainId,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '1000' },
    });
    expect(
      desk.desktops.tom.confirmations
        .slice(asked)
        .map((q) => q.facts.find((f) => f.label === 'Price band')?.value),
    ).toEqual([expect.stringMatching(/below the market price .* \(your band is 5%\)\.$/) as string]);
  });
});

describe('a treasurer with psql', () => {
  const move = `UPDATE shared_items SET body = jsonb_set(body, '{address}', to_jsonb($1::text))
    WHERE collection = 'address-book' AND id = $2`;

  it('points "Cold wallet" at what no ERC20 address can be: every teammate keeps theirs, saying who sent it', async () => {
    expect(await psql('tom', move, ['0xNOT-AN-ADDRESS', cold.id])).toBe('ok 1');
    for (const who of ['ada', 'vic'] as const) {
      const refusal = await eventually(
        () => told[who].find((c) => c.what === 'address-book' && c.title.startsWith('Not taken')),
        `${who} refuses the address`,
      );
      expect(refusal).toMatchObject({ by: desk.names.tom, level: 'warning' });
      expect(refusal.title).toMatch(
        new RegExp(
          `^Not taken: ${desk.names.tom}'s change of the desk's address book "Cold wallet" at \\d\\d:\\d\\d$`,
        ),
      );
      expect(refusal.words).toMatch(/^This app kept what it had: .*Ethereum address/);
      expect((await book(who)).find((e) => e.id === cold.id)?.address).toBe(COLD);
    }
  });

  it('moves it to another real address: every teammate takes it, and Events says who, when, from and to', async () => {
    expect(await psql('tom', move, [OTHER, cold.id])).toBe('ok 1');
    for (const who of ['ada', 'vic'] as const) {
      await eventually(
        async () => (await book(who)).find((e) => e.id === cold.id)?.address === OTHER,
        `${who} takes it`,
      );
      const change = told[who].find((c) => c.title.startsWith('Address "Cold wallet" changed'));
      expect(change).toMatchObject({
        by: desk.names.tom,
        level: 'warning',
        words: `ERC20 ${COLD} → ERC20 ${OTHER}`,
      });
      expect(change?.title).toMatch(
        new RegExp(`^Address "Cold wallet" changed by ${desk.names.tom} at \\d\\d:\\d\\d$`),
      );
    }
  });
});

describe('an admin removing the account from the desk', () => {
  it("deletes no teammate's key: each app keeps it, says who removed it and when, and offers to delete it", async () => {
    await desk.calls.ada.ok('accounts.remove', { id: desk.mainId });
    for (const who of ['tom', 'vic'] as const) {
      await eventually(
        async () => !(await listed(who)).some((a) => a.id === desk.mainId),
        `${who} sees it go`,
      );
      expect(await desk.cores[who].secrets.get(desk.mainId)).toBeDefined();
      expect(await desk.calls[who].ok<RemovedKeyView[]>('accounts.removedKeys')).toEqual([
        expect.objectContaining({ id: desk.mainId, label: 'Sandbox main', removedBy: desk.names.ada }),
      ]);
      const line = await eventually(() => told[who].find((c) => c.what === 'account'), `${who} told`);
      expect(line.title).toMatch(
        new RegExp(`^"Sandbox main" removed from the desk by ${desk.names.ada} at \\d\\d:\\d\\d$`),
      );
    }
    // The admin's own app asked, deleted its own key, and works on: the account can come back.
    expect(await desk.cores.ada.secrets.get(desk.mainId)).toBeUndefined();
    const main = sandbox.accounts.find((a) => a.kind === 'main');
    if (!main) throw new Error('no main account');
    const again = await desk.cores.ada.accounts.registry.add({
      label: 'Sandbox main',
      kind: 'main',
      subAccountId: null,
      apiKey: main.apiKey,
      secret: main.apiSecret,
      connection: desk.cores.ada.connection.id,
    });
    await desk.calls.ada.ok('balances.spot', { accountId: again.id });
    for (const who of ['tom', 'vic'] as const)
      await eventually(async () => (await listed(who)).some((a) => a.id === again.id), `${who} sees it back`);
    // A viewer's app refuses, in words, what only an admin may do.
    expect(
      (await desk.calls.vic.refused('accounts.rename', { id: again.id, label: 'Treasury' })).message,
    ).toBe(
      "Only an admin of the team desk can add, change or remove the desk's accounts: nothing was changed.",
    );
    expect(
      (await desk.calls.vic.refused('wallet.addAddress', { label: 'Mine', network: 'ERC20', address: OTHER }))
        .message,
    ).toBe("Only a treasurer or an admin can change the desk's address book.");
    expect((await desk.calls.vic.refused('guards.configure', { bandPct: '1' })).message).toBe(
      "Only an admin can change the desk's order guards.",
    );
  });
});
