/** The procedures of one account's spot trade balances. */
import { z } from 'zod';
import { accountId, procedure, type ProcedureDef } from '../../views/schemas.ts';

export const balancesProcedures = {
  'balances.spot': procedure<Record<string, { available: string; freeze: string }>>()(
    'Spot trade balances of an account.',
    z.strictObject({ accountId }),
  ),
} as const satisfies Record<string, ProcedureDef>;
