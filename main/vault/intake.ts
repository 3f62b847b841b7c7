/** A new account on its way into the registry: checked, its secret in the keychain, its row to come. */
import { randomUUID } from 'node:crypto';
import { checkLabel, checkToken, invalid, type NewAccount } from './records.ts';
import type { RegistryParts } from './registry-parts.ts';
import { freshAccount } from './shared.ts';

export interface StagedAccount {
  id: string;
  apiKey: string;
  /** Writes its row. */
  insert(): void;
  /** Takes it back whole (its secret too) after its row was refused, and throws `error`. */
  undo(error: unknown): Promise<never>;
}

/**
 * Checks a new account (its label and key free, counting those on their way in) and puts its secret
 * in the keychain: `insert` writes its row; `undo` deletes the secret again when the row is refused
 * (never after it went in: a flush failing leaves the account registered, and the error thrown).
 */
export async function stageAccount(parts: RegistryParts, input: NewAccount): Promise<StagedAccount> {
  const { table, secrets } = parts;
  const label = checkLabel(input.label);
  const apiKey = checkToken('apiKey', input.apiKey.trim());
  const secret = checkToken('secret', input.secret.trim());
  if (input.kind !== 'main' && input.kind !== 'sub') throw invalid('kind', 'must be main or sub');
  table.checkFree(label, input.connection, apiKey);
  const id = input.id ?? randomUUID();
  if (input.id !== undefined && table.taken(id))
    throw invalid('id', 'an account with this id exists already');
  const account = freshAccount(
    {
      label,
      kind: input.kind,
      subAccountId: input.subAccountId?.trim() || null,
      apiKey,
      connection: input.connection,
      groups: [...(input.groups ?? [])],
      tags: [...(input.tags ?? [])],
    },
    parts.now(),
    id,
  );
  table.reserve(id, label, input.connection, apiKey);
  try {
    // The team store first (when the profile is in one), then the keychain.
    await parts.desk()?.put(account);
    await secrets.set(id, secret);
  } catch (error) {
    table.abandon(id);
    throw error;
  }
  return {
    id,
    apiKey,
    insert: () => table.land(account),
    undo: async (error: unknown): Promise<never> => {
      // A group whose commit failed is undone whole, rows written before it too.
      table.abandon(id);
      await secrets.delete(id);
      throw error;
    },
  };
}
