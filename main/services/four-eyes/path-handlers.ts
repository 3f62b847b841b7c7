/**
 * What each service tells the approvals of the exchange requests it proposes: how an approved one is
 * sent (`useSender`), and, for a body that names a thing by id only (a waiting withdrawal), what the
 * exchange says of it now, read by each reader's own app and added to the facts it shows (`useFacts`).
 * A proposal's body is read by the schema of what the app writes on its path (`bodies.ts`).
 */
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { ProposalRow } from '../../team/approvals.ts';
import type { ProposalView } from '../../views/approvals.ts';
import { SENT_BODIES, type SentBody, type SentPath } from './bodies.ts';
import type { Fact } from './describe.ts';

/** Sends one approved request with the caller that carries its approval; answers the result in words. */
export type ApprovedSender<P extends SentPath = SentPath> = (send: {
  caller: KeyCaller;
  body: SentBody<P>;
  accountId: string;
}) => Promise<string>;

/** What the exchange says now of a proposal's subject, as facts to show beside the body's own. */
export type FactsReader<P extends SentPath = SentPath> = (read: {
  body: SentBody<P>;
  accountId: string;
}) => Promise<Fact[]>;

/** The proposal's body read by the schema of what the app writes on its path; undefined: not one it sends. */
export function sentBody(row: ProposalRow): SentBody<SentPath> | undefined {
  const shape = Object.hasOwn(SENT_BODIES, row.path) ? SENT_BODIES[row.path as SentPath] : undefined;
  const body = shape?.safeParse(row.body);
  return body?.success ? (body.data as SentBody<SentPath>) : undefined;
}

export class PathHandlers {
  readonly #senders = new Map<string, ApprovedSender<never>>();
  readonly #facts = new Map<string, FactsReader<never>>();

  useSender<P extends SentPath>(path: P, sender: ApprovedSender<P>): void {
    this.#senders.set(path, sender as ApprovedSender<never>);
  }

  useFacts<P extends SentPath>(path: P, reader: FactsReader<P>): void {
    this.#facts.set(path, reader as FactsReader<never>);
  }

  sender(path: string): ApprovedSender<never> | undefined {
    return this.#senders.get(path);
  }

  /** The view with what the exchange says now of its subject, while the proposal is still to be sent. */
  async withFacts(row: ProposalRow, view: ProposalView): Promise<ProposalView> {
    const reader = this.#facts.get(row.path);
    const body = sentBody(row);
    if (!reader || !body || view.state === 'sent') return view;
    let now: Fact[];
    try {
      now = await reader({ body: body as never, accountId: row.account });
    } catch {
      now = [{ label: 'At the exchange', value: 'could not be read just now' }];
    }
    return { ...view, facts: [...view.facts, ...now] };
  }
}
