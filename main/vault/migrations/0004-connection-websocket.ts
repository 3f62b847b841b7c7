import type { Migration } from '../../cache/migrations/migration.ts';

/** The live connection a registry's existing accounts were made on, as the app starts this time. */
export interface LegacyConnection {
  /** What accounts of it carried until now: the REST base address alone. */
  readonly restUrl: string;
  /** What they carry from now on: the REST and WebSocket addresses together (`connectionIdOf`). */
  readonly connection: string;
}

/**
 * Accounts were bound to the REST base address only, so a WebSocket address changed later would have
 * received their tokens. From this version an account's `connection` names both addresses. Rows of
 * the live connection the app opens at this start (the choice saved at that moment) are bound to its
 * REST and WebSocket pair. Rows of any other REST address keep the REST address alone: no connection
 * id has that form any more, so they are never signed again on any connection, whatever WebSocket
 * host is configured later (the person adds them again on the connection they belong to).
 */
export function connectionWebsocket(legacy: LegacyConnection | undefined): Migration {
  return {
    version: 4,
    name: 'connection-websocket',
    up(db) {
      if (!legacy) return;
      db.prepare('UPDATE accounts SET connection = ? WHERE connection = ?').run(
        legacy.connection,
        legacy.restUrl,
      );
    },
  };
}
