/**
 * The single source of every procedure the renderer may call and every event it may receive.
 *
 * Each domain declares its procedures in `main/domains/<domain>/procedures.ts` and its result types in
 * `main/domains/<domain>/views.ts`, each feature in `main/features/<feature>/procedures.ts` and
 * `views.ts`; this file gathers them. The router implements `procedures` (the
 * compiler rejects a missing handler), the preload bridge is generated from it, and the renderer
 * imports its types only. Keep this file and the domains' procedures and views free of Node imports:
 * the renderer's type-check reads them under DOM types.
 */
import type { z } from 'zod';
import { appProcedures } from '../domains/app/procedures.ts';
import { connectionProcedures } from '../domains/connection/procedures.ts';
import { accountsProcedures } from '../domains/accounts/procedures.ts';
import { marketsProcedures } from '../domains/markets/procedures.ts';
import { ordersProcedures } from '../domains/orders/procedures.ts';
import { balancesProcedures } from '../domains/balances/procedures.ts';
import { historyProcedures } from '../domains/history/procedures.ts';
import { liveProcedures } from '../domains/live/procedures.ts';
import { webhooksProcedures } from '../domains/webhooks/procedures.ts';
import { boardProcedures } from '../domains/board/procedures.ts';
import { walletProcedures } from '../domains/wallet/procedures.ts';
import { positionsProcedures } from '../domains/positions/procedures.ts';
import { miningProcedures } from '../domains/mining/procedures.ts';
import { notificationsProcedures } from '../domains/notifications/procedures.ts';
import { guardsProcedures } from '../domains/guards/procedures.ts';
import { knownProcedures } from '../domains/known/procedures.ts';
import { alertsProcedures } from '../domains/alerts/procedures.ts';
import { teamProcedures } from '../domains/team/procedures.ts';
import { approvalsProcedures } from '../domains/approvals/procedures.ts';
import { subaccountsProcedures } from '../domains/subaccounts/procedures.ts';
import { vaultProcedures } from '../features/vault/procedures.ts';
import { reportsProcedures } from '../features/reports/procedures.ts';
import { shape, type ProcedureDef, type Shape } from './schemas.ts';
import type { AlertFiredView } from '../domains/alerts/views.ts';
import type { ConnectionHealthView } from '../domains/connection/views.ts';
import type { BoardRowView, DeskAttentionView, DeskBalanceView } from '../domains/board/views.ts';
import type { SyncFinished, SyncProgressView } from '../domains/history/views.ts';
import type { LiveBatch, LiveState } from '../domains/live/views.ts';
import type { KnownPushedView } from '../domains/known/views.ts';
import type { MiningAlertView } from '../domains/mining/views.ts';
import type { Notice } from '../domains/app/views.ts';
import type { ExchangeCancelView } from '../domains/orders/views.ts';
import type { WebhookEventView } from '../domains/webhooks/views.ts';
import type { TeamChangeView, TeamView } from '../domains/team/views.ts';
import type { BatchProgressView, SubAccountBalanceView } from '../domains/subaccounts/views.ts';
import type { TaxLotsProgressView } from '../features/reports/views.ts';
import type { IpcError } from '../errors.ts';

/** Every result and payload type, for the renderer and the services. */
export type * from '../domains/app/views.ts';
export type * from '../domains/connection/views.ts';
export type * from '../domains/accounts/views.ts';
export type * from '../domains/markets/views.ts';
export type * from '../domains/orders/views.ts';
export type * from '../domains/history/views.ts';
export type * from '../domains/live/views.ts';
export type * from '../domains/webhooks/views.ts';
export type * from '../domains/board/views.ts';
export type * from '../domains/wallet/views.ts';
export type * from '../domains/positions/views.ts';
export type * from '../domains/mining/views.ts';
export type * from '../domains/notifications/views.ts';
export type * from '../domains/guards/views.ts';
export type * from '../domains/known/views.ts';
export type * from '../domains/alerts/views.ts';
export type * from '../domains/team/views.ts';
export type * from '../domains/approvals/views.ts';
export type * from '../domains/subaccounts/views.ts';
export type * from '../features/vault/views.ts';
export type * from '../features/reports/views.ts';
export type { OrderDraftInput, ProcedureDef, Shape } from './schemas.ts';

export type { IpcError } from '../errors.ts';

export type Reply<T> = { ok: true; value: T } | { ok: false; error: IpcError };

// ---- the contract ------------------------------------------------------------------------------

export const procedures = {
  ...appProcedures,
  ...connectionProcedures,
  ...accountsProcedures,
  ...marketsProcedures,
  ...ordersProcedures,
  ...balancesProcedures,
  ...historyProcedures,
  ...liveProcedures,
  ...webhooksProcedures,
  ...boardProcedures,
  ...walletProcedures,
  ...positionsProcedures,
  ...miningProcedures,
  ...notificationsProcedures,
  ...guardsProcedures,
  ...knownProcedures,
  ...alertsProcedures,
  ...teamProcedures,
  ...approvalsProcedures,
  ...subaccountsProcedures,
  ...vaultProcedures,
  ...reportsProcedures,
} as const satisfies Record<string, ProcedureDef>;

export const events = {
  /** A message for the status line or a toast. */
  'app.notice': shape<Notice>(),
  'sync.progress': shape<SyncProgressView>(),
  'sync.finished': shape<SyncFinished>(),
  'export.progress': shape<{ file: string; rows: number; total: number }>(),
  /** One account's spot balances as a `board.balances` read reaches it. */
  'board.balance': shape<DeskBalanceView>(),
  /** One sub-account's balances as a `subaccounts.balances` read reaches it. */
  'subaccounts.balance': shape<SubAccountBalanceView>(),
  /** Rows drawn again (an account new to the board is added); `removed`: accounts no longer on the desk. */
  'board.rows': shape<{ rows: BoardRowView[]; removed?: string[] }>(),
  'mining.alert': shape<MiningAlertView>(),
  'connection.health': shape<ConnectionHealthView>(),
  'ws.state': shape<{ accountId: string; state: LiveState }>(),
  'ws.batch': shape<LiveBatch>(),
  /** Pushes changed an account's last known state (one event per account per written window). */
  'known.pushed': shape<KnownPushedView>(),
  'webhook.event': shape<Omit<WebhookEventView, 'receivedAtMs'>>(),
  /** The exchange cancelled an order on its own (self-trade prevention, reduce-only, liquidation, ...). */
  'orders.exchangeCancel': shape<ExchangeCancelView>(),
  /** A price or account alert fired (main evaluates them; see `alerts.*`). */
  'alerts.fired': shape<AlertFiredView>(),
  /** Board rows entered attention in one refresh (main watches them; see `board.attentionRules`). */
  'board.attention': shape<DeskAttentionView>(),
  /** The team desk joined, left, connected or not reachable (see `team.*`). */
  'team.state': shape<TeamView>(),
  /** The desk's accounts changed (here or by a teammate): labels, groups, keys held; read `accounts.list`. */
  'accounts.changed': shape<{ atMs: number }>(),
  /** A teammate's history reached this computer's replica (the table written): read it again. */
  'history.changed': shape<{ table: string }>(),
  /** A teammate's change of the desk reached this app: taken, or refused (see `TeamChangeView`). */
  'team.change': shape<TeamChangeView>(),
  /** Operators of the team came or went: read `team.members` again. */
  'team.members': shape<{ atMs: number }>(),
  /** A proposal, decision or send of the desk's four eyes, or its policy, changed: read `approvals.*` again. */
  'approvals.changed': shape<{ atMs: number }>(),
  /** A batch of new sub-accounts moved on (see `subaccounts.runBatch`). */
  'subaccounts.batchProgress': shape<BatchProgressView>(),
  /** A tax-lot report moved on (see `reports.taxLots`). */
  'reports.progress': shape<TaxLotsProgressView>(),
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

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

export function isProcedureName(name: unknown): name is ProcedureName {
  return typeof name === 'string' && Object.hasOwn(procedures, name);
}
