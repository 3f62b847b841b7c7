/** The result and payload types of the team desk (plain data). */

/** This profile's team desk: off, or joined with the connection's state in words. */
export interface TeamView {
  joined: boolean;
  host?: string;
  port?: number;
  database?: string;
  /** The operator's name in the team (their login role on the server). */
  operator?: string;
  /** The CA file the server is checked against; null: no TLS (a server on this computer). */
  caFile?: string | null;
  status?: 'connecting' | 'connected' | 'unreachable' | 'refused';
  /** Since when it is in this state (ms since the epoch): connected since, not reachable since. */
  sinceMs?: number;
  /** Why it is not connected, in one sentence. */
  problem?: string;
}

/** What joining asks: the server, the database, the operator; the password comes from the clipboard. */
export interface TeamJoinInput {
  host: string;
  port: number;
  database: string;
  operator: string;
  /** `chosen`: the CA picked with `team.chooseCaFile`; `kept`: the one of the current settings; `none`: no TLS. */
  ca: 'chosen' | 'kept' | 'none';
}

/** One operator of the team, as the Team screen lists them. */
export interface TeamMemberView {
  name: string;
  /** This operator. */
  you: boolean;
  /** An app of theirs is connected to the desk now. */
  online: boolean;
  /** When their app last connected (ms), null when never. */
  lastSeenMs: number | null;
  /** How many of the desk's keys they hold. */
  keys: number;
  /** The desk's group roles they are a member of, in this order: viewer, trader, treasurer, admin. */
  roles: TeamRole[];
}

export type TeamRole = 'viewer' | 'trader' | 'treasurer' | 'admin';

/**
 * A change a teammate made to the desk (an account's label, sub-account id or key, its removal; the
 * address book; the order guards) as this app took it, or refused it: for the Events list.
 */
export interface TeamChangeView {
  /** When it was made, by the team server's clock (ms since the epoch). */
  atMs: number;
  /** The operator who made it. */
  by: string;
  what: 'account' | 'address-book' | 'order-guards' | 'alerts';
  /** The account it is about, while it is registered here. */
  account?: string;
  title: string;
  words: string;
  /** `warning`: refused, or a removal whose key is kept here. */
  level: 'info' | 'warning';
}
