import type { Migration } from '../../cache/migrations/migration.ts';
import { accounts } from './0001-accounts.ts';
import { keyPermissions } from './0002-key-permissions.ts';
import { webhookKeys } from './0003-webhook-keys.ts';
import { connectionWebsocket, type LegacyConnection } from './0004-connection-websocket.ts';
import { awaitingKey } from './0005-awaiting-key.ts';
import { exchangeStatus } from './0006-exchange-status.ts';
import { team } from './0007-team.ts';
import { removedKeys } from './0008-removed-keys.ts';

export type { LegacyConnection };

/**
 * Append-only: a released migration is never edited, only followed by the next one. `legacy` is the
 * live connection opened at this start, which existing rows are bound to (see 0004).
 */
export function registryMigrations(legacy?: LegacyConnection): readonly Migration[] {
  return [
    accounts,
    keyPermissions,
    webhookKeys,
    connectionWebsocket(legacy),
    awaitingKey,
    exchangeStatus,
    team,
    removedKeys,
  ];
}
