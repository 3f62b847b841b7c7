/**
 * The inputs of the wallet's procedures its service takes as they are (after validation): declared
 * here, below the service, so the procedure (`features/wallet/procedures.ts`) and the service
 * (`features/wallet/account-wallet.ts`) name one shape.
 */
import { z } from 'zod';
import { accountId, decimalText } from './schemas.ts';

export const ticker = z.string().regex(/^[A-Z0-9]{1,16}$/, 'must be a ticker such as USDT');

export const walletInputs = {
  withdraw: z.strictObject({
    accountId,
    ticker,
    amount: decimalText,
    address: z.string().trim().min(1).max(255),
    network: z.string().max(32).optional(),
    memo: z.string().trim().max(64).optional(),
    provider: z.string().max(64).optional(),
    uniqueId: z.string().min(1).max(255).optional(),
  }),
  createCode: z.strictObject({
    accountId,
    ticker,
    amount: decimalText,
    passphrase: z.string().max(25).optional(),
    description: z.string().max(255).optional(),
  }),
  applyCode: z.strictObject({ accountId, passphrase: z.string().max(25).optional() }),
  checkAddress: z.strictObject({
    ticker,
    network: z.string().max(32).optional(),
    address: z.string().trim().max(255),
    memo: z.string().trim().max(64).optional(),
  }),
  convertQuote: z.strictObject({
    accountId,
    from: ticker,
    to: ticker,
    direction: z.enum(['from', 'to']),
    amount: decimalText,
  }),
  convert: z.strictObject({
    accountId,
    quoteId: z.string().regex(/^\d{1,20}$/, 'must be the id of a quote the app asked for'),
  }),
  history: z.strictObject({
    accountId,
    transactionMethod: z.union([z.literal(1), z.literal(2)]).optional(),
    ticker: z.string().max(16).optional(),
    uniqueId: z.string().max(255).optional(),
    limit: z.number().int().min(1).max(500).optional(),
    offset: z.number().int().min(0).max(10000).optional(),
  }),
  refunds: z.strictObject({
    accountId,
    depositId: z.string().max(255).optional(),
    ticker: z.string().max(16).optional(),
    limit: z.number().int().min(1).max(100).optional(),
    offset: z.number().int().min(0).max(10000).optional(),
  }),
} as const;

/** What the service receives for `wallet.<name>` (validated, defaults applied). */
export type WalletInput<K extends keyof typeof walletInputs> = z.output<(typeof walletInputs)[K]>;
