/** The procedures of one account's main-balance wallet: balances, withdrawals, codes, converts. */
import { z } from 'zod';
import { accountId, decimalText, procedure, type ProcedureDef } from './schemas.ts';
import type { MainBalanceView, RecordView, WithdrawableView } from './views.ts';

export const walletProcedures = {
  'wallet.balances': procedure<Record<string, MainBalanceView>>()(
    'Main balances with the part held back by unconfirmed deposits.',
    z.strictObject({ accountId }),
  ),
  'wallet.withdrawable': procedure<WithdrawableView>()(
    'What can be withdrawn now.',
    z.strictObject({ accountId }),
  ),
  'wallet.withdraw': procedure<{ uniqueId: string; recovered: boolean }>()(
    'A withdrawal where the receiver gets the amount in full (the fee comes on top); one uniqueId for its life.',
    z.strictObject({
      accountId,
      ticker: z.string().regex(/^[A-Z0-9]{1,16}$/, 'must be a ticker such as USDT'),
      amount: decimalText,
      address: z.string().trim().min(1).max(255),
      network: z.string().max(32).optional(),
      provider: z.string().max(64).optional(),
      uniqueId: z.string().min(1).max(255).optional(),
    }),
  ),
  'wallet.createCode': procedure<{ code: string; message: string; external_id: string }>()(
    'Creates a service code.',
    z.strictObject({
      accountId,
      ticker: z.string().regex(/^[A-Z0-9]{1,16}$/, 'must be a ticker such as USDT'),
      amount: decimalText,
      passphrase: z.string().max(25).optional(),
      description: z.string().max(255).optional(),
    }),
  ),
  'wallet.vasps': procedure<Array<{ vaspId: string; name: string }>>()(
    "Travel-rule VASPs for the account's region.",
    z.strictObject({ accountId }),
  ),
  'wallet.convert': procedure<{ id: string | number; finalGive: string; finalReceive: string }>()(
    'Quotes and accepts a convert in one step; one idempotency key for its life.',
    z.strictObject({
      accountId,
      from: z.string().regex(/^[A-Z0-9]{1,16}$/),
      to: z.string().regex(/^[A-Z0-9]{1,16}$/),
      direction: z.enum(['from', 'to']),
      amount: decimalText,
      idempotencyKey: z.string().min(8).max(128).optional(),
    }),
  ),
  'wallet.history': procedure<{ records: RecordView[] }>()(
    'Deposits and withdrawals, newest first.',
    z.strictObject({
      accountId,
      transactionMethod: z.union([z.literal(1), z.literal(2)]).optional(),
      ticker: z.string().max(16).optional(),
      uniqueId: z.string().max(255).optional(),
      limit: z.number().int().min(1).max(100).optional(),
      offset: z.number().int().min(0).max(10000).optional(),
    }),
  ),
} as const satisfies Record<string, ProcedureDef>;
