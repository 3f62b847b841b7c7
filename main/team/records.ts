/**
 * What the team store answers with: the team's operators and a teammate's change of the desk as this
 * app took it. The windows read them as they are (`views/team.ts` re-exports them).
 */
import type { DeskRole } from '../policy/kinds.ts';

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
  roles: DeskRole[];
}

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
