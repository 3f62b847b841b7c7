/**
 * The registry as a team desk shares it. Every field of an account but the favourite mark (each
 * operator's own) is the desk's: in a team, a change is written to the team store first, then kept
 * here; other operators' changes arrive through `applySharedChanges` (`shared-apply.ts`). Which operators hold a key for
 * which account is shared too, as the public key each one holds, never a secret.
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { AccountKind } from './records.ts';

export interface SharedAccount {
  readonly id: string;
  readonly label: string;
  readonly kind: AccountKind;
  readonly subAccountId: string | null;
  readonly apiKey: string;
  readonly connection: string;
  readonly groups: readonly string[];
  readonly tags: readonly string[];
  readonly urlPermissions: Readonly<Record<string, boolean>>;
  readonly webhookApiKey: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface SharedKeyHolder {
  readonly account: string;
  readonly operator: string;
  /** The public key the operator holds the secret of; `held` false once they gave it up. */
  readonly apiKey: string;
  readonly held: boolean;
}

/** An account as the team store has it: removed or not, and who last changed it when (the server's clock). */
export type TeamAccountRow = SharedAccount & {
  readonly removed: boolean;
  readonly changedBy?: string | undefined;
  readonly changedAtMs?: number | undefined;
};

/** What the team store says changed since the registry last read it. */
export interface SharedChanges {
  readonly accounts: readonly TeamAccountRow[];
  readonly holders: readonly SharedKeyHolder[];
}

/**
 * What a person knows an account by: the label, the sub-account id and the public key; and, when this
 * computer's account became the desk's (`IdentityChange.was`), its kind and webhook key too.
 */
export type IdentityField = 'label' | 'subAccountId' | 'apiKey' | 'kind' | 'webhookApiKey';

/** A change of an account's identity, or its removal, that the team brought to this registry. */
export interface IdentityChange {
  readonly id: string;
  /** Its label now (a removed account's last one). */
  readonly label: string;
  readonly by: string | undefined;
  readonly atMs: number | undefined;
  readonly removed: boolean;
  /**
   * For a removed account: this keychain still holds its secret, kept until the operator deletes it.
   * For one that became the desk's: a secret of it stayed behind (the desk's account had another).
   */
  readonly keyKept: boolean;
  /**
   * This computer's label of an account of the same key the team had under another id: it became the
   * desk's (its secrets moved to it), and `fields` say what the desk's row changed of it.
   */
  readonly was?: string;
  readonly fields: ReadonlyArray<{ field: IdentityField; from: string | null; to: string | null }>;
  /**
   * A teammate's label this app did not take (a character a person cannot see, or it reads the same
   * as another account's), why, and the label the account has here instead (`newAccount`: one this
   * registry did not hold, named by its label's readable part and the start of its id).
   */
  readonly refused?: {
    readonly label: string;
    readonly problem: string;
    readonly kept: string;
    readonly newAccount: boolean;
  };
}

/** The team store, as the registry writes to it (`main/team/accounts.ts`). */
export interface RegistryDesk {
  /** The operator's name in the team. */
  readonly operator: string;
  /** Writes a new or changed account; throws a sentence (taken label or key, store unreachable). */
  put(account: SharedAccount): Promise<void>;
  remove(id: string): Promise<void>;
  /** Records that this operator holds (or no longer holds) the secret of `apiKey` for the account. */
  holdKey(account: string, apiKey: string, held: boolean): Promise<void>;
}

/** A new account's record: a fresh id (or the one chosen for it), no permissions or webhook yet. */
export function freshAccount(
  fields: Omit<SharedAccount, 'id' | 'urlPermissions' | 'webhookApiKey' | 'createdAt' | 'updatedAt'>,
  now: number,
  id: string = randomUUID(),
): SharedAccount {
  return { id, ...fields, urlPermissions: {}, webhookApiKey: null, createdAt: now, updatedAt: now };
}

export function sharedOf(a: SharedAccount): SharedAccount {
  return {
    id: a.id,
    label: a.label,
    kind: a.kind,
    subAccountId: a.subAccountId,
    apiKey: a.apiKey,
    connection: a.connection,
    groups: [...a.groups],
    tags: [...a.tags],
    urlPermissions: { ...a.urlPermissions },
    webhookApiKey: a.webhookApiKey,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

/**
 * An account's shared fields as both stores write them, in this order: id, label, kind, sub-account
 * id, API key (the public half), connection, groups, tags and URL permissions (as JSON), webhook key,
 * created and updated (ms). The app's SQLite and the team's PostgreSQL write the same list.
 */
export function sharedColumns(a: SharedAccount): Array<string | number | null> {
  return [
    a.id,
    a.label,
    a.kind,
    a.subAccountId,
    a.apiKey,
    a.connection,
    JSON.stringify(a.groups),
    JSON.stringify(a.tags),
    JSON.stringify(a.urlPermissions),
    a.webhookApiKey,
    a.createdAt,
    a.updatedAt,
  ];
}

/** Stores an account's shared fields as they are, keeping this operator's favourite mark. */
export function storeShared(db: { prepare(sql: string): Database.Statement }, a: SharedAccount): void {
  db.prepare(
    `INSERT INTO accounts (id, label, kind, sub_account_id, api_key, connection, groups_json, tags_json,
       favourite, url_permissions_json, webhook_api_key, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET label = excluded.label, kind = excluded.kind,
       sub_account_id = excluded.sub_account_id, api_key = excluded.api_key, connection = excluded.connection,
       groups_json = excluded.groups_json, tags_json = excluded.tags_json,
       url_permissions_json = excluded.url_permissions_json, webhook_api_key = excluded.webhook_api_key,
       created_at = excluded.created_at, updated_at = excluded.updated_at`,
  ).run(...sharedColumns(a));
}

/** Every account's key holders (operator and the public key each holds), by account. */
export function holdersOf(db: Database.Database): Map<string, Array<{ operator: string; apiKey: string }>> {
  const rows = db
    .prepare('SELECT account, operator, api_key FROM key_holders ORDER BY operator')
    .all() as Array<{
    account: string;
    operator: string;
    api_key: string;
  }>;
  const out = new Map<string, Array<{ operator: string; apiKey: string }>>();
  for (const r of rows) {
    const list = out.get(r.account) ?? [];
    list.push({ operator: r.operator, apiKey: r.api_key });
    out.set(r.account, list);
  }
  return out;
}

export function readTeamCursor(db: Database.Database, name: string): string | undefined {
  return (
    db.prepare('SELECT cursor FROM team_cursors WHERE name = ?').get(name) as { cursor: string } | undefined
  )?.cursor;
}
