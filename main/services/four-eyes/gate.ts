/**
 * Main's check before it signs anything for a team's account, whichever screen, hotkey or batch asked:
 * the operator's role on the desk must cover the request (`policy/desk-roles.ts`), and a request the
 * desk's policy puts under four eyes (`policy/desk-policy.ts`) is signed only under an approved
 * proposal of exactly that request: its hash matches, it is unexpired, unused and approved by another
 * operator, and its use is recorded in the team store (with the signed-request entry naming both
 * operators) before the request goes. Without the store, such a request waits: it is never sent alone.
 */
import { UserFacingError } from '../../errors.ts';
import { requestHash } from '../../exchange/request-hash.ts';
import type { SignGate, SignRequest, SignedWith } from '../../exchange/sign-gate.ts';
import { approvalKind, KIND_WORDS, roleForKind, type FourEyesKind } from '../../policy/desk-policy.ts';
import { refusedBy, roleForPath, roleForSocketMethod, type RoleRule } from '../../policy/desk-roles.ts';
import { useApproval } from '../../team/approvals.ts';
import type { TeamStore } from '../../team/store.ts';
import type { AccountRegistry } from '../../vault/registry.ts';
import type { DeskRules } from './desk-rules.ts';

/** A request as it will be signed: the path and its fields (no nonce). */
export interface PlannedRequest {
  readonly path: string;
  readonly fields: Record<string, unknown>;
}

export interface DeskGateOptions {
  rules: DeskRules;
  registry: AccountRegistry;
  /** The running exchange connection's id (the registry's keys are per connection). */
  connectionId: string;
  /** The team store while this profile is joined (connected or not). */
  store: () => TeamStore | undefined;
}

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export class DeskGate {
  readonly #o: DeskGateOptions;

  constructor(options: DeskGateOptions) {
    this.#o = options;
  }

  /** The transport's check of every signed REST request (`ExchangeHttp.useSignGate`). */
  readonly signGate: SignGate = async (request) => {
    // A profile that never joined a team works alone: nothing to look up (this runs for every request).
    if (!this.#o.rules.state) return undefined;
    const account = this.#o.registry.idForKey(this.#o.connectionId, request.apiKey);
    if (!this.#o.rules.governs(account, request.apiKey)) return undefined;
    this.#requireRole(roleForPath(request.path));
    const kind = approvalKind(this.#o.rules.policy, request.path, request.fields);
    if (!kind) return undefined;
    return this.#signWithApproval(request, kind, account);
  };

  /** The check of every order method on an account's WebSocket (`LiveService.useOrderGate`). */
  readonly orderGate = (accountId: string, method: string): void => {
    const apiKey = this.#o.registry.get(accountId)?.apiKey;
    if (!this.#o.rules.governs(accountId, apiKey)) return;
    this.#requireRole(roleForSocketMethod(method));
  };

  /**
   * What a service is about to send for `accountId`: the kind of approval it needs first, or undefined
   * when the operator may send it alone. Refuses, in words, a request the operator's role does not cover.
   */
  assess(accountId: string, request: PlannedRequest): FourEyesKind | undefined {
    const apiKey = this.#o.registry.get(accountId)?.apiKey;
    if (!this.#o.rules.governs(accountId, apiKey)) return undefined;
    this.#requireRole(roleForPath(request.path));
    return approvalKind(this.#o.rules.policy, request.path, request.fields);
  }

  #requireRole(rule: RoleRule | undefined): void {
    const refusal = refusedBy(this.#o.rules.roles, rule);
    if (refusal) throw new UserFacingError('role_required', refusal);
  }

  /** The sentence of a request that needs an approval it cannot have now; `why` says what is missing. */
  waits(kind: FourEyesKind, accountId: string | undefined): UserFacingError {
    const label = (accountId && this.#o.registry.get(accountId)?.label) ?? 'this account';
    const what = `${capital(KIND_WORDS[kind])} from "${label}" needs another ${roleForKind(kind)}'s approval`;
    const store = this.#o.store();
    if (!store)
      return new UserFacingError(
        'approval_waits',
        `"${label}" is an account of the team desk ${this.#o.rules.state?.name ?? ''}, which this computer left: ${KIND_WORDS[kind]} from it needs another ${roleForKind(kind)}'s approval, so it waits until this computer joins the desk again. Nothing was sent.`,
      );
    return new UserFacingError(
      'approval_waits',
      `${what}, and the team server cannot be reached now: it waits until the team desk is back. Nothing was sent.`,
    );
  }

  async #signWithApproval(
    request: SignRequest,
    kind: FourEyesKind,
    account: string | undefined,
  ): Promise<SignedWith> {
    const ticket = request.approval;
    const store = this.#o.store();
    if (!store?.connected) throw this.waits(kind, account);
    if (!ticket) {
      const label = (account && this.#o.registry.get(account)?.label) ?? 'this account';
      throw new UserFacingError(
        'approval_needed',
        `${capital(KIND_WORDS[kind])} from "${label}" needs another ${roleForKind(kind)}'s approval first (the desk's four-eyes policy): nothing was sent. Ask for it from the screen it is made on; it then waits in Approvals.`,
      );
    }
    const hash = requestHash(request.path, request.fields);
    if (hash !== ticket.hash)
      throw new UserFacingError(
        'approval_mismatch',
        'What would be signed is not what was approved: nothing was sent.',
      );
    // A retry of the very request this send already used the approval for (a lost answer looked up).
    if (ticket.used) return { proposal: ticket.proposal, approvedBy: ticket.used.approvedBy };
    const approvedBy = await useApproval(store, ticket.proposal, hash, {
      atMs: Date.now(),
      account: account ?? 'unregistered',
      path: request.path,
    });
    ticket.used = { approvedBy };
    return { proposal: ticket.proposal, approvedBy };
  }
}
