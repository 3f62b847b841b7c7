/**
 * Other operators' changes to the shared registry, applied here: accounts added, changed and removed,
 * the key holders, and the cursor after them, in one transaction; a change of a label, a sub-account id
 * or a key is said with who made it and when.
 */
import type Database from 'better-sqlite3';
import { storeShared, type IdentityChange, type SharedChanges, type TeamAccountRow } from './shared.ts';
import { labelsHere, labelTaken } from './shared-labels.ts';

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
