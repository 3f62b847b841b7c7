/**
 * Reads asked as the window opens, while the code of the screen it opens on still loads: the
 * screen's own read of the same procedure and input takes that answer instead of asking again, once,
 * and only within `EARLY_KEPT_MS` of the ask (an older one is asked afresh). What no screen takes is
 * dropped with it. Only reads: nothing that changes anything is ever asked early.
 *
 * A read over an account's WebSocket opens that socket before the status bar listens to the sockets'
 * states: the states main says meanwhile are kept for it (`takeEarlyStates`).
 */
import type { LiveState } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';

/** How long an early answer stands in for the screen's own read, from when it was asked. */
export const EARLY_KEPT_MS = 5_000;

const asked = new Map<string, { at: number; reply: Promise<unknown> }>();

function keyOf(procedure: string, input: unknown): string {
  return `${procedure} ${JSON.stringify(input)}`;
}

/** Asks `read` now, to be taken by `readOnce` with the same procedure and input. */
export function askEarly<I, T>(procedure: string, input: I, read: (input: I) => Promise<T>): void {
  asked.set(keyOf(procedure, input), { at: Date.now(), reply: read(input) });
}

/** The early answer to this read when one was asked recently (taken: the next read asks), else `read(input)`. */
export function readOnce<I, T>(
  procedure: string,
  input: I,
  read: (input: I) => Promise<T>,
  now = Date.now(),
): Promise<T> {
  const key = keyOf(procedure, input);
  const early = asked.get(key);
  asked.delete(key);
  return early && now - early.at <= EARLY_KEPT_MS ? (early.reply as Promise<T>) : read(input);
}

/** Drops every early answer not taken (tests; a window that leaves its opening screen keeps none). */
export function dropEarly(): void {
  asked.clear();
}

const states = new Map<string, LiveState>();
let stopWatching: (() => void) | undefined;

/** Keeps each account's last socket state from now until `takeEarlyStates` (before any early read). */
export function watchEarlyStates(api: Pick<TxcApi, 'on'>): void {
  stopWatching ??= api.on('ws.state', ({ accountId, state }) => states.set(accountId, state));
}

/** The socket states said since `watchEarlyStates`, each account's last; stops keeping them. */
export function takeEarlyStates(): Array<[accountId: string, state: LiveState]> {
  stopWatching?.();
  stopWatching = undefined;
  const taken = [...states];
  states.clear();
  return taken;
}
