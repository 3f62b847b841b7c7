import { migration as desk } from './0001-desk.ts';
import { migration as fourEyes } from './0002-four-eyes.ts';
import { migration as whoWrites } from './0003-who-writes.ts';
import { migration as whatRowsSay } from './0004-what-rows-say.ts';
import { migration as historyVault } from './0005-history-vault.ts';
import type { TeamMigration } from './migration.ts';

/** Every migration of the team store, in order; append only (a file is never changed once released). */
export const teamMigrations: readonly TeamMigration[] = [
  desk,
  fourEyes,
  whoWrites,
  whatRowsSay,
  historyVault,
];
