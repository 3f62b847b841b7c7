/** The result and payload types of the exchange connection (plain data). */

export interface ConnectionStatus {
  /** The `connection` its accounts carry: `sandbox`, or the REST and WebSocket addresses together. */
  id: string;
  kind: 'sandbox' | 'live';
  restUrl: string;
  wsUrl: string;
}

/** The saved connection choice beside the running one. */
export interface ConnectionSettingsView {
  choice: { kind: 'sandbox' } | { kind: 'live'; restUrl: string; wsUrl: string };
  /** The saved choice differs from the running connection: it applies at the next start. */
  restartNeeded: boolean;
  /** The desktop can restart the app itself (not in a browser test host). */
  canRestart: boolean;
}

/** Whether the exchange's REST API answers: not asked yet, answering, or not reachable. */
export type ReachState = 'checking' | 'reachable' | 'unreachable';

/** An account whose key the exchange refuses while the exchange itself answers. */
export interface AccountTroubleView {
  account: string;
  /** `key_disabled`, `no_permission` (for some function) or `key_refused` (signature, unknown key). */
  kind: 'key_disabled' | 'no_permission' | 'key_refused';
  /** The sentence the exchange's refusal was read as. */
  message: string;
  sinceMs: number;
}

/**
 * What the app knows of its connections now, pushed as `connection.health` whenever it changes: the
 * core (answering, or this would not arrive), the exchange's REST API, the WebSockets per account and
 * the accounts whose keys are refused.
 */
export interface ConnectionHealthView {
  exchange: {
    state: ReachState;
    /** When the state began (ms). */
    sinceMs: number;
    /** The last time the exchange answered anything (ms), null when never. */
    lastAnswerMs: number | null;
    /** Why it is unreachable, in words (no internal codes). */
    reason?: string;
  };
  /**
   * WebSockets by state, idle ones left out: `opening` have not been live since they were asked for
   * (a board opening a desk's sockets at the exchange's pace), `down` were live and are reconnecting.
   */
  sockets: { live: number; opening: number; down: number };
  /** Accounts whose key the exchange refused (disabled, no permission), newest first. */
  accounts: AccountTroubleView[];
}
