/** The procedures of the last known state: what each screen paints at once, offline too. */
import { z } from 'zod';
import { accountId, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type { KnownEntryView } from '../../views/known.ts';

export const knownKinds = [
  'balances.spot',
  'balances.collateral',
  'collateral.overview',
  'balances.main',
  'orders.open',
  'positions.open',
  'subaccount.balances',
  'mining.workers',
  'keys.permissions',
  'mining.accounts',
] as const;

export const knownProcedures = {
  'known.recall': procedure<KnownEntryView[]>()(
    'The last known value of one kind for the given accounts (or all), each with when it was taken; from the cache only, never the exchange.',
    z.strictObject({
      kind: z.enum(knownKinds),
      accountIds: z.array(accountId).max(5_000).optional(),
      scope: z.string().max(100).optional(),
    }),
  ),
} as const satisfies Record<string, ProcedureDef>;
