/**
 * Builds the typed `window.txc` API from the contract over any transport: Electron IPC in the app,
 * a loopback WebSocket in the browser test host, a direct call in unit tests and benchmarks.
 *
 * `txc.app.info()` calls procedure `app.info`; every call resolves to a `Reply` (never rejects for
 * an application error, so the error's fields survive Electron's context bridge).
 */
import {
  eventNames,
  procedureNames,
  type EventName,
  type EventPayload,
  type IpcError,
  type ProcedureInput,
  type ProcedureName,
  type ProcedureResult,
  type BridgeTransport,
  type Reply,
} from '../main/ipc/contract.ts';

export type { BridgeTransport };

type Namespace = ProcedureName extends `${infer N}.${string}` ? N : never;
type Method<K extends ProcedureName> =
  undefined extends ProcedureInput<K>
    ? (input?: ProcedureInput<K>) => Promise<Reply<ProcedureResult<K>>>
    : (input: ProcedureInput<K>) => Promise<Reply<ProcedureResult<K>>>;

export type TxcApi = {
  readonly [N in Namespace]: {
    readonly [K in ProcedureName as K extends `${N}.${infer M}` ? M : never]: Method<K>;
  };
} & {
  /** Listens to one pushed event; returns a function that stops listening. */
  readonly on: <K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void) => () => void;
};

const TRANSPORT_ERROR: IpcError = {
  code: 'bridge_unavailable',
  message: 'The connection to the app core was lost. Restart the app if this persists.',
};

function isReply(value: unknown): value is Reply<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  if (v.ok === true) return 'value' in v;
  return v.ok === false && typeof v.error?.code === 'string' && typeof v.error.message === 'string';
}

export function createBridge(transport: BridgeTransport): TxcApi {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let stopTransport: (() => void) | undefined;

  const api: Record<string, Record<string, unknown>> = {};
  for (const name of procedureNames) {
    const dot = name.indexOf('.');
    const ns = name.slice(0, dot);
    const method = name.slice(dot + 1);
    const group = (api[ns] ??= {});
    group[method] = async (input?: unknown): Promise<Reply<unknown>> => {
      try {
        const reply = await transport.invoke(name, input);
        return isReply(reply) ? reply : { ok: false, error: TRANSPORT_ERROR };
      } catch {
        return { ok: false, error: TRANSPORT_ERROR };
      }
    };
  }

  const known = new Set<string>(eventNames);
  /** The events main was last told the page reads, as one key. */
  let told = '';
  const tell = (): void => {
    const names = [...listeners].flatMap(([name, set]) => (set.size > 0 ? [name] : [])).sort();
    if (names.join() === told) return;
    told = names.join();
    transport.reads?.(names);
  };
  const on = (name: EventName, listener: (payload: unknown) => void): (() => void) => {
    if (!known.has(name)) throw new TypeError(`Unknown event ${String(name)}`);
    let set = listeners.get(name);
    if (!set) listeners.set(name, (set = new Set()));
    set.add(listener);
    stopTransport ??= transport.listen((event, payload) => {
      for (const l of listeners.get(event) ?? []) l(payload);
    });
    tell();
    return () => {
      set.delete(listener);
      tell();
      if ([...listeners.values()].every((s) => s.size === 0)) {
        stopTransport?.();
        stopTransport = undefined;
      }
    };
  };

  return Object.freeze({ ...api, on }) as unknown as TxcApi;
}
