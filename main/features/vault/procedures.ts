/** The history vault's procedures (`vault.*`): how far back each account's record goes, sync, check, backup. */
import { z } from 'zod';
import { accountId, noInput, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type { BackupView, ConsistencyView, RestoreView, VaultStatusView } from './views.ts';

export const vaultProcedures = {
  'vault.status': procedure<VaultStatusView>()(
    "How far back each account's archived history goes, which part only the archive holds, and how close it is to the exchange's six-month horizon.",
    noInput,
  ),
  'vault.sync': procedure<string[]>()(
    'Syncs every part of the history of the given accounts (all by default) now.',
    z.strictObject({ accountIds: z.array(accountId).max(5000).optional() }).optional(),
  ),
  'vault.check': procedure<ConsistencyView>()(
    "Compares an account's archive with the exchange, family by family, over the window both hold.",
    z.strictObject({ accountId }),
  ),
  'vault.backup': procedure<BackupView>()(
    'Saves a copy of the whole archive to a file chosen in a dialog.',
    noInput,
  ),
  'vault.restore': procedure<RestoreView>()(
    "Replaces the archive's history with a backup file chosen in a dialog, after main's own question.",
    noInput,
  ),
} as const satisfies Record<string, ProcedureDef>;
