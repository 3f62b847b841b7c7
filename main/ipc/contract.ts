/**
 * The single source of every procedure the renderer may call and every event it may receive.
 *
 * The router implements `procedures` (the compiler rejects a missing handler), the preload bridge is
 * generated from it, and the renderer imports its types only. Keep this file free of Node imports:
 * the renderer's type-check reads it under DOM types.
 */
import { z } from 'zod';
import { CHANNELS } from '../exchange/ws/channels.ts';
import type {
  AppInfo,
  ConnectionStatus,
  AccountView,
  ImportReport,
  MarketView,
  RuleIssueView,
  OrderView,
  PlaceResultView,
  SyncProgressView,
  SyncFinished,
  SyncStateView,
  DealPageView,
  DealTotalsView,
  DeskBalanceView,
  DeskChildPreview,
  DeskChildResult,
  MiningAlertView,
  KeyDiffView,
  SweepLegView,
  BatchOutcome,
  Notice,
  LiveBatch,
  LiveState,
  WebhookEventView,
  OrderBookView,
  MainBalanceView,
  WithdrawableView,
  OpenPositionView,
  MinerInfoView,
  RecordView,
} from './views.ts';

/** Every result and payload type, for the renderer and the services. */
export type * from './views.ts';

/** An error as it crosses the bridge: readable, never a stack trace or a secret. */
export interface IpcError {
  /** Machine-readable family: `invalid_input`, `unknown_procedure`, `forbidden`, `internal`, ... */
  code: string;
  /** A sentence a desk operator understands. */
  message: string;
  /** The input field at fault, as a dotted path (`orders.0.price`), when one is. */
  field?: string;
}

export type Reply<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Phantom marker carrying a result or payload type; it has no runtime value. */
declare const phantom: unique symbol;
export interface Shape<T> {
  readonly [phantom]?: T;
}
const shape = <T>(): Shape<T> => ({});

export interface ProcedureDef<S extends z.ZodType = z.ZodType, R = unknown> {
  readonly input: S;
  readonly result: Shape<R>;
  readonly summary: string;
}

function procedure<R>() {
  return <S extends z.ZodType>(summary: string, input: S): ProcedureDef<S, R> => ({
    input,
    result: shape<R>(),
    summary,
  });
}

/** Accepts no input at all: `undefined` or an empty object. */
const noInput = z.strictObject({}).optional();

/** A decimal as typed: its format and limits are checked by the pre-trade rules, with their words. */
const decimalText = z.string().max(40);
const accountId = z.uuid({ message: 'must be the id of a registered account' });
const label = z.string().trim().min(1).max(64);
const tagList = z.array(z.string().trim().min(1).max(40)).max(20);

const orderDraft = z.strictObject({
  kind: z.enum(['limit', 'stop_limit', 'market', 'stop_market', 'collateral_market']),
  market: z.string().min(1).max(40),
  side: z.enum(['buy', 'sell']),
  amount: decimalText,
  price: decimalText.optional(),
  activation_price: decimalText.optional(),
  clientOrderId: z.string().max(255).optional(),
  postOnly: z.boolean().optional(),
  ioc: z.boolean().optional(),
  bboRole: z.union([z.literal(1), z.literal(2)]).optional(),
  stp: z.enum(['no', 'cb', 'cn', 'co', 'cancel_both', 'cancel_new', 'cancel_old']).optional(),
  rpi: z.boolean().optional(),
  retail: z.boolean().optional(),
  positionSide: z.enum(['LONG', 'SHORT', 'BOTH']).optional(),
  reduceOnly: z.boolean().optional(),
  stopLoss: decimalText.optional(),
  takeProfit: decimalText.optional(),
});
export type OrderDraftInput = z.input<typeof orderDraft>;

const sizing = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('fixed'), amount: decimalText }),
  z.strictObject({
    kind: z.literal('weight'),
    total: decimalText,
    weights: z.record(accountId, z.number().nonnegative()),
  }),
  z.strictObject({
    kind: z.literal('share'),
    share: z.string().regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a share between 0 and 1'),
  }),
]);
const accountSet = z.array(accountId).min(1).max(1000);
const permissionChanges = z
  .array(
    z.strictObject({
      url: z.string().regex(/^\/api\/v4\/[A-Za-z0-9_\-/.]+$/, 'must be an API path'),
      enable: z.boolean(),
    }),
  )
  .min(1)
  .max(100);
const sweepPlan = z.strictObject({
  direction: z.enum(['main_to_sub', 'sub_to_main']),
  ticker: z.string().regex(/^[A-Z0-9]{1,16}$/, 'must be a ticker such as USDT'),
  amount: z.union([z.literal('all'), z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal amount or all')]),
});

/** A view of the cached deals: `from` <= time < `to` in Unix seconds. */
const dealFilter = z.strictObject({
  accounts: z.array(accountId).min(1).max(500).optional(),
  market: z.string().min(1).max(128).optional(),
  side: z.enum(['buy', 'sell']).optional(),
  role: z.union([z.literal(1), z.literal(2)]).optional(),
  from: z.number().nonnegative().optional(),
  to: z.number().nonnegative().optional(),
  orderId: z.number().int().nonnegative().optional(),
  clientOrderId: z.string().min(1).max(255).optional(),
});
const dealCursor = z.strictObject({
  timeUs: z.number().int(),
  id: z.number().int(),
  account: z.string().max(128),
});

// ---- the contract ------------------------------------------------------------------------------

export const procedures = {
  'app.info': procedure<AppInfo>()('Version, platform and data directory of the running app.', noInput),
  'connection.status': procedure<ConnectionStatus>()('The exchange the app is connected to.', noInput),

  'accounts.list': procedure<AccountView[]>()('Registered accounts, favourites first.', noInput),
  'accounts.addFromClipboard': procedure<AccountView>()(
    'Registers an account whose secret the user copied; main reads it from the clipboard and clears it.',
    z.strictObject({
      label,
      kind: z.enum(['main', 'sub']),
      subAccountId: z.string().trim().max(64).optional(),
      apiKey: z.string().trim().min(1).max(255),
      groups: tagList.optional(),
      tags: tagList.optional(),
    }),
  ),
  'accounts.rename': procedure<AccountView>()(
    'Renames an account.',
    z.strictObject({ id: accountId, label }),
  ),
  'accounts.update': procedure<AccountView>()(
    'Sets groups, tags or the favourite mark of an account.',
    z.strictObject({
      id: accountId,
      groups: tagList.optional(),
      tags: tagList.optional(),
      favourite: z.boolean().optional(),
    }),
  ),
  'accounts.remove': procedure<null>()(
    'Removes an account and its secret from the keychain.',
    z.strictObject({ id: accountId }),
  ),
  'accounts.rotateFromClipboard': procedure<AccountView>()(
    'Replaces the key pair after a reset: the new public key, the new secret from the clipboard.',
    z.strictObject({ id: accountId, apiKey: z.string().trim().min(1).max(255) }),
  ),
  'accounts.importCsv': procedure<ImportReport>()(
    'Imports accounts from a CSV file (label, key, secret, sub-account id) chosen in a dialog.',
    noInput,
  ),

  'markets.list': procedure<MarketView[]>()('Markets with their precision, limits and steps.', noInput),
  'markets.depth': procedure<OrderBookView>()(
    "A snapshot of a market's order book (live changes come with live.subscribe depth).",
    z.strictObject({ market: z.string().min(1).max(40), limit: z.number().int().min(1).max(100).optional() }),
  ),
  'orders.check': procedure<RuleIssueView[]>()(
    'Every pre-trade rule an order draft breaks, with the nearest valid values.',
    z.strictObject({ draft: orderDraft }),
  ),
  'orders.place': procedure<PlaceResultView>()(
    'Checks and places an order for an account.',
    z.strictObject({ accountId, draft: orderDraft }),
  ),
  'orders.active': procedure<OrderView[]>()(
    'Open orders of an account, newest first.',
    z.strictObject({ accountId, market: z.string().min(1).max(40).optional() }),
  ),
  'orders.modify': procedure<OrderView>()(
    'Changes the price, amount or activation price of an open order (the exchange answers a new order id).',
    z
      .strictObject({
        accountId,
        market: z.string().min(1).max(40),
        orderId: z.number().int().positive(),
        price: decimalText.optional(),
        amount: decimalText.optional(),
        activationPrice: decimalText.optional(),
      })
      .refine((v) => v.price !== undefined || v.amount !== undefined || v.activationPrice !== undefined, {
        message: 'give a new price, amount or activation price',
        path: ['price'],
      }),
  ),
  'orders.cancel': procedure<OrderView>()(
    'Cancels an open order.',
    z.strictObject({ accountId, market: z.string().min(1).max(40), orderId: z.number().int().positive() }),
  ),
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
  'live.subscribe': procedure<string>()(
    'Listens to a WebSocket channel of an account for a market or ticker (`*` for all); pushes come as ws.batch events.',
    z.strictObject({
      accountId,
      channel: z.enum(CHANNELS),
      topic: z.string().min(1).max(40),
    }),
  ),
  'orders.placeWs': procedure<OrderView>()(
    "Checks and places an order over the account's WebSocket instead of REST.",
    z.strictObject({ accountId, draft: orderDraft }),
  ),
  'live.unsubscribe': procedure<boolean>()('Stops a live subscription.', z.strictObject({ id: z.uuid() })),
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
  'balances.spot': procedure<Record<string, { available: string; freeze: string }>>()(
    'Spot trade balances of an account.',
    z.strictObject({ accountId }),
  ),
} as const satisfies Record<string, ProcedureDef>;

export const events = {
  /** A message for the status line or a toast. */
  'app.notice': shape<Notice>(),
  'sync.progress': shape<SyncProgressView>(),
  'sync.finished': shape<SyncFinished>(),
  'export.progress': shape<{ file: string; rows: number; total: number }>(),
  'desk.balance': shape<DeskBalanceView>(),
  'mining.alert': shape<MiningAlertView>(),
  'ws.state': shape<{ accountId: string; state: LiveState }>(),
  'ws.batch': shape<LiveBatch>(),
  'webhook.event': shape<Omit<WebhookEventView, 'receivedAtMs'>>(),
} as const satisfies Record<string, Shape<unknown>>;

// ---- derived types -----------------------------------------------------------------------------

export type Procedures = typeof procedures;
export type ProcedureName = keyof Procedures & string;
/** What the caller sends (before defaults are applied). */
export type ProcedureInput<K extends ProcedureName> = z.input<Procedures[K]['input']>;
/** What the handler receives (validated, defaults applied). */
export type ProcedureParsed<K extends ProcedureName> = z.output<Procedures[K]['input']>;
export type ProcedureResult<K extends ProcedureName> =
  Procedures[K]['result'] extends Shape<infer R> ? R : never;

export type Events = typeof events;
export type EventName = keyof Events & string;
export type EventPayload<K extends EventName> = Events[K] extends Shape<infer P> ? P : never;

export const procedureNames = Object.keys(procedures) as ProcedureName[];
export const eventNames = Object.keys(events) as EventName[];

export function isProcedureName(name: unknown): name is ProcedureName {
  return typeof name === 'string' && Object.hasOwn(procedures, name);
}
