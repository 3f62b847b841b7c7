/**
 * The single source of every procedure the renderer may call and every event it may receive.
 *
 * The router implements `procedures` (the compiler rejects a missing handler), the preload bridge is
 * generated from it, and the renderer imports its types only. Keep this file free of Node imports:
 * the renderer's type-check reads it under DOM types.
 */
import { z } from 'zod';

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

// ---- result and payload types -------------------------------------------------------------------

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  arch: string;
  /** Where this profile keeps its cache and settings. */
  dataDir: string;
  /** `electron` in the desktop app, `node` in the browser test host. */
  runtime: 'electron' | 'node';
  versions: { node: string; electron?: string; chrome?: string };
}

export interface Notice {
  level: 'info' | 'warning' | 'error';
  message: string;
}

// ---- the contract ------------------------------------------------------------------------------

export const procedures = {
  'app.info': procedure<AppInfo>()('Version, platform and data directory of the running app.', noInput),
} as const satisfies Record<string, ProcedureDef>;

export const events = {
  /** A message for the status line or a toast. */
  'app.notice': shape<Notice>(),
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
