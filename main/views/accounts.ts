/** The result and payload types of the registered accounts (plain data). */

/** A registered account as the renderer sees it: never the secret, the public key only hinted. */
export interface AccountView {
  id: string;
  label: string;
  kind: 'main' | 'sub';
  subAccountId: string | null;
  /** First and last characters of the public key, e.g. `4f2a…9c1e`. */
  apiKeyHint: string;
  connection: string;
  groups: string[];
  tags: string[];
  favourite: boolean;
  /** A webhook key is set up for this account. */
  webhook: boolean;
  /** Registered from the exchange's sub-account list: its key pair must still be entered (Replace key). */
  needsKey?: true;
  /** The account has a key, but its secret is not in this operator's keychain (a teammate holds it). */
  keyElsewhere?: true;
  /** In a team desk: the operators whose keychain holds the account's current key. */
  keyHolders?: string[];
  /** The exchange has this sub-account blocked: its keys are refused there until it is unblocked. */
  blocked?: true;
}

export interface ImportReport {
  /** The file read, or null when the user cancelled the dialog. */
  file: string | null;
  rows: Array<{ line: number; label: string; ok: boolean; error?: string; field?: string }>;
}

/**
 * The key of an account a teammate removed from the team desk, still in this keychain: kept until
 * this operator deletes it (`accounts.deleteRemovedKey`, after main's own question).
 */
export interface RemovedKeyView {
  id: string;
  label: string;
  kind: 'main' | 'sub';
  subAccountId: string | null;
  /** First and last characters of the public key. */
  apiKeyHint: string;
  /** Who removed the account from the desk, and when (ms, by the team server's clock). */
  removedBy: string;
  removedAtMs: number;
}
