/**
 * The registry as a team desk shares it. Every field of an account but the favourite mark (each
 * operator's own) is the desk's: in a team, a change is written to the team store first, then kept
 * here; other operators' changes arrive through `applySharedChanges`. Which operators hold a key for
 * which account is shared too, as the public key each one holds, never a secret.
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { AccountKind } from './records.ts';
import { labelsHere, labelTaken } from './shared-labels.ts';

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
  /** The changes of a label, a sub-account id or a key, and the removals, with who and when. */
  identity: IdentityChange[];
}

/** An account row of this registry as a change finds it. */
export interface LocalRow {
  favourite: number;
  label: string;
  kind: string;
  sub_account_id: string | null;
  api_key: string;
  connection: string;
  webhook_api_key: string | null;
}

function identityOf(was: LocalRow, a: TeamAccountRow, keyKept: boolean): IdentityChange | undefined {
  const fields: Array<IdentityChange['fields'][number]> = [];
  if (!a.removed) {
    if (was.label !== a.label) fields.push({ field: 'label', from: was.label, to: a.label });
    if (was.sub_account_id !== a.subAccountId)
      fields.push({ field: 'subAccountId', from: was.sub_account_id, to: a.subAccountId });
    if (was.api_key !== a.apiKey) fields.push({ field: 'apiKey', from: was.api_key, to: a.apiKey });
    if (fields.length === 0) return undefined;
  }
  return {
    id: a.id,
    label: a.removed ? was.label : a.label,
    by: a.changedBy,
    atMs: a.changedAtMs,
    removed: a.removed,
    keyKept: a.removed && keyKept,
    fields,
  };
}

/**
 * The desk's account `a` took the place of this computer's account of the same key (`was`): what the
 * desk's row says otherwise (label, kind, sub-account id, webhook key), with who wrote it and when;
 * undefined when it says the same and every secret moved.
 */
function twinOf(was: LocalRow, a: TeamAccountRow, keyKept: boolean): IdentityChange | undefined {
  const fields: Array<IdentityChange['fields'][number]> = [];
  if (was.label !== a.label) fields.push({ field: 'label', from: was.label, to: a.label });
  if (was.kind !== a.kind) fields.push({ field: 'kind', from: was.kind, to: a.kind });
  if (was.sub_account_id !== a.subAccountId)
    fields.push({ field: 'subAccountId', from: was.sub_account_id, to: a.subAccountId });
  if (was.webhook_api_key !== a.webhookApiKey)
    fields.push({ field: 'webhookApiKey', from: was.webhook_api_key, to: a.webhookApiKey });
  if (fields.length === 0 && !keyKept) return undefined;
  return {
    id: a.id,
    label: a.label,
    by: a.changedBy,
    atMs: a.changedAtMs,
    removed: false,
    keyKept,
    was: was.label,
    fields,
  };
}

/**
 * Applies the team's changes and the cursor after them in one transaction. Changed rows leave first
 * and come back as the team has them, so labels swapped between accounts in one batch never collide;
 * a label is taken only as one typed here would be (`labelTaken`).
 * A removed account whose secret this keychain holds (`keyHere`) is recorded in `removed_keys`, with
 * who removed it and when: the secret is not deleted here (the operator is asked first); an account
 * that comes back is taken off that record. `twins` (team account -> this computer's account of the
 * same key the team does not know, whose secrets moved to the team's already) leave for the team's
 * account, keeping their favourite mark; a secret that stayed behind is recorded as a removal's is.
 */
export function applySharedChanges(
  db: Database.Database,
  changes: SharedChanges,
  cursor: { name: string; value: string },
  keyHere: (id: string) => boolean = () => false,
  twins: ReadonlyMap<string, string> = new Map(),
): AppliedChanges {
  const out: AppliedChanges = { added: [], changed: [], removed: [], identity: [] };
  const exists = db.prepare(
    'SELECT favourite, label, kind, sub_account_id, api_key, connection, webhook_api_key FROM accounts WHERE id = ?',
  );
  const drop = db.prepare('DELETE FROM accounts WHERE id = ?');
  const keep = db.prepare(
    `INSERT INTO removed_keys (id, label, kind, sub_account_id, api_key, connection, removed_by, removed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET removed_by = excluded.removed_by,
       removed_at = excluded.removed_at`,
  );
  const back = db.prepare('DELETE FROM removed_keys WHERE id = ?');
  const setFavourite = db.prepare('UPDATE accounts SET favourite = ? WHERE id = ?');
  const hold = db.prepare(
    `INSERT INTO key_holders (account, operator, api_key) VALUES (?, ?, ?)
     ON CONFLICT (account, operator) DO UPDATE SET api_key = excluded.api_key`,
  );
  db.transaction(() => {
    const kept = new Map<string, number>();
    const carried = new Map<string, number>();
    const had = new Map<string, LocalRow>();
    const dropHolders = db.prepare('DELETE FROM key_holders WHERE account = ?');
    for (const [teamId, hereId] of twins) {
      const a = changes.accounts.find((c) => c.id === teamId && !c.removed);
      const row = exists.get(hereId) as LocalRow | undefined;
      if (!a || !row) continue;
      const left = keyHere(hereId);
      const told = twinOf(row, a, left);
      if (told) out.identity.push(told);
      if (left)
        keep.run(
          hereId,
          row.label,
          row.kind,
          row.sub_account_id,
          row.api_key,
          row.connection,
          a.changedBy ?? 'an operator',
          a.changedAtMs ?? Date.now(),
        );
      if (row.favourite) carried.set(teamId, row.favourite);
      dropHolders.run(hereId);
      drop.run(hereId);
      out.removed.push(hereId);
    }
    for (const a of changes.accounts) {
      const row = exists.get(a.id) as LocalRow | undefined;
      if (a.removed) dropHolders.run(a.id);
      if (!row) continue;
      kept.set(a.id, row.favourite);
      had.set(a.id, row);
      const held = a.removed && keyHere(a.id);
      const identity = identityOf(row, a, held);
      if (identity) out.identity.push(identity);
      if (a.removed) out.removed.push(a.id);
      if (held)
        keep.run(
          a.id,
          row.label,
          row.kind,
          row.sub_account_id,
          row.api_key,
          row.connection,
          a.changedBy ?? 'an operator',
          a.changedAtMs ?? Date.now(),
        );
      drop.run(a.id);
    }
    const here = labelsHere(db);
    for (const a of changes.accounts) {
      if (a.removed) continue;
      const label = labelTaken(a, had.get(a.id), here, out);
      back.run(a.id);
      storeShared(db, { ...a, label });
      here.add(label);
      const favourite = kept.get(a.id);
      if (favourite === undefined) {
        out.added.push(a.id);
        const mark = carried.get(a.id);
        if (mark) setFavourite.run(mark, a.id);
      } else {
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
