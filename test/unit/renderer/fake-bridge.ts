import { createBridge } from '../../../preload/bridge.ts';

/** What a procedure the script does not know answers. */
export const NO_ANSWER = { ok: false, error: { code: 'internal', message: 'no answer' } } as const;

/** Replies by procedure name, or a function of the procedure and its input. */
export type Script = Record<string, unknown> | ((procedure: string, input: unknown) => unknown);

/**
 * The real preload bridge over a scripted core: every call is recorded and answered by the script,
 * and `emit` pushes an event to whatever listens, as main's events arrive.
 */
export function fakeBridge(script: Script) {
  const calls: Array<[string, unknown]> = [];
  const listeners = new Set<(name: string, payload: unknown) => void>();
  const api = createBridge({
    invoke: async (procedure, input) => {
      calls.push([procedure, input]);
      return typeof script === 'function' ? script(procedure, input) : (script[procedure] ?? NO_ANSWER);
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return {
    api,
    calls,
    emit: (name: string, payload: unknown) => listeners.forEach((l) => l(name, payload)),
    listening: () => listeners.size > 0,
  };
}
