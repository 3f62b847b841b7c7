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
