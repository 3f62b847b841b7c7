/**
 * The account registry shared by the desk. A change by this operator goes to the team store first
 * (where labels and keys are unique for the whole desk) and then to the local registry; every
 * operator's registry follows the store by change cursor, read again on each notification, so an
 * account added, renamed or removed anywhere shows on every screen at once. Which operator holds
 * which key is shared as the public key each holds; secrets stay in each operator's keychain.
 */
import { UserFacingError } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { AccountRegistry } from '../vault/registry.ts';
import {
  sharedColumns,
  type IdentityChange,
  type RegistryDesk,
  type SharedAccount,
  type SharedKeyHolder,
  type TeamAccountRow,
} from '../vault/shared.ts';
import { readChanges, START, type ChangeCursor, type FeedTable } from './changes.ts';
import { TeamProblem } from './problems.ts';
import type { TeamStore } from './store.ts';
import { OnePull } from './one-pull.ts';

const ACCOUNTS: FeedTable = {
  table: 'accounts',
  key: [['id', 'uuid']],
  columns: `id::text AS id, label, kind, sub_account_id, api_key, connection, groups, tags, url_permissions,
    webhook_api_key, created_at_ms, updated_at_ms, removed, changed_by,
    (extract(epoch FROM changed_at) * 1000)::bigint::text AS changed_ms`,
};
const HOLDERS: FeedTable = {
  table: 'key_holders',
  key: [
    ['account', 'uuid'],
    ['operator', 'text'],
  ],
  columns: 'account::text AS account, operator, api_key, held',
};

interface AccountRow {
  id: string;
  label: string;
  kind: 'main' | 'sub';
  sub_account_id: string | null;
  api_key: string;
  connection: string;
  groups: string[];
  tags: string[];
  url_permissions: Record<string, boolean>;
  webhook_api_key: string | null;
  created_at_ms: string;
  updated_at_ms: string;
  removed: boolean;
  changed_by: string;
  changed_ms: string;
}

interface Cursors {
  accounts: ChangeCursor;
  holders: ChangeCursor;
}

const PAGE = 500;

/** The store's refusal of an operator who is not an admin (only `txc_admin` may write `accounts`). */
const ADMINS_ONLY = new UserFacingError(
  'role_required',
  "Only an admin of the team desk can add, change or remove the desk's accounts: nothing was changed.",
);

/** A refusal of the team store in the words of the registry's own checks. */
function taken(error: unknown, account: SharedAccount): unknown {
  const e = error as { code?: string; constraint?: string };
  if (e.code === '42501') return ADMINS_ONLY;
  if (e.code !== '23505') return error;
  if (e.constraint === 'accounts_label')
    return new UserFacingError(
      'invalid_input',
      `label: an account named "${account.label}" already exists in the team desk`,
      'label',
    );
  return new UserFacingError(
    'invalid_input',
    'apiKey: this key is already registered in the team desk',
    'apiKey',
  );
}

export class TeamAccounts implements RegistryDesk {
  readonly #store: TeamStore;
  readonly #registry: AccountRegistry;
  readonly #log: Logger;
  readonly #pulls = new OnePull(() => this.#pullOnce());
  readonly #identityListeners = new Set<(changes: readonly IdentityChange[]) => void>();

  constructor(store: TeamStore, registry: AccountRegistry, log: Logger) {
    this.#store = store;
    this.#registry = registry;
    this.#log = log;
  }

  get operator(): string {
    return this.#store.operator;
  }

  /** Hears the changes of accounts' labels, sub-account ids and keys, and removals, teammates made. */
  onIdentityChanges(listener: (changes: readonly IdentityChange[]) => void): () => void {
    this.#identityListeners.add(listener);
    return () => this.#identityListeners.delete(listener);
  }

  /** A write the store could not take because it is not reachable, in the registry's words. */
  #unreachable(error: unknown): unknown {
    if (!(error instanceof TeamProblem) || !error.transient) return error;
    return new TeamProblem(
      'unreachable',
      `The desk's accounts are kept on the team server, which is not reachable now: nothing was changed. ${error.message}`,
    );
  }

  async put(a: SharedAccount): Promise<void> {
    try {
      await this.#store.query(
        `INSERT INTO accounts (id, label, kind, sub_account_id, api_key, connection, groups, tags, url_permissions,
           webhook_api_key, created_at_ms, updated_at_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (id) DO UPDATE SET label = excluded.label, kind = excluded.kind,
           sub_account_id = excluded.sub_account_id, api_key = excluded.api_key, connection = excluded.connection,
           groups = excluded.groups, tags = excluded.tags, url_permissions = excluded.url_permissions,
           webhook_api_key = excluded.webhook_api_key, updated_at_ms = excluded.updated_at_ms, removed = false`,
        sharedColumns(a),
      );
    } catch (error) {
      throw this.#unreachable(taken(error, a));
    }
  }

  async remove(id: string): Promise<void> {
    try {
      await this.#store.query('UPDATE accounts SET removed = true, updated_at_ms = $2 WHERE id = $1', [
        id,
        Date.now(),
      ]);
    } catch (error) {
      throw this.#unreachable((error as { code?: string }).code === '42501' ? ADMINS_ONLY : error);
    }
  }

  async holdKey(account: string, apiKey: string, held: boolean): Promise<void> {
    try {
      await this.#store.query(
        `INSERT INTO key_holders (account, api_key, held, since_ms) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account, operator) DO UPDATE SET api_key = excluded.api_key, held = excluded.held,
           since_ms = excluded.since_ms`,
        [account, apiKey, held, Date.now()],
      );
    } catch (error) {
      // The key is in this keychain already; the team learns it at the next start or import.
      this.#log.log('warn', 'could not tell the team store which key this operator holds', error);
    }
  }

  #cursorName(): string {
    return `${this.#store.deskId ?? 'desk'}:registry`;
  }

  /**
   * Reads every change since the registry's cursor into the registry; one pull at a time. Answers
   * true when the last pass was held back (`ChangePage.held`).
   */
  pull(): Promise<boolean> {
    return this.#pulls.run();
  }

  async #pullOnce(): Promise<boolean> {
    let held = false;
    const name = this.#cursorName();
    const saved = this.#registry.teamCursor(name);
    let cursors: Cursors = saved ? (JSON.parse(saved) as Cursors) : { accounts: START, holders: START };
    for (const feed of [ACCOUNTS, HOLDERS]) {
      for (;;) {
        const key = feed === ACCOUNTS ? 'accounts' : 'holders';
        const page = await readChanges<Record<string, unknown>>(this.#store, feed, cursors[key], PAGE);
        cursors = { ...cursors, [key]: page.next };
        const changes =
          feed === ACCOUNTS
            ? { accounts: (page.rows as unknown as AccountRow[]).map(sharedAccount), holders: [] }
            : { accounts: [], holders: (page.rows as unknown as HolderRow[]).map(holder) };
        const applied = await this.#registry.applyShared(
          changes,
          { name, value: JSON.stringify(cursors) },
          await this.#twins(changes.accounts),
        );
        if (applied.identity.length > 0)
          for (const listener of this.#identityListeners) listener(applied.identity);
        if (page.done) {
          held ||= page.held === true;
          break;
        }
      }
    }
    return held;
  }

  /**
   * The team's accounts in `accounts` whose key is this computer's account of another id, one the
   * team does not know (registered here before joining, by an admin with psql meanwhile, or by two
   * operators at once): team account -> this computer's. That account becomes the team's as the
   * change is applied (`AccountRegistry.applyShared`: its secrets move, Events says what differs).
   */
  async #twins(accounts: readonly TeamAccountRow[]): Promise<Map<string, string>> {
    const twins = new Map<string, string>();
    for (const a of accounts) {
      if (a.removed || a.apiKey === '') continue;
      const here = this.#registry.idForKey(a.connection, a.apiKey);
      if (here !== undefined && here !== a.id && !accounts.some((b) => b.id === here)) twins.set(a.id, here);
    }
    if (twins.size === 0) return twins;
    const known = await this.#store.query<{ id: string }>(
      'SELECT id::text AS id FROM accounts WHERE id = ANY($1::uuid[])',
      [[...twins.values()]],
    );
    for (const [team, here] of twins) if (known.some((k) => k.id === here)) twins.delete(team);
    return twins;
  }

  /**
   * Joining: after the team's registry is read, this profile's own accounts the team lacks are
   * written to it (the first operator brings the desk's accounts), and every key this keychain holds
   * is recorded as held by this operator.
   */
  async shareLocal(): Promise<void> {
    for (const account of this.#registry.list()) {
      const known = await this.#store.query('SELECT 1 FROM accounts WHERE id = $1', [account.id]);
      let id = account.id;
      try {
        if (known.length === 0) id = await this.#bring(account);
      } catch (error) {
        // Only an admin brings accounts to the desk: this one stays on this computer alone.
        if (error !== ADMINS_ONLY) throw error;
        this.#log.log('info', `"${account.label}" is not the desk's: only an admin can add it to the desk`);
        continue;
      }
      if (account.apiKey !== '' && this.#registry.keyHere(id)) await this.holdKey(id, account.apiKey, true);
    }
  }

  /**
   * Writes a local account to the team; answers its id in the team. The same key registered by a
   * teammate since the registry was read: it is read again, and this operator's copy becomes the
   * team's there (`#twins`). The same label on another key: this operator's copy is renamed after the
   * operator.
   */
  async #bring(account: SharedAccount): Promise<string> {
    const twin = await this.#store.query<{ id: string }>(
      "SELECT id::text AS id FROM accounts WHERE connection = $1 AND api_key = $2 AND api_key <> '' AND NOT removed",
      [account.connection, account.apiKey],
    );
    const teamId = twin[0]?.id;
    if (teamId) {
      await this.pull();
      return teamId;
    }
    try {
      await this.put(account);
    } catch (error) {
      if (!(error instanceof UserFacingError) || error.field !== 'label') throw error;
      await this.put({ ...account, label: `${account.label.slice(0, 50)} (${this.operator.slice(0, 10)})` });
    }
    return account.id;
  }
}

interface HolderRow {
  account: string;
  operator: string;
  api_key: string;
  held: boolean;
}

function holder(r: HolderRow): SharedKeyHolder {
  return { account: r.account, operator: r.operator, apiKey: r.api_key, held: r.held };
}

function sharedAccount(r: AccountRow): TeamAccountRow {
  return {
    id: r.id,
    label: r.label,
    kind: r.kind,
    subAccountId: r.sub_account_id,
    apiKey: r.api_key,
    connection: r.connection,
    groups: r.groups,
    tags: r.tags,
    urlPermissions: r.url_permissions,
    webhookApiKey: r.webhook_api_key,
    createdAt: Number(r.created_at_ms),
    updatedAt: Number(r.updated_at_ms),
    removed: r.removed,
    changedBy: r.changed_by,
    changedAtMs: Number(r.changed_ms),
  };
}
