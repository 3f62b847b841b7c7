/**
 * A teammate's account label as this registry takes it: checked as a label typed here would be
 * (`labelRefusal`: an invisible or blank-looking character, or a name that reads the same as another
 * account's, is refused). A refused label leaves the account under the label it had here, or a new
 * one under the readable part of its label and the start of its id ("Treasury (3f2a9c1d)"): the
 * account stays usable and reads like no other. The refusal is told with who and when
 * (`IdentityChange.refused`).
 */
import type Database from 'better-sqlite3';
import { labelKeys, labelRefusal, readablePart } from '../rules/label-skeleton.ts';
import type { AppliedChanges, LocalRow } from './shared-apply.ts';
import type { TeamAccountRow } from './shared.ts';

/** The labels of the table's rows as a change is applied: which one a label reads the same as. */
export interface LabelsHere {
  alikeOf(label: string): string | undefined;
  add(label: string): void;
}

/** The labels of the table's rows now, by their skeletons: the one a label reads the same as. */
export function labelsHere(db: Database.Database): LabelsHere {
  const byKey = new Map<string, string>();
  const add = (label: string) => {
    for (const key of labelKeys(label)) if (!byKey.has(key)) byKey.set(key, label);
  };
  for (const row of db.prepare('SELECT label FROM accounts').all() as Array<{ label: string }>)
    add(row.label);
  const alikeOf = (label: string) =>
    labelKeys(label)
      .map((key) => byKey.get(key))
      .find((l) => l !== undefined);
  return { alikeOf, add };
}

/**
 * The label a teammate's account is kept under here: the team's, checked as a label typed here (a
 * character a person cannot see, or one that reads the same as another account's, is refused); when
 * refused, the label it had here, else its readable part with the start of its id, and the refusal
 * told with its identity change in place of the label's.
 */
export function labelTaken(
  a: TeamAccountRow,
  was: LocalRow | undefined,
  here: LabelsHere,
  out: AppliedChanges,
): string {
  if (was?.label === a.label) return a.label;
  const refusal = labelRefusal(a.label, here.alikeOf, 'account');
  if (!refusal) return a.label;
  // the label it had, unless another account of the same change took it meanwhile
  const kept =
    was && here.alikeOf(was.label) === undefined
      ? was.label
      : `${(was?.label ?? readablePart(a.label)).slice(0, 50) || 'Account'} (${a.id.slice(0, 8)})`;
  const at = out.identity.findIndex((c) => c.id === a.id);
  const change = out.identity[at];
  const fields = change?.fields.filter((f) => f.field !== 'label') ?? [];
  if (change) out.identity.splice(at, 1, ...(fields.length > 0 ? [{ ...change, label: kept, fields }] : []));
  out.identity.push({
    id: a.id,
    label: kept,
    by: a.changedBy,
    atMs: a.changedAtMs,
    removed: false,
    keyKept: false,
    fields: [],
    refused: { label: a.label, problem: refusal.message, kept, newAccount: was === undefined },
  });
  return kept;
}
