/**
 * One URL-permission change applied to the keys of many sub-accounts. The exchange merges an edit
 * into the key's settings (unlisted URLs keep their value) and has no way to read them back, so the
 * preview diffs against what the app last set, saying "unknown" for a URL it never set.
 */
import * as subAccounts from '../../exchange/endpoints/sub-accounts.ts';
import type { REST } from '../../exchange/registry/index.ts';
import { UserFacingError, type IpcError } from '../../errors.ts';
import { itemFailure, readable } from '../../readable-errors.ts';
import type { Confirmation, Platform } from '../../platform.ts';
import type { ProposedView } from '../../views/approvals.ts';
import type { AccountService } from '../accounts.ts';
import { requireConfirmation } from '../confirm.ts';
import type { ApprovedSender, Approvals } from '../four-eyes/approvals.ts';
import { capabilityWords } from './key-capabilities.ts';
import { knownChanges, movesFunds } from './key-paths.ts';

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

/** "a, b, c and 4 more": a list a person reads at a glance. */
export function someOf(items: readonly string[], shown = 5): string {
  const head = items.slice(0, shown).join(', ');
  return items.length > shown ? `${head} and ${String(items.length - shown)} more` : head;
}

/** The native question before the edit: which keys, which URLs turn on and off, and a withdraw warning. */
function question(labels: readonly string[], urls: readonly PermissionChange[]): Confirmation {
  const on = urls.filter((u) => u.enable).map((u) => u.url);
  const off = urls.filter((u) => !u.enable).map((u) => u.url);
  const risky = on.filter(movesFunds);
  return {
    title: `Change the API permissions of ${String(labels.length)} sub-account ${labels.length === 1 ? 'key' : 'keys'}?`,
    facts: [
      { label: 'Keys', value: `${String(labels.length)}: ${someOf(labels)}` },
      ...(capabilityWords(urls) ? [{ label: 'Capabilities', value: capabilityWords(urls) }] : []),
      { label: 'Turns on', value: on.length > 0 ? on.join(', ') : 'nothing' },
      { label: 'Turns off', value: off.length > 0 ? off.join(', ') : 'nothing' },
    ],
    action: 'Change permissions',
    ...(risky.length > 0
      ? {
          warning: `These keys will be able to move funds out (${risky.join(', ')}): anyone holding them can withdraw or transfer.`,
        }
      : {}),
  };
}

export function previewPermissions(
  accounts: AccountService,
  ids: readonly string[],
  asked: readonly PermissionChange[],
): KeyDiff[] {
  const urls = knownChanges(asked);
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

/**
 * Applies the change with the running connection's main key, once the person confirmed it in main's
 * dialog; under the team desk's four eyes each key's edit is proposed instead (one question for all).
 */
export async function applyPermissions(
  accounts: AccountService,
  platform: Platform,
  ids: readonly string[],
  asked: readonly PermissionChange[],
  approvals?: Approvals,
): Promise<KeyEditResult[] | ProposedView> {
  // Paths as the exchange lists them: what is warned of is exactly what is sent.
  const urls = knownChanges(asked);
  const subs = subAccountsOf(accounts, ids);
  const mainAccount = accounts.mainAccount('only its key may edit sub-account keys.');
  const elsewhere = subs.find((s) => s.connection !== mainAccount.connection);
  if (elsewhere)
    throw new UserFacingError(
      'wrong_connection',
      `"${elsewhere.label}" belongs to ${elsewhere.connection}, not to the running connection.`,
      'accountIds',
    );
  const asking = question(
    subs.map((s) => s.label),
    urls,
  );
  const proposed = await approvals?.proposeAllIfCovered(
    mainAccount.id,
    subs.map((sub) => (c) => subAccounts.editApiKey(c, editOf(sub, urls))),
    asking,
  );
  if (proposed) return proposed;
  await requireConfirmation(platform, asking);
  const main = await accounts.caller(mainAccount.id);
  const results: KeyEditResult[] = [];
  for (const sub of subs) {
    try {
      await subAccounts.editApiKey(main, editOf(sub, urls));
      await recordPermissions(accounts, sub.id, urls);
      results.push({ account: sub.id, label: sub.label, ok: true });
    } catch (error) {
      const failure = itemFailure(error, 'The edit failed.');
      results.push({ account: sub.id, label: sub.label, ok: false, error: failure });
    }
  }
  return results.sort((a, b) => Number(a.ok) - Number(b.ok));
}

function editOf(sub: { apiKey: string; label: string }, urls: readonly PermissionChange[]) {
  return { apiKeyId: sub.apiKey, title: sub.label, urls: [...urls] };
}

async function recordPermissions(
  accounts: AccountService,
  id: string,
  urls: readonly PermissionChange[],
): Promise<void> {
  try {
    await accounts.registry.recordPermissions(id, urls);
  } catch (error) {
    const why = readable(error)?.message ?? 'it could not be written.';
    throw new UserFacingError(
      'not_recorded',
      `The exchange changed the key, but the desk's record of its permissions was not updated: ${why}`,
    );
  }
}

/** How an approved edit of one key is sent (four eyes): exactly as proposed, then recorded. */
export function sendApprovedEdit(accounts: AccountService): ApprovedSender<typeof REST.keyEdit.path> {
  return async ({ caller, body: edit }) => {
    await subAccounts.editApiKey(caller, edit);
    const sub = accounts.registry.list().find((a) => a.apiKey === edit.apiKeyId);
    if (sub) await recordPermissions(accounts, sub.id, edit.urls);
    return `The permissions of ${sub ? `"${sub.label}"'s key` : 'the key'} were changed.`;
  };
}
