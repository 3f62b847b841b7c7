/**
 * The main (wallet) account's schemas: balances, withdrawals, codes, transfers between balances,
 * refunds, convert, travel rule, history, deposit addresses and the WebSocket token (flex earn: `flex.ts`).
 */
import { z } from 'zod';
import { decimal, paging } from './primitives.ts';

export const mainBalanceSchema = z.looseObject({
  main_balance: decimal,
  pending_deposit_amount: decimal.default('0'),
});
export type MainBalance = z.output<typeof mainBalanceSchema>;
export const mainBalancesAnswer = z.record(z.string(), mainBalanceSchema);

export const withdrawableSchema = z.looseObject({
  totalBalanceStable: decimal,
  lockedBalanceStable: decimal,
  availableBalanceStable: decimal,
  assets: z.record(z.string(), decimal),
});
export type WithdrawableBalance = z.output<typeof withdrawableSchema>;

/**
 * A withdrawal's fields, every one the app ever writes (`AccountWallet.withdraw`), each of the type it
 * writes: a proposal whose body is anything else is not approved or sent (`four-eyes/bodies.ts`).
 */
export const withdrawPayInput = z.strictObject({
  ticker: z.string(),
  amount: z.string(),
  address: z.string(),
  /** Idempotency handle: the same id for every retry of one withdrawal. */
  uniqueId: z.string(),
  network: z.string().min(1).optional(),
  /** Destination tag or memo, on networks that need one beside the address. */
  memo: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
});
export type WithdrawPayInput = z.infer<typeof withdrawPayInput>;

/** A service code's fields, every one the app writes (`AccountWallet.createCode`). */
export const codeInput = z.strictObject({
  ticker: z.string(),
  amount: z.string(),
  passphrase: z.string().optional(),
  description: z.string().optional(),
});
export type CodeInput = z.infer<typeof codeInput>;

export const codeResultSchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  external_id: z.string(),
});
export type CodeResult = z.output<typeof codeResultSchema>;

export const applyCodeRequest = z.object({ code: z.string(), passphrase: z.string().optional() });
export const appliedCodeSchema = z.looseObject({
  message: z.string(),
  ticker: z.string(),
  amount: decimal,
  external_id: z.string(),
});
export type AppliedCode = z.output<typeof appliedCodeSchema>;

/** The three balances of one account. */
export const BALANCE_KINDS = ['main', 'spot', 'collateral'] as const;
export type BalanceKind = (typeof BALANCE_KINDS)[number];
/** `amount`: at most 8 decimal places, more than 0, at most what `from` has free. */
export const balanceTransferRequest = z.object({
  from: z.enum(BALANCE_KINDS),
  to: z.enum(BALANCE_KINDS),
  ticker: z.string(),
  amount: z.string(),
});
export type BalanceTransferInput = z.infer<typeof balanceTransferRequest>;

const page = <S extends z.ZodType>(record: S) =>
  z.looseObject({ records: z.array(record), limit: z.number().optional(), offset: z.number().optional() });

/** `unique_id`: one withdrawal by the unique id it was sent with; `limit` 1..500 (default 50). */
export const historyRequest = z.object({
  transactionMethod: z.union([z.literal(1), z.literal(2)]).optional(),
  ticker: z.string().optional(),
  unique_id: z.string().optional(),
  ...paging,
});

/**
 * A deposit or withdrawal of `main-account/history`. The exchange names its ids `unique_id` and
 * `transaction_id` (older answers `uniqueId` and `transactionId`): both read as `uniqueId` and
 * `transactionId`, the uniqueId null when the record has none.
 */
export const historyRecordSchema = z
  .looseObject({
    unique_id: z.string().nullish(),
    uniqueId: z.string().nullish(),
    transaction_id: z.string().optional(),
    transactionId: z.string().optional(),
    ticker: z.string().optional(),
    amount: decimal.optional(),
    status: z.union([z.number(), z.string()]).optional(),
    method: z.union([z.number(), z.string()]).optional(),
    createdAt: z.number().optional(),
  })
  .transform(({ unique_id, transaction_id, ...r }): WalletHistoryRecord => ({
    ...r,
    uniqueId: unique_id ?? r.uniqueId ?? null,
    transactionId: transaction_id ?? r.transactionId,
  }));
export interface WalletHistoryRecord {
  [field: string]: unknown;
  uniqueId?: string | null | undefined;
  transactionId?: string | undefined;
  ticker?: string | undefined;
  amount?: string | undefined;
  status?: number | string | undefined;
  method?: number | string | undefined;
  createdAt?: number | undefined;
}

export const walletHistorySchema = page(historyRecordSchema);
export type WalletHistory = z.output<typeof walletHistorySchema>;

export const refundHistoryRequest = z.object({
  depositId: z.string().optional(),
  ticker: z.string().optional(),
  ...paging,
});
export const refundSchema = z.looseObject({
  status: z.enum(['in_process', 'successful', 'canceled']),
  ticker: z.string().optional(),
  memo: z.string().nullish(),
});
export type Refund = z.output<typeof refundSchema>;
export const refundHistorySchema = page(refundSchema);
export type RefundHistory = z.output<typeof refundHistorySchema>;

export const refundDepositRequest = z.object({ transactionId: z.string(), address: z.string() });
/** The refund's id (an older answer had none). */
export const refundDepositAnswer = z.looseObject({ id: z.string().optional() });

/** `idempotencyKey`: 8 to 128 characters, the same key for every retry of one convert. */
export const convertRequest = z.object({
  from: z.string(),
  to: z.string(),
  direction: z.enum(['from', 'to']),
  amount: z.string(),
  idempotencyKey: z.string(),
});
export type ConvertInput = z.infer<typeof convertRequest>;
export const convertResultSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  finalGive: decimal,
  finalReceive: decimal,
});
export type ConvertResult = z.output<typeof convertResultSchema>;

/** A page of service codes (`codes/my`, `codes/history`): 1..100 a page, `offset + limit` at most 10,000. */
export const codesRequest = z.object(paging);
/**
 * A service code as a list gives it: `code` is the code itself (a secret while it is active: it is
 * masked before it leaves main); in the history `amount` is signed, `-` made by the account, `+` applied.
 */
export const codeInfoSchema = z.looseObject({
  amount: z.string().regex(/^[+-]?\d+(\.\d+)?$/, 'expected a decimal string'),
  code: z.string(),
  date: z.number().int(),
  status: z.string(),
  ticker: z.string(),
  external_id: z.string(),
});
export type CodeInfo = z.output<typeof codeInfoSchema>;
export const codesPage = z.looseObject({
  total: z.number().int(),
  data: z.array(codeInfoSchema),
  limit: z.number().int().optional(),
  offset: z.number().int().optional(),
});
export type CodesPage = z.output<typeof codesPage>;

/** One side's fees and limits of a currency; a zero turns that setting off, as published. */
const feeFigures = z.looseObject({
  minFlex: decimal.optional(),
  maxFlex: decimal.optional(),
  percentFlex: decimal.optional(),
  fixed: decimal.optional(),
  minAmount: decimal.optional(),
  maxAmount: decimal.optional(),
});
/** The account's fees of one currency (`main-account/fee`); a ticker may name its network, `USDT (TRC20)`. */
export const feeInfoSchema = z.looseObject({
  ticker: z.string(),
  name: z.string().optional(),
  can_deposit: z.boolean().optional(),
  can_withdraw: z.boolean().optional(),
  deposit: feeFigures.optional(),
  withdraw: feeFigures.optional(),
});
export type FeeInfo = z.output<typeof feeInfoSchema>;
export const feesAnswer = z.array(feeInfoSchema);

/** A quote asked for: what is given or received (`direction` names which side `amount` is). */
export const convertEstimateRequest = z.object({
  from: z.string(),
  to: z.string(),
  direction: z.enum(['from', 'to']),
  amount: z.string(),
});
export type ConvertEstimateInput = z.infer<typeof convertEstimateRequest>;
/** A quote: `rate` is `to` per one `from`; `expireAt` in Unix seconds (it holds 10 s). */
export const convertQuoteSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  from: z.string(),
  to: z.string(),
  give: decimal,
  receive: decimal,
  rate: decimal,
  expireAt: z.number().int(),
});
export type ConvertQuote = z.output<typeof convertQuoteSchema>;
export const convertConfirmRequest = z.strictObject({ quoteId: z.string() });
export const convertConfirmAnswer = z.looseObject({ finalGive: decimal, finalReceive: decimal });
export type ConvertConfirmed = z.output<typeof convertConfirmAnswer>;

export const vaspSchema = z.looseObject({ vaspId: z.string(), name: z.string() });
export type Vasp = z.output<typeof vaspSchema>;
export const vaspsAnswer = z.object({ data: z.object({ vasps: z.array(vaspSchema) }) });

/** Where a deposit came from, as Travel Rule verification asks it. */
const originator = z.object({
  type: z.enum(['individual', 'entity']),
  /** A person's names (individual) or a company's full name (entity). */
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  fullName: z.string().optional(),
  /** ISO 3166-1 alpha-3 country code. */
  residenceCountry: z.string(),
  /** The address the deposit was sent from. */
  walletAddress: z.string(),
  address: z.object({
    country: z.string(),
    city: z.string(),
    postCode: z.string().optional(),
    addressLine1: z.string(),
  }),
});
export type TravelRuleOriginator = z.infer<typeof originator>;
/**
 * `uniqueId`: the deposit's id (its transaction id in the history); `walletType` `hosted`: sent from
 * an exchange or custodian (named in `vaspData`), `unhosted`: a private wallet.
 */
export const travelRuleRequest = z.object({
  uniqueId: z.string(),
  walletType: z.enum(['hosted', 'unhosted']),
  originator,
  vaspData: z.union([z.object({ vaspId: z.string() }), z.object({ vaspName: z.string() })]).optional(),
});
export type TravelRuleVerificationInput = z.infer<typeof travelRuleRequest>;
export const travelRuleAnswer = z.looseObject({
  data: z.looseObject({ uniqueId: z.string(), status: z.string() }).optional(),
});

export const addressRequest = z.object({ ticker: z.string(), network: z.string().optional() });
/** `type` for BTC and LTC. */
export const newAddressRequest = z.object({
  ticker: z.string(),
  network: z.string().optional(),
  type: z.enum(['p2sh-segwit', 'bech32']).optional(),
});
export const depositAddressSchema = z.looseObject({
  account: z.looseObject({ address: z.string().min(1), memo: z.string().nullish() }),
  required: z.looseObject({
    fixedFee: decimal.optional(),
    flexFee: z
      .looseObject({ maxFee: decimal.optional(), minFee: decimal.optional(), percent: decimal.optional() })
      .nullish(),
    maxAmount: decimal.optional(),
    minAmount: decimal.optional(),
  }),
});
export type DepositAddress = z.output<typeof depositAddressSchema>;

/**
 * A fiat deposit invoice: the fiat currency, its provider, the amount and the desk's own unique id;
 * `successLink`, `failureLink` and `returnLink` are https pages the payer is sent back to.
 */
export const fiatDepositRequest = z.object({
  ticker: z.string(),
  provider: z.string(),
  amount: decimal,
  uniqueId: z.string(),
  customer: z
    .object({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      email: z.string().optional(),
      birthDate: z.string().optional(),
      address: z
        .object({
          line1: z.string().optional(),
          line2: z.string().optional(),
          city: z.string().optional(),
          zipCode: z.string().optional(),
          countryCode: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
  successLink: z.string().optional(),
  failureLink: z.string().optional(),
  returnLink: z.string().optional(),
});
export type FiatDepositInput = z.input<typeof fiatDepositRequest>;
export const fiatDepositAnswer = z.looseObject({ url: z.string().min(1) });

/** The account's active credit-line loan; the LTVs are percentages. */
export const creditLoanSchema = z.looseObject({
  asset: z.string(),
  amount: decimal,
  totalFunding: decimal,
  currentLtv: decimal,
  initialLtv: decimal,
  marginCallLtv: decimal,
  liquidationLtv: decimal,
  createdAt: z.number().int(),
});
export type CreditLoan = z.output<typeof creditLoanSchema>;

export const tokenSchema = z.looseObject({ websocket_token: z.string().min(1) });
