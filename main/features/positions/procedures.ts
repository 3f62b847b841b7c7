/** The procedures of one account's collateral positions. */
import { z } from 'zod';
import { accountId, decimalText, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type {
  BorrowView,
  CollateralView,
  LeveragePreviewView,
  PositionHistoryView,
  PositionView,
  TpSlCheckView,
  TpSlLegsView,
} from '../../views/positions.ts';

const leverageLevel = z.literal([1, 2, 3, 5, 10, 20, 50, 100], {
  message: 'must be 1, 2, 3, 5, 10, 20, 50 or 100',
});

export const positionsProcedures = {
  'positions.open': procedure<PositionView[]>()(
    'Open collateral positions.',
    z.strictObject({ accountId, market: z.string().min(1).max(40).optional() }),
  ),
  'positions.setLeverage': procedure<number>()(
    "Sets the account leverage (1, 2, 3, 5, 10, 20, 50 or 100, at most the maximum of every market with an open position); raising it asks main's question first, showing each position's new liquidation price beside its mark and stop-loss. Answers the level in force.",
    z.strictObject({ accountId, leverage: leverageLevel }),
  ),
  'positions.previewLeverage': procedure<LeveragePreviewView>()(
    "What a leverage level would do to the account's open positions before it is set: each one's liquidation price now and at that level beside its mark, and its take-profit / stop-loss legs that would lie past it; nothing is changed.",
    z.strictObject({ accountId, leverage: leverageLevel }),
  ),
  'positions.hedgeMode': procedure<boolean>()(
    "Whether the account's collateral account is in hedge mode (long and short at once).",
    z.strictObject({ accountId }),
  ),
  'positions.setHedgeMode': procedure<boolean>()(
    "Turns hedge mode on or off after main's confirmation; the exchange refuses while positions or orders are open. Answers the mode in force.",
    z.strictObject({ accountId, enabled: z.boolean() }),
  ),
  'positions.collateral': procedure<CollateralView>()(
    'Collateral balances and free margin (from the account summary, else the open positions).',
    z.strictObject({ accountId }),
  ),
  'positions.checkTpSl': procedure<TpSlCheckView>()(
    "Every rule a take-profit / stop-loss pair for an open position breaks (both legs, each against the market's mark price, else its last price, else the middle of its book), and that price; nothing is sent.",
    z.strictObject({
      accountId,
      market: z.string().min(1).max(40),
      takeProfit: decimalText.optional(),
      stopLoss: decimalText.optional(),
      positionSide: z.enum(['LONG', 'SHORT', 'BOTH']).optional(),
    }),
  ),
  'positions.addTpSl': procedure<TpSlLegsView>()(
    "Adds a take-profit and/or stop-loss to an open position over the account's WebSocket; answers the legs placed.",
    z
      .strictObject({
        accountId,
        market: z.string().min(1).max(40),
        takeProfit: decimalText.optional(),
        stopLoss: decimalText.optional(),
        positionSide: z.enum(['LONG', 'SHORT', 'BOTH']).optional(),
      })
      .refine((v) => Boolean(v.takeProfit?.trim()) || Boolean(v.stopLoss?.trim()), {
        message: 'give a take-profit price, a stop-loss price or both',
        path: ['takeProfit'],
      }),
  ),
  'positions.adl': procedure<Array<{ market: string; positionSide: string; quantile: number }>>()(
    'The ADL rank (0 last in line to 4 first) of each side the account holds in a perpetual market now (collateral-account/adl-quantile); later changes come with live.subscribe ADLQuantile.',
    z.strictObject({ accountId }),
  ),
  'positions.history': procedure<PositionHistoryView[]>()(
    'The cached position history of an account.',
    z.strictObject({ accountId, market: z.string().min(1).max(40).optional() }),
  ),
  'positions.borrows': procedure<BorrowView[]>()(
    'The cached borrow history of an account.',
    z.strictObject({ accountId }),
  ),
} as const satisfies Record<string, ProcedureDef>;
