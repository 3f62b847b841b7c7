/** The procedures of many-accounts work and of one account's wallet, positions, mining and webhooks. */
import { z } from 'zod';
import {
  accountId,
  accountSet,
  decimalText,
  orderDraft,
  permissionChanges,
  procedure,
  sizing,
  sweepPlan,
  type ProcedureDef,
} from './schemas.ts';
import type {
  BatchOutcome,
  DeskBalanceView,
  DeskChildPreview,
  DeskChildResult,
  IpcError,
  KeyDiffView,
  MainBalanceView,
  MinerInfoView,
  OpenPositionView,
  RecordView,
  SweepLegView,
  WebhookEventView,
  WithdrawableView,
} from './contract.ts';

export const deskProcedures = {
  'desk.balances': procedure<DeskBalanceView[]>()(
    'Spot balances of many accounts (all by default); each also arrives as a desk.balance event.',
    z.strictObject({ accountIds: accountSet.optional() }).optional(),
  ),
  'desk.subAccountBalances': procedure<
    Array<{
      subAccountId: string;
      ok: boolean;
      balances?: Record<string, Array<{ main: string; spot: string; collateral: string }>>;
      error?: IpcError;
    }>
  >()(
    "Balances of many sub-accounts read with the main account's key (all of them by default).",
    z
      .strictObject({ subAccountIds: z.array(z.string().min(1).max(64)).min(1).max(1000).optional() })
      .optional(),
  ),
  'desk.previewOrder': procedure<{ parentId: string; children: DeskChildPreview[] }>()(
    'One order for many accounts, sized per account and checked; nothing is sent.',
    z.strictObject({ accountIds: accountSet, draft: orderDraft, sizing }),
  ),
  'desk.placeOrder': procedure<{ parentId: string; results: DeskChildResult[] }>()(
    'Sends the previewed order to each account; failures first in the report.',
    z.strictObject({
      accountIds: accountSet,
      draft: orderDraft,
      sizing,
      parentId: z.string().regex(/^[A-Za-z0-9._-]{1,40}$/),
    }),
  ),
  'desk.previewPermissions': procedure<KeyDiffView[]>()(
    'The per-key diff of one URL-permission change over many sub-account keys.',
    z.strictObject({ accountIds: accountSet, urls: permissionChanges }),
  ),
  'desk.applyPermissions': procedure<BatchOutcome[]>()(
    'Applies one URL-permission change to many sub-account keys; failures first.',
    z.strictObject({ accountIds: accountSet, urls: permissionChanges }),
  ),
  'desk.previewSweep': procedure<SweepLegView[]>()(
    'The transfers a sweep between main and sub-accounts would make.',
    z.strictObject({ accountIds: accountSet, plan: sweepPlan }),
  ),
  'desk.runSweep': procedure<Array<SweepLegView & BatchOutcome & { transactionId?: string }>>()(
    'Makes the sweep transfers; failures first.',
    z.strictObject({ accountIds: accountSet, plan: sweepPlan }),
  ),
  'webhooks.configure': procedure<null>()(
    "Sets an account's webhook key; its secret is read from the clipboard into the keychain.",
    z.strictObject({ accountId, apiKey: z.string().trim().min(1).max(255) }),
  ),
  'webhooks.remove': procedure<null>()(
    "Forgets an account's webhook key and secret.",
    z.strictObject({ accountId }),
  ),
  'webhooks.receiver': procedure<string | null>()(
    'Turns the webhook receiver on (answers its address) or off.',
    z.strictObject({
      enabled: z.boolean(),
      port: z.number().int().min(0).max(65535).optional(),
      host: z.union([z.literal('127.0.0.1'), z.literal('0.0.0.0'), z.literal('::1')]).optional(),
    }),
  ),
  'webhooks.receiverStatus': procedure<string | null>()(
    'The address the webhook receiver listens on, or null while it is off.',
    z.strictObject({}).optional(),
  ),
  'webhooks.events': procedure<WebhookEventView[]>()(
    'Received webhook events of an account, newest first.',
    z.strictObject({
      accountId,
      before: z
        .strictObject({ receivedAtMs: z.number().int().nonnegative(), id: z.string().max(64) })
        .optional(),
      limit: z.number().int().min(1).max(1000).optional(),
    }),
  ),
  'webhooks.reconcile': procedure<number>()(
    'Fills in, from the deposit/withdraw history, the events that never arrived; answers how many.',
    z.strictObject({ accountId }),
  ),
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
  'mining.accounts': procedure<Array<{ name: string; createdAt: number }>>()(
    'The mining accounts of an account.',
    z.strictObject({ accountId }),
  ),
  'mining.info': procedure<MinerInfoView>()(
    'Workers online, offline and low, fee and stratum of a mining account.',
    z.strictObject({ accountId, miningAccount: z.string().min(1).max(255) }),
  ),
  'mining.rewards': procedure<RecordView[]>()(
    'Cached mining rewards, newest first.',
    z.strictObject({ accountId, miningAccount: z.string().min(1).max(255).optional() }),
  ),
  'mining.workerSamples': procedure<
    Array<{ sampledAtMs: number; online: number; offline: number; low: number }>
  >()(
    'Worker counts over time of a mining account (for the chart).',
    z.strictObject({ accountId, miningAccount: z.string().min(1).max(255) }),
  ),
} as const satisfies Record<string, ProcedureDef>;
