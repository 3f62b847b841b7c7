/**
 * The single source of every procedure the renderer may call and every event it may receive.
 *
 * Each feature declares its procedures in `main/features/<feature>/procedures.ts` (one object per
 * prefix it answers) and its result types in `main/views/<prefix>.ts` or its own `views.ts`; this
 * file gathers them. The router implements `procedures` (the
 * compiler rejects a missing handler), the preload bridge is generated from it, and the renderer
 * imports its types only. Keep this file and the features' procedures and views free of Node imports:
 * the renderer's type-check reads them under DOM types.
 */
import type { z } from 'zod';
import { appProcedures } from '../features/app/procedures.ts';
import { connectionProcedures } from '../features/connection/procedures.ts';
import { accountsProcedures } from '../features/accounts/procedures.ts';
import { marketsProcedures } from '../features/markets/procedures.ts';
import { balancesProcedures, ordersProcedures } from '../features/orders/procedures.ts';
import { historyProcedures } from '../features/history/procedures.ts';
import { knownProcedures, liveProcedures } from '../features/live/procedures.ts';
import { webhooksProcedures } from '../features/webhooks/procedures.ts';
import { boardProcedures } from '../features/desk/procedures.ts';
import { walletProcedures } from '../features/wallet/procedures.ts';
import { positionsProcedures } from '../features/positions/procedures.ts';
import { miningProcedures } from '../features/mining/procedures.ts';
import { notificationsProcedures } from '../features/notifications/procedures.ts';
import { guardsProcedures } from '../features/guards/procedures.ts';
import { alertsProcedures } from '../features/alerts/procedures.ts';
import { approvalsProcedures, teamProcedures } from '../features/team/procedures.ts';
import { subaccountsProcedures } from '../features/subaccounts/procedures.ts';
import { vaultProcedures } from '../features/vault/procedures.ts';
import { reportsProcedures } from '../features/reports/procedures.ts';
import type { ProcedureDef, Shape } from '../views/schemas.ts';
import type { IpcError } from '../errors.ts';

/** Every result and payload type, for the renderer and the services. */
export type * from '../views/app.ts';
export type * from '../views/connection.ts';
export type * from '../views/accounts.ts';
export type * from '../views/markets.ts';
export type * from '../views/orders.ts';
export type * from '../views/history.ts';
export type * from '../views/live.ts';
export type * from '../views/webhooks.ts';
export type * from '../views/board.ts';
export type * from '../views/wallet.ts';
export type * from '../views/positions.ts';
export type * from '../views/mining.ts';
export type * from '../features/notifications/views.ts';
export type * from '../views/guards.ts';
export type * from '../views/known.ts';
export type * from '../views/alerts.ts';
export type * from '../views/team.ts';
export type * from '../views/approvals.ts';
export type * from '../views/subaccounts.ts';
export type * from '../features/vault/views.ts';
export type * from '../features/reports/views.ts';
export type { OrderDraftInput, ProcedureDef, Shape } from '../views/schemas.ts';
export {
  events,
  eventNames,
  isEventName,
  type EventName,
  type EventPayload,
  type Events,
} from '../views/events.ts';

export type { IpcError } from '../errors.ts';

export type Reply<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** How a page's bridge reaches main: Electron's IPC, a loopback WebSocket in the e2e tests, or in process. */
export interface BridgeTransport {
  /** Sends one call; resolves to the router's `Reply`. */
  invoke(procedure: string, input: unknown): Promise<unknown>;
  /** Receives the pushed events the page reads; returns a function that stops listening. */
  listen(listener: (name: string, payload: unknown) => void): () => void;
  /**
   * Tells main which events the page reads now (those it has listeners for): main sends no other, so
   * pushes no screen of the page reads do not cross. (A test's fake transport without it is sent
   * whatever its test sends.)
   */
  reads?(names: readonly string[]): void;
}

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

// ---- derived types -----------------------------------------------------------------------------

export type Procedures = typeof procedures;
export type ProcedureName = keyof Procedures & string;
/** What the caller sends (before defaults are applied). */
export type ProcedureInput<K extends ProcedureName> = z.input<Procedures[K]['input']>;
/** What the handler receives (validated, defaults applied). */
export type ProcedureParsed<K extends ProcedureName> = z.output<Procedures[K]['input']>;
export type ProcedureResult<K extends ProcedureName> =
  Procedures[K]['result'] extends Shape<infer R> ? R : never;

export const procedureNames = Object.keys(procedures) as ProcedureName[];

export function isProcedureName(name: unknown): name is ProcedureName {
  return typeof name === 'string' && Object.hasOwn(procedures, name);
}
