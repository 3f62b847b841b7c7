/** The procedures of the history sync (`sync.*`) and the cached deals (`history.*`). */
import { z } from 'zod';
import {
  accountId,
  dealCursor,
  dealFilter,
  noInput,
  procedure,
  type ProcedureDef,
} from '../../views/schemas.ts';
import type { AuditEntryView, DealPageView, DealTotalsView, SyncStateView } from '../../views/history.ts';

export const historyProcedures = {
  'sync.start': procedure<string[]>()(
    'Starts the history sync of the given accounts (all by default); progress comes as events.',
    z.strictObject({ accountIds: z.array(accountId).max(500).optional() }).optional(),
  ),
  'sync.cancel': procedure<number>()(
    'Stops running syncs; each resumes from its checkpoint later.',
    z.strictObject({ accountIds: z.array(accountId).max(500).optional() }).optional(),
  ),
  'sync.status': procedure<SyncStateView[]>()("How far each account's cached history reaches.", noInput),
  'history.deals': procedure<DealPageView>()(
    'A page of cached deals, newest first; pass `next` back for the following page.',
    z.strictObject({
      filter: dealFilter,
      cursor: dealCursor.optional(),
      limit: z.number().int().min(1).max(1000).optional(),
    }),
  ),
  'history.totals': procedure<DealTotalsView>()(
    'Volume, fees and net amounts per market for a view of the cached deals.',
    z.strictObject({ filter: dealFilter }),
  ),
  'history.exportCsv': procedure<{ file: string | null; rows: number }>()(
    'Writes a view of the cached deals to a CSV file chosen in a dialog.',
    z.strictObject({ filter: dealFilter }),
  ),
  'history.auditLog': procedure<AuditEntryView[]>()(
    'The log of signed requests the app sent (path, account, outcome, operator in a team; never a secret), newest first; pass the last id as `before` for the next page.',
    z
      .strictObject({
        accountId: z.union([accountId, z.literal('unregistered')]).optional(),
        path: z.string().trim().max(200).optional(),
        outcome: z.enum(['ok', 'rejected', 'failed', 'sending']).optional(),
        /** Only this operator's entries (team desk). */
        operator: z.string().trim().min(1).max(63).optional(),
        before: z.number().int().positive().optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .optional(),
  ),
} as const satisfies Record<string, ProcedureDef>;
