/** The main account's key, which manages sub-accounts, and the desk accounts that sign for one. */
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { AccountRecord } from '../../vault/registry.ts';
import type { AccountService } from '../accounts.ts';

const MAIN_NEEDED = 'sub-accounts and their keys are managed with its key.';

/** The main account (refused, saying `why`, when the desk has none) and a caller with its key. */
export async function mainKey(
  accounts: AccountService,
  why: string = MAIN_NEEDED,
): Promise<{ record: AccountRecord; caller: KeyCaller }> {
  const record = accounts.mainAccount(why);
  return { record, caller: await accounts.caller(record.id) };
}

/** The desk accounts of this sub-account on the connection. */
export function registeredFor(
  accounts: AccountService,
  subAccountId: string,
  connection: string,
): AccountRecord[] {
  return accounts.registry
    .list()
    .filter((a) => a.subAccountId === subAccountId && a.connection === connection);
}
