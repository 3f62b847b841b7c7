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

export type { TeamChangeView, TeamMemberView } from '../team/records.ts';
