import type { Migration } from './migration.ts';
import { migration as m0001 } from './0001-initial.ts';
import { migration as m0002 } from './0002-sync-checkpoints.ts';
import { migration as m0003 } from './0003-deal-name-keys.ts';
import { migration as m0004 } from './0004-deal-daily-totals.ts';
import { migration as m0005 } from './0005-batch-log.ts';
import { migration as m0006 } from './0006-position-order-key.ts';
import { migration as m0007 } from './0007-webhook-events-per-account.ts';
import { migration as m0008 } from './0008-last-known.ts';
import { migration as m0009 } from './0009-deal-role-words.ts';
import { migration as m0010 } from './0010-team-log.ts';
import { migration as m0011 } from './0011-history-vault.ts';
import { migration as m0012 } from './0012-ledger-rollups.ts';

/** Every migration, in order. Append a new file and a line here; never edit a released one. */
export const migrations: readonly Migration[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
];

export type { Migration };
