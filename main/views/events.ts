/**
 * Every event main sends the windows, with its payload: the one list the contract re-exports, the
 * windows' hub routes and the services send through `PageEvents` (`services/live/page-events.ts`).
 */
import { shape, type Shape } from './schemas.ts';
import type { Notice } from './app.ts';
import type { AlertFiredView } from './alerts.ts';
import type { BoardRowView, DeskAttentionView, DeskBalanceView } from './board.ts';
import type { ConnectionHealthView } from './connection.ts';
import type { SyncFinished, SyncProgressView } from './history.ts';
import type { KnownPushedView } from './known.ts';
import type { LiveBatch, LiveState } from './live.ts';
import type { MiningAlertView } from './mining.ts';
import type { ExchangeCancelView } from './orders.ts';
import type { TaxLotsProgressView } from './reports.ts';
import type { BatchProgressView, SubAccountBalanceView } from './subaccounts.ts';
import type { TeamChangeView, TeamView } from './team.ts';
import type { WebhookEventView } from './webhooks.ts';

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

export type Events = typeof events;
export type EventName = keyof Events & string;
export type EventPayload<K extends EventName> = Events[K] extends Shape<infer P> ? P : never;

export const eventNames = Object.keys(events) as EventName[];

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}
