/** The procedures of the registered accounts and their keys. */
import { z } from 'zod';
import { accountId, label, noInput, procedure, tagList, type ProcedureDef } from '../../views/schemas.ts';
import type { AccountView, ImportReport, RemovedKeyView } from '../../views/accounts.ts';

export const accountsProcedures = {
  'accounts.list': procedure<AccountView[]>()('Registered accounts, favourites first.', noInput),
  'accounts.addFromClipboard': procedure<AccountView>()(
    'Registers an account whose secret the user copied; main reads it from the clipboard and clears it.',
    z.strictObject({
      label,
      kind: z.enum(['main', 'sub']),
      subAccountId: z.string().trim().max(64).optional(),
      apiKey: z.string().trim().min(1).max(255),
      groups: tagList.optional(),
      tags: tagList.optional(),
    }),
  ),
  'accounts.rename': procedure<AccountView>()(
    "Renames an account once the person confirmed main's question naming both labels; a label that reads the same as another account's is refused.",
    z.strictObject({ id: accountId, label }),
  ),
  'accounts.update': procedure<AccountView>()(
    'Sets groups, tags or the favourite mark of an account.',
    z.strictObject({
      id: accountId,
      groups: tagList.optional(),
      tags: tagList.optional(),
      favourite: z.boolean().optional(),
    }),
  ),
  'accounts.remove': procedure<null>()(
    'Removes an account and its secret from the keychain.',
    z.strictObject({ id: accountId }),
  ),
  'accounts.rotateFromClipboard': procedure<AccountView>()(
    'Replaces the key pair after a reset: the new public key, the new secret from the clipboard.',
    z.strictObject({ id: accountId, apiKey: z.string().trim().min(1).max(255) }),
  ),
  'accounts.importKeyFromClipboard': procedure<AccountView>()(
    "Keeps in this keychain the secret of an account a teammate registered (its public key stays the desk's); main reads it from the clipboard after a native confirmation.",
    z.strictObject({ id: accountId }),
  ),
  'accounts.removedKeys': procedure<RemovedKeyView[]>()(
    'The keys still on this computer of accounts a teammate removed from the team desk, with who removed each and when.',
    noInput,
  ),
  'accounts.deleteRemovedKey': procedure<null>()(
    "Deletes from this keychain the key of an account a teammate removed from the desk, after main's native question.",
    z.strictObject({ id: accountId }),
  ),
  'accounts.importCsv': procedure<ImportReport>()(
    'Imports accounts from a CSV file (label, key, secret, sub-account id) chosen in a dialog.',
    noInput,
  ),
} as const satisfies Record<string, ProcedureDef>;
