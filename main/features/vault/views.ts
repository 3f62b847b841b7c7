/** What the vault's procedures answer (plain data for the renderer). */

/** A family of an account's history in the archive. */
export type ArchiveFamily =
  | 'deals'
  | 'positions'
  | 'borrows'
  | 'mining'
  | 'orders'
  | 'closed_pnl'
  | 'funding'
  | 'wallet'
  | 'transfers'
  | 'converts';

export interface FamilyExtentView {
  family: ArchiveFamily;
  records: number;
  /** Unix seconds of the oldest and newest record kept; null when none. */
  oldest: number | null;
  newest: number | null;
  /** Records older than the exchange's six months: only the archive holds them. */
  archiveOnly: number;
}

/**
 * How safe an account's record is from the horizon: `ok` (synced recently), `soon` (its last complete
 * sync is older than the schedule promises: sync now), `losing` (records older than that sync are
 * past the exchange's six months already, or nearly), `never` (never synced: everything older than six
 * months is out of reach).
 */
export type ArchiveRisk = 'ok' | 'soon' | 'losing' | 'never';

export interface AccountArchiveView {
  account: string;
  label: string;
  /** Unix seconds up to which every part of its history was synced (the oldest of its parts); null: never. */
  syncedUntil: number | null;
  risk: ArchiveRisk;
  /** Days left before what happened right after `syncedUntil` passes the horizon; null when never synced. */
  daysToHorizon: number | null;
  running: boolean;
  families: FamilyExtentView[];
}

export interface VaultStatusView {
  /** Unix seconds: the exchange serves nothing older. */
  horizon: number;
  /** How often every account syncs by itself (ms); null when the schedule is off. */
  scheduleMs: number | null;
  /** On a team desk the shared store is the vault and this computer keeps a copy. */
  team: boolean;
  accounts: AccountArchiveView[];
}

/** One family compared with the exchange over the window both hold. */
export interface FamilyCheckView {
  family: ArchiveFamily;
  /** The window compared, Unix seconds; null when the family was never synced (nothing compared). */
  from: number | null;
  to: number | null;
  archive: number;
  exchange: number;
  /** The exchange has them, the archive does not (the first few ids, and how many). */
  missing: string[];
  missingCount: number;
  /** The archive has them inside the window, the exchange no longer does. */
  extra: string[];
  extraCount: number;
  /** Why nothing could be compared (the key may not read it, never synced), in words. */
  note?: string;
}

export interface ConsistencyView {
  account: string;
  checkedAt: number;
  families: FamilyCheckView[];
}

export interface BackupView {
  file: string | null;
  bytes: number;
  deals: number;
}

export interface RestoreView {
  file: string | null;
  /** Where the archive as it stood before the restore was saved. */
  savedBefore: string | null;
  deals: number;
  records: number;
}
