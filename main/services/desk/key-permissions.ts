/**
 * One URL-permission change applied to the keys of many sub-accounts. The exchange merges an edit
 * into the key's settings (unlisted URLs keep their value) and has no way to read them back, so the
 * preview diffs against what the app last set, saying "unknown" for a URL it never set.
 */
import * as subAccounts from '../../exchange/endpoints/sub-accounts.ts';
import { UserFacingError } from '../../ipc/errors.ts';
import type { IpcError } from '../../ipc/contract.ts';
import type { AccountService } from '../accounts.ts';

export interface PermissionChange {
  url: string;
  enable: boolean;
}

export interface KeyDiff {
  account: string;
  label: string;
  changes: Array<{ url: string; before: boolean | 'unknown'; after: boolean }>;
}

export interface KeyEditResult {
  account: string;
  label: string;
  ok: boolean;
  error?: IpcError;
}

function subAccountsOf(accounts: AccountService, ids: readonly string[]) {
  return ids.map((id) => {
    const account = accounts.registry.get(id);
    if (!account)
      throw new UserFacingError('not_found', 'That account is not in the registry any more.', 'accountIds');
    if (account.kind !== 'sub')
      throw new UserFacingError('invalid_input', `"${account.label}" is not a sub-account.`, 'accountIds');
    return account;
  });
}

/** The main account whose key edits the sub-accounts' keys. */
function mainOf(accounts: AccountService, connection: string): string {
  const main = accounts.registry.list().find((a) => a.kind === 'main' && a.connection === connection);
  if (!main)
    throw new UserFacingError(
      'not_found',
      'Register the main account first: only its key may edit sub-account keys.',
      'accountIds',
    );
  return main.id;
}

export function previewPermissions(
  accounts: AccountService,
  ids: readonly string[],
  urls: readonly PermissionChange[],
): KeyDiff[] {
  return subAccountsOf(accounts, ids).map((a) => ({
    account: a.id,
    label: a.label,
    changes: urls
      .map(({ url, enable }) => ({
        url,
        before: a.urlPermissions[url] ?? ('unknown' as const),
        after: enable,
      }))
      .filter((c) => c.before !== c.after),
  }));
}

export async function applyPermissions(
  accounts: AccountService,
  ids: readonly string[],
  urls: readonly PermissionChange[],
): Promise<KeyEditResult[]> {
  const subs = subAccountsOf(accounts, ids);
  const main = await accounts.caller(mainOf(accounts, subs[0]?.connection ?? ''));
  const results: KeyEditResult[] = [];
  for (const sub of subs) {
    try {
      await subAccounts.editApiKey(main, { apiKeyId: sub.apiKey, title: sub.label, urls: [...urls] });
      accounts.registry.recordPermissions(sub.id, urls);
      results.push({ account: sub.id, label: sub.label, ok: true });
    } catch (error) {
      const ipc =
        error instanceof UserFacingError
          ? error.toIpcError()
          : { code: 'internal', message: 'The edit failed.' };
      results.push({ account: sub.id, label: sub.label, ok: false, error: ipc });
    }
  }
  return results.sort((a, b) => Number(a.ok) - Number(b.ok));
}
