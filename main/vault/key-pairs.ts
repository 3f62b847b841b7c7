/**
 * An account's key pair: replaced after the exchange issued a new one, its secret kept here for an
 * account a teammate registered, and read to sign with (main process only: the secret never crosses
 * the bridge).
 */
import { UserFacingError } from '../errors.ts';
import { checkToken, type AccountRecord } from './records.ts';
import type { RegistryParts } from './registry-parts.ts';
import { sharedOf } from './shared.ts';

/** Replaces the key pair after the exchange issued a new one (`api-key/reset`). */
export async function rotateKey(
  parts: RegistryParts,
  id: string,
  apiKey: string,
  secret: string,
): Promise<AccountRecord> {
  const { table } = parts;
  table.forgetKeys();
  const account = table.require(id);
  const key = checkToken('apiKey', apiKey.trim());
  const value = checkToken('secret', secret.trim());
  table.checkFree(account.label, account.connection, key, id);
  await parts.desk()?.put(sharedOf({ ...account, apiKey: key, updatedAt: parts.now() }));
  await parts.secrets.set(id, value);
  parts.keys.held(id, true);
  table.store({ ...account, apiKey: key, updatedAt: parts.now() });
  await parts.desk()?.holdKey(id, key, true);
  parts.edited();
  return table.require(id);
}

/**
 * Keeps in this keychain the secret of an account a teammate registered: the account's public key
 * stays as the team has it, and the team learns that this operator holds it too.
 */
export async function importSecret(parts: RegistryParts, id: string, secret: string): Promise<AccountRecord> {
  const account = parts.table.require(id);
  if (account.apiKey === '')
    throw new UserFacingError(
      'key_missing',
      `"${account.label}" has no API key yet: enter its key pair first.`,
    );
  const value = checkToken('secret', secret.trim());
  await parts.secrets.set(id, value);
  parts.keys.held(id, true);
  await parts.desk()?.holdKey(id, account.apiKey, true);
  parts.edited();
  return parts.table.require(id);
}

/** The key pair to sign with. */
export async function credentialsOf(
  parts: RegistryParts,
  id: string,
): Promise<{ apiKey: string; secret: string }> {
  const account = parts.table.require(id);
  const secret = account.apiKey === '' ? undefined : await parts.secrets.get(id);
  if (account.apiKey === '')
    throw new UserFacingError(
      'key_missing',
      `"${account.label}" has no API key yet: enter its key pair (Replace key) before it can be used.`,
      'apiKey',
    );
  if (secret === undefined) throw parts.keys.missing(account, parts.desk()?.operator);
  return { apiKey: account.apiKey, secret };
}
