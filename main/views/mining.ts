/** The result and payload types of one account's mining pool accounts (plain data). */

export interface MiningAlertView {
  account: string;
  miningAccount: string;
  kind: 'offline' | 'low';
  online: number;
  offline: number;
  low: number;
  message: string;
  /** The workers that went quiet (named online at the reading before, not now), when known. */
  workers?: string[];
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

/** One point of a hashrate series: when (ms) and the rate as the exchange sent it (a decimal string). */
export interface HashratePointView {
  atMs: number;
  hashrate: string;
}

/** One worker of a mining account, with its hashrate over the range read (TH/s). */
export interface WorkerView {
  name: string;
  /** The exchange names it among the workers online now. */
  online: boolean;
  /** Its latest hashrate, TH/s ("0" when it has none). */
  hashrate: string;
  /** Its hashrate went to zero: the latest point is zero, or the exchange no longer names it online. */
  quiet: boolean;
  /** Oldest first. */
  points: HashratePointView[];
}

/** The workers of a mining account one by one, and the account's own hashrate (H/s), over a range. */
export interface MiningWorkersView {
  miningAccount: string;
  /** The hours read, back from `readAtMs`. */
  hours: number;
  /** The length of each point: 5 minutes for a few hours, an hour beyond. */
  interval: '5m' | '1h';
  readAtMs: number;
  /** Quiet ones first, then by name. */
  workers: WorkerView[];
  /** The account's hashrate in H/s, oldest first. */
  total: HashratePointView[];
}

/** Where a mining account's rewards are paid. */
export interface PayoutDestinationView {
  miningAccount: string;
  destination: 'main_balance' | 'external_address';
  /** The external BTC address; null for the main balance. */
  address: string | null;
}

/** The whole mining pool as the exchange describes it (hashrates in H/s, times in ms). */
export interface MiningPoolView {
  workers: number;
  hashrate: string;
  location: string | null;
  assets: string[];
  rewardSchemes: string[];
  connectionLinks: string[];
  /** Each of the last seven days at its start, oldest first. */
  lastDays: HashratePointView[];
  blocks: Array<{ foundAtMs: number; height: number }>;
}
