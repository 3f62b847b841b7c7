/**
 * The parts of the account registry a write works with (`intake.ts`, `key-pairs.ts`): its table, the
 * keychain, which secrets this keychain holds, the team store when the profile is in one, its clock,
 * and the way to tell its followers that an account changed.
 */
import type { AccountTable } from './account-table.ts';
import type { KeyPresence } from './key-presence.ts';
import type { SecretStore } from './secret-store.ts';
import type { RegistryDesk } from './shared.ts';

export interface RegistryParts {
  readonly table: AccountTable;
  readonly secrets: SecretStore;
  readonly keys: KeyPresence;
  /** The team store, when the profile is in a team: shared changes are written there first. */
  desk(): RegistryDesk | undefined;
  now(): number;
  /** An account's fields or keys changed (not the list of accounts). */
  edited(): void;
}
