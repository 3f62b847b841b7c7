import type { ProposalView } from '../../../../main/ipc/contract.ts';

/** Where a proposal stands, in words a person reads at a glance. */
export function stateWords(p: ProposalView): string {
  if (p.state === 'waiting') return 'Waiting for approval';
  if (p.state === 'approved') return 'Approved, ready to send';
  if (p.state === 'rejected') return 'Rejected';
  if (p.state === 'expired') return 'Expired';
  if (p.outcome === 'ok') return 'Sent, accepted by the exchange';
  if (p.outcome === 'rejected') return 'Sent, refused by the exchange';
  if (p.outcome === 'failed') return 'Sent, no answer from the exchange';
  return 'Sent';
}

/** Who works on this kind: "another treasurer". */
export function approverWords(p: Pick<ProposalView, 'kind'>): string {
  return p.kind === 'withdrawal' || p.kind === 'code' || p.kind === 'transfer'
    ? 'another treasurer'
    : 'another admin';
}
