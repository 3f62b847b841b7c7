/** The result and payload types of one account's mining pool accounts (plain data). */

export interface MiningAlertView {
  account: string;
  miningAccount: string;
  kind: 'offline' | 'low';
  online: number;
  offline: number;
  low: number;
  message: string;
}

export interface MinerInfoView {
  fee: string;
  workers: { online: number; offline: number; low: number };
  stratum: Array<{ url: string; workersCount: number }>;
}

/** A cached daily reward of a mining account (amounts as the exchange sent them). */
export interface MiningRewardView {
  miningAccount: string;
  /** Unix seconds. */
  time: number;
  reward: string;
  fee: string | null;
  hashrate: string | null;
}

/** A watcher link: a read-only pool dashboard shared with someone, until it expires. */
export interface WatcherLinkView {
  id: string;
  name: string;
  link: string;
  accounts: string[];
  permissions: string[];
  createdAtMs: number;
  /** When the link stops working; null when it never does. */
  liveUntilMs: number | null;
}

/** One reading of a mining account's workers. */
export interface WorkerSampleView {
  sampledAtMs: number;
  online: number;
  offline: number;
  low: number;
}
