import type { Migration } from '../../cache/migrations/migration.ts';
import { accounts } from './0001-accounts.ts';
import { keyPermissions } from './0002-key-permissions.ts';
import { webhookKeys } from './0003-webhook-keys.ts';

/** Append-only: a released migration is never edited, only followed by the next one. */
export const registryMigrations: readonly Migration[] = [accounts, keyPermissions, webhookKeys];
