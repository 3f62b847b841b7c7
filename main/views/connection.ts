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
  /** The platform's own word on itself (`public/platform/status`); undefined until it was read. */
  platform?: PlatformView;
  /** This computer's clock against the exchange's (`public/time`); undefined until it was read. */
  clock?: ClockView;
}

/** The exchange's platform in planned maintenance, and since when the app knows it (ms). */
export interface PlatformView {
  maintenance: boolean;
  sinceMs: number;
}

/**
 * How far the exchange's clock is from this computer's: signed requests carry this computer's time as
 * their nonce, and the exchange refuses one more than 5 s off its own clock.
 */
export interface ClockView {
  /** The exchange's clock minus this computer's (ms): positive when this computer is behind. */
  offsetMs: number;
  /** When it was measured (ms, this computer's clock). */
  checkedMs: number;
  /** `ok`; `risky`: near the limit, a signed request may be refused; `refused`: past it. */
  level: 'ok' | 'risky' | 'refused';
  /** What the offset means for signing and what to do, in words (a sentence for `ok` too). */
  message: string;
}
