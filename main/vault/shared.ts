/**
 * The registry as a team desk shares it. Every field of an account but the favourite mark (each
 * operator's own) is the desk's: in a team, a change is written to the team store first, then kept
 * here; other operators' changes arrive through `applySharedChanges`. Which operators hold a key for
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

/** What the team store says changed since the registry last read it. */
export interface SharedChanges {
  readonly accounts: ReadonlyArray<SharedAccount & { readonly removed: boolean }>;
  readonly holders: readonly SharedKeyHolder[];
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
  ).run(
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
  );
}

export interface AppliedChanges {
  /** Accounts new to this profile, changed, and gone (removed by an operator). */
  added: string[];
  changed: string[];
  removed: string[];
}

/**
 * Applies the team's changes and the cursor after them in one transaction. Changed rows leave first
 * and come back as the team has them, so labels swapped between accounts in one batch never collide.
 */
export function applySharedChanges(
  db: Database.Database,
  changes: SharedChanges,
  cursor: { name: string; value: string },
): AppliedChanges {
  const out: AppliedChanges = { added: [], changed: [], removed: [] };
  const exists = db.prepare('SELECT favourite FROM accounts WHERE id = ?');
  const drop = db.prepare('DELETE FROM accounts WHERE id = ?');
  const setFavourite = db.prepare('UPDATE accounts SET favourite = ? WHERE id = ?');
  const hold = db.prepare(
    `INSERT INTO key_holders (account, operator, api_key) VALUES (?, ?, ?)
     ON CONFLICT (account, operator) DO UPDATE SET api_key = excluded.api_key`,
  );
  db.transaction(() => {
    const kept = new Map<string, number>();
    const dropHolders = db.prepare('DELETE FROM key_holders WHERE account = ?');
    for (const a of changes.accounts) {
      const row = exists.get(a.id) as { favourite: number } | undefined;
      if (a.removed) dropHolders.run(a.id);
      if (!row) continue;
      kept.set(a.id, row.favourite);
      if (a.removed) out.removed.push(a.id);
      drop.run(a.id);
    }
    for (const a of changes.accounts) {
      if (a.removed) continue;
      storeShared(db, a);
      const favourite = kept.get(a.id);
      if (favourite === undefined) out.added.push(a.id);
      else {
        out.changed.push(a.id);
        if (favourite) setFavourite.run(favourite, a.id);
      }
    }
    const release = db.prepare('DELETE FROM key_holders WHERE account = ? AND operator = ?');
    for (const h of changes.holders) {
      if (h.held) hold.run(h.account, h.operator, h.apiKey);
      else release.run(h.account, h.operator);
    }
    db.prepare(
      'INSERT INTO team_cursors (name, cursor) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET cursor = excluded.cursor',
    ).run(cursor.name, cursor.value);
  })();
  return out;
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
