/** The kinds of record the vault keeps beside deals, positions, borrows and mining (no imports: the main thread reads it). */
export const VAULT_KINDS = ['orders', 'closed_pnl', 'funding', 'wallet', 'transfers', 'converts'] as const;
export type VaultKind = (typeof VAULT_KINDS)[number];
