import type { ProposedView } from '../../../../main/ipc/contract.ts';
import { formatClock } from './time.ts';

/** A money move or key change that main proposed for a second operator's approval instead of sending. */
export function isProposed<T extends object>(value: T | ProposedView): value is ProposedView {
  return 'proposed' in value && Array.isArray(value.proposed);
}

/** What the person reads once it is proposed: what waits, for whom, until when, and where. */
export function proposedWords(value: ProposedView): string {
  const [first] = value.proposed;
  if (!first) return 'Nothing was proposed.';
  const until = formatClock(first.expiresAtMs);
  const treasurers: readonly string[] = ['withdrawal', 'code', 'transfer', 'payout', 'sub_withdrawal'];
  const who = treasurers.includes(first.kind) ? 'treasurer' : 'admin';
  const what = value.proposed.length === 1 ? `"${first.title}"` : `${String(value.proposed.length)} requests`;
  return `Asked for approval: ${what} wait${value.proposed.length === 1 ? 's' : ''} in Approvals for another ${who} until ${until}. Once approved, it is sent from there; nothing has been sent yet.`;
}
