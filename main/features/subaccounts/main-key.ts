/** The main account's key, which manages sub-accounts, and the desk accounts that sign for one. */
import * as admin from '../../exchange/endpoints/sub-account-admin.ts';
import type { SubAccountRecord } from '../../exchange/endpoints/sub-account-admin.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { AccountRecord, AccountRegistry } from '../../vault/registry.ts';
import type { AccountService } from '../../services/accounts.ts';

const MAIN_NEEDED = 'sub-accounts and their keys are managed with its key.';

/** The main account and a caller with its key. */
export interface MainKey {
  record: AccountRecord;
  caller: KeyCaller;
}

/** The main account (refused, saying `why`, when the desk has none) and a caller with its key. */
export async function mainKey(accounts: AccountService, why: string = MAIN_NEEDED): Promise<MainKey> {
  const record = accounts.mainAccount(why);
  return { record, caller: await accounts.caller(record.id) };
}

/** The desk accounts of this sub-account on the connection. */
export function registeredFor(
  accounts: AccountService,
  subAccountId: string,
  connection: string,
): AccountRecord[] {
  return accounts.registry.list((a) => a.subAccountId === subAccountId && a.connection === connection);
}

/**
 * How many sub-accounts the desk holds keys of on the connection: the exchange lists at least as many,
 * so a read of its list asks for their pages at once.
 */
export function knownSubAccounts(registry: AccountRegistry, connection: string): number {
  const subs = registry.list((a) => a.connection === connection && a.subAccountId !== null);
  return new Set(subs.map((a) => a.subAccountId)).size;
}

/** Every sub-account the exchange lists for the main account, its pages read as `knownSubAccounts` says. */
export function listSubAccounts(accounts: AccountService, main: MainKey): Promise<SubAccountRecord[]> {
  return admin.listAll(main.caller, {
    expected: knownSubAccounts(accounts.registry, main.record.connection),
  });
}
