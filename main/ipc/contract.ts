/**
 * The single source of every procedure the renderer may call and every event it may receive.
 *
 * The router implements `procedures` (the compiler rejects a missing handler), the preload bridge is
 * generated from it, and the renderer imports its types only. Keep this file free of Node imports:
 * the renderer's type-check reads it under DOM types.
 */
import { z } from 'zod';
import { deskProcedures } from './procedures-desk.ts';
import { guardIds, guardsProcedures, type GuardQuestionView } from './procedures-guards.ts';
import { miningProcedures } from './procedures-mining.ts';
import { notificationsProcedures } from './procedures-notifications.ts';
import { positionsProcedures } from './procedures-positions.ts';
import { walletProcedures } from './procedures-wallet.ts';
import {
  accountId,
  connectionChoice,
  dealCursor,
  dealFilter,
  decimalText,
  label,
  noInput,
  orderDraft,
  procedure,
  shape,
  tagList,
  type ProcedureDef,
  type Shape,
} from './schemas.ts';
import { CHANNELS } from '../exchange/ws/channels.ts';
import type {
  AccountView,
  AppInfo,
  ConnectionSettingsView,
  ConnectionStatus,
  DealPageView,
  DealTotalsView,
  DeskBalanceView,
  ImportReport,
  LiveBatch,
  LiveState,
  MarketView,
  MiningAlertView,
  Notice,
  OrderBookView,
  OrderView,
  PlaceResultView,
  RuleIssueView,
  SyncFinished,
  SyncProgressView,
  SyncStateView,
  WebhookEventView,
} from './views.ts';

/** Every result and payload type, for the renderer and the services. */
export type * from './views.ts';
export type { OrderDraftInput, ProcedureDef, Shape } from './schemas.ts';
export type { GuardQuestionView, GuardSettingsView } from './procedures-guards.ts';

/** An error as it crosses the bridge: readable, never a stack trace or a secret. */
export interface IpcError {
  /** Machine-readable family: `invalid_input`, `unknown_procedure`, `forbidden`, `internal`, ... */
  code: string;
  /** A sentence a desk operator understands. */
  message: string;
  /** The input field at fault, as a dotted path (`orders.0.price`), when one is. */
  field?: string;
  /** Valid values near the refused one (the largest amount the balance covers...), for a one-click fix. */
  suggestions?: string[];
  /** `needs_confirmation`: the guards (`price_band`, `notional`) the call must acknowledge to send. */
  guards?: string[];
}

export type Reply<T> = { ok: true; value: T } | { ok: false; error: IpcError };

// ---- the contract ------------------------------------------------------------------------------

export const procedures = {
  'app.info': procedure<AppInfo>()('Version, platform and data directory of the running app.', noInput),
  'connection.status': procedure<ConnectionStatus>()('The exchange the app is connected to.', noInput),
  'connection.saved': procedure<ConnectionSettingsView>()(
    'The exchange the app connects to at start, and whether that differs from the one running now.',
    noInput,
  ),
  'connection.configure': procedure<ConnectionSettingsView>()(
    'Saves the exchange to connect to (embedded sandbox or live addresses); it takes effect at the next start.',
    connectionChoice,
  ),
  'app.restart': procedure<null>()('Restarts the app (to connect as saved).', noInput),
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
  'orders.check': procedure<{ issues: RuleIssueView[]; questions: GuardQuestionView[] }>()(
    'Every pre-trade rule an order draft breaks, with the nearest valid values (with the account, its hedge mode and balance too), and the guard questions it must acknowledge.',
    z.strictObject({ draft: orderDraft, accountId: accountId.optional() }),
  ),
  'orders.place': procedure<PlaceResultView>()(
    'Checks and places an order for an account; a guard it trips must be in `acknowledge`.',
    z.strictObject({ accountId, draft: orderDraft, acknowledge: guardIds.optional() }),
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
        acknowledge: guardIds.optional(),
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
  'orders.cancelAll': procedure<{
    cancelled: OrderView[];
    failed: Array<{ orderId: number; error: IpcError }>;
  }>()(
    'Cancels every open order of an account on one market (each one by REST); failures are listed with their order.',
    z.strictObject({ accountId, market: z.string().min(1).max(40) }),
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
  'live.subscribe': procedure<string>()(
    'Listens to a WebSocket channel of an account for a market or ticker (`*` for all); pushes come as ws.batch events.',
    z.strictObject({
      accountId,
      channel: z.enum(CHANNELS),
      topic: z.string().min(1).max(40),
    }),
  ),
  'orders.placeWs': procedure<PlaceResultView>()(
    "Checks and places an order over the account's WebSocket instead of REST; a guard it trips must be in `acknowledge`; a lost answer is looked up by the client order id before any resend.",
    z.strictObject({ accountId, draft: orderDraft, acknowledge: guardIds.optional() }),
  ),
  'live.unsubscribe': procedure<boolean>()('Stops a live subscription.', z.strictObject({ id: z.uuid() })),
  'balances.spot': procedure<Record<string, { available: string; freeze: string }>>()(
    'Spot trade balances of an account.',
    z.strictObject({ accountId }),
  ),
  ...deskProcedures,
  ...walletProcedures,
  ...positionsProcedures,
  ...miningProcedures,
  ...notificationsProcedures,
  ...guardsProcedures,
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
