/**
 * What main checks before it signs a request, apart from the request's own rules: the team desk's
 * roles and four eyes (`services/four-eyes/gate.ts`). The transport asks the gate once per call,
 * before the first attempt: a refusal is thrown and nothing is signed or sent. A request signed with
 * an approval carries its ticket; the gate records the approval's use before it answers.
 */
import type { RequestFields } from './signer.ts';

/** An approved proposal, held by the one send that may use it (retries of the same request included). */
export interface ApprovalTicket {
  /** The proposal's id in the team store. */
  readonly proposal: string;
  /** The SHA-256 of the request as approved (`request-hash.ts`). */
  readonly hash: string;
  /** Set by the gate once the use is recorded: a retry of the same request is not a second use. */
  used?: { approvedBy: string };
}

export interface SignRequest {
  readonly apiKey: string;
  readonly path: string;
  readonly fields: RequestFields;
  readonly approval?: ApprovalTicket | undefined;
}

/** The approval a request was signed with, for the signed-request log (both names). */
export interface SignedWith {
  readonly proposal: string;
  readonly approvedBy: string;
}

/** Resolves when the request may be signed (with the approval it used); rejects with the refusal. */
export type SignGate = (request: SignRequest) => Promise<SignedWith | undefined>;
