/**
 * The window's connection model for any screen, without passing it down every component: App
 * provides it, a view reads it while it is created (Svelte context).
 */
import { getContext, setContext } from 'svelte';
import type { ConnectionManager } from './connection.svelte.ts';

const KEY = Symbol('connection');

export function provideConnection(connection: ConnectionManager): void {
  setContext(KEY, connection);
}

/** The window's connection model; undefined where none was provided (a component tested alone). */
export function useConnection(): ConnectionManager | undefined {
  return getContext<ConnectionManager | undefined>(KEY);
}
