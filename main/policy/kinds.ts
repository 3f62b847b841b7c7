/**
 * The team desk's roles and the kinds of four-eyes approval, named once: the policy, the team store,
 * the services and the windows (through the contract) all read these. No imports, so the renderer's
 * type-check can read them.
 */

/** An operator's part in the desk: reads, trades, moves funds, manages accounts and policies. */
export type DeskRole = 'viewer' | 'trader' | 'treasurer' | 'admin';

/** What a proposal asks a second operator to approve. */
export type FourEyesKind =
  | 'withdrawal'
  | 'code'
  | 'transfer'
  | 'payout'
  | 'sub_withdrawal'
  | 'key_permissions'
  | 'key_reset'
  | 'key_withdrawal'
  | 'policy'
  | 'guards';
