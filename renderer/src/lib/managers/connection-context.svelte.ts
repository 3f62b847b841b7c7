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

/**
 * Runs `refresh` whenever the exchange answers again after being unreachable, while the calling
 * component lives (call it while the component is created).
 */
export function catchUpOnReturn(refresh: () => void): void {
  const connection = useConnection();
  $effect(() => {
    const stop = connection?.onReturn(refresh);
    return () => stop?.();
  });
}

/** The window's connection model; undefined where none was provided (a component tested alone). */
export function useConnection(): ConnectionManager | undefined {
  return getContext<ConnectionManager | undefined>(KEY);
}
