/** The procedures of one account's collateral positions. */
import { z } from 'zod';
import { accountId, procedure, type ProcedureDef } from './schemas.ts';
import type { OpenPositionView, RecordView } from './views.ts';

export const positionsProcedures = {
  'positions.open': procedure<OpenPositionView[]>()(
    'Open collateral positions.',
    z.strictObject({ accountId, market: z.string().min(1).max(40).optional() }),
  ),
  'positions.setLeverage': procedure<number>()(
    'Sets the account leverage (1, 2, 3, 5, 10, 20, 50 or 100); answers the level in force.',
    z.strictObject({
      accountId,
      leverage: z.literal([1, 2, 3, 5, 10, 20, 50, 100], {
        message: 'must be 1, 2, 3, 5, 10, 20, 50 or 100',
      }),
    }),
  ),
  'positions.history': procedure<RecordView[]>()(
    'The cached position history of an account.',
    z.strictObject({ accountId, market: z.string().min(1).max(40).optional() }),
  ),
  'positions.borrows': procedure<RecordView[]>()(
    'The cached borrow history of an account.',
    z.strictObject({ accountId }),
  ),
} as const satisfies Record<string, ProcedureDef>;
