/**
 * Four eyes as the operators use it: a request the desk's policy covers is proposed (exactly as it
 * will be signed, its hash, an expiry) after main's own question; another operator reads it in their
 * app, worked out from those fields, and approves or rejects it with a reason, in main's question
 * again; then an operator holding the key sends it, exactly as approved: the sign gate records the
 * approval's use with the signed-request entry before the request goes. A policy change is applied
 * the same way, by the team store itself.
 */
import type { GuardSettingsView } from '../../views/guards.ts';
import type { ApprovalSentView, DeskRulesView, ProposalView, ProposedView } from '../../views/approvals.ts';
import { captureRequest, type CapturedRequest } from '../../exchange/endpoints/capture.ts';
import { DESK } from '../../exchange/registry/index.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import { requestHash } from '../../exchange/request-hash.ts';
import { UserFacingError } from '../../errors.ts';
import type { Confirmation, Platform } from '../../platform.ts';
import {
  approvalKind,
  checkPolicy,
  GUARDS_PATH,
  POLICY_PATH,
  roleForKind,
  type DeskPolicy,
  type FourEyesKind,
} from '../../policy/desk-policy.ts';
import {
  insertDecision,
  insertProposals,
  listProposals,
  readProposal,
  whyNotUsable,
  type ProposalRow,
} from '../../team/approvals.ts';
import type { GuardChange } from '../../rules/guard-changes.ts';
import { refusedBy } from '../../policy/desk-roles.ts';
import { applyGuards } from '../../team/desk-guards.ts';
import { applyPolicy } from '../../team/desk-policies.ts';
import { TeamProblem } from '../../team/problems.ts';
import type { TeamStore } from '../../team/store.ts';
import type { AccountService } from '../accounts.ts';
import { requireConfirmation } from '../confirm.ts';
import type { DeskRules } from './desk-rules.ts';
import type { DeskGate } from './gate.ts';
import { bodyProblem, type GuardsProposal, type PolicyProposal, type SentPath } from './bodies.ts';
import { policyFacts, type Names } from './describe.ts';
import { PathHandlers, sentBody, type ApprovedSender, type FactsReader } from './path-handlers.ts';
import { proposalView } from './proposal-view.ts';

export type { ApprovedSender, FactsReader };

export interface ApprovalsOptions {
  gate: DeskGate;
  rules: DeskRules;
  accounts: AccountService;
  platform: Platform;
  /** The team store while this profile is joined. */
  store: () => TeamStore | undefined;
}

const NOT_JOINED = new TeamProblem(
  'not_joined',
  'This computer has not joined a team desk: see Settings → Team desk.',
);

export class Approvals {
  readonly #o: ApprovalsOptions;
  readonly #paths = new PathHandlers();
  #book: Names['book'];

  constructor(options: ApprovalsOptions) {
    this.#o = options;
  }

  /** The desk's address book, which a withdrawal's address is looked up in for whoever reads it. */
  useAddressBook(book: Names['book']): void {
    this.#book = book;
  }

  /** How an approved request of `path` is sent (each service registers its own). */
  useSender<P extends SentPath>(path: P, sender: ApprovedSender<P>): void {
    this.#paths.useSender(path, sender);
  }

  /** What the exchange says now of a proposal of `path`, read by whoever reads the proposal. */
  useFacts<P extends SentPath>(path: P, reader: FactsReader<P>): void {
    this.#paths.useFacts(path, reader);
  }

  /**
   * Before a service asks its question and sends: when the desk's policy puts the request `run` would
   * sign for `accountId` under four eyes, it is proposed instead (after the question, asked as a
   * proposal) and the proposal answered; undefined when the operator sends it alone. A request the
   * operator's role does not cover is refused here, before any question.
   */
  async proposeIfCovered(
    accountId: string,
    run: (caller: KeyCaller) => Promise<unknown>,
    question: Confirmation,
  ): Promise<ProposedView | undefined> {
    const account = this.#o.accounts.registry.get(accountId);
    if (!this.#o.rules.governs(accountId, account?.apiKey)) return undefined;
    const request = await captureRequest(run);
    if (!this.#o.gate.assess(accountId, request)) return undefined;
    return this.propose(accountId, [request], question);
  }

  /** As `proposeIfCovered`, for many requests of one account asked in one question (a key edit on many keys). */
  async proposeAllIfCovered(
    accountId: string,
    runs: ReadonlyArray<(caller: KeyCaller) => Promise<unknown>>,
    question: Confirmation,
  ): Promise<ProposedView | undefined> {
    const account = this.#o.accounts.registry.get(accountId);
    if (!this.#o.rules.governs(accountId, account?.apiKey) || runs.length === 0) return undefined;
    const requests: CapturedRequest[] = [];
    for (const run of runs) requests.push(await captureRequest(run));
    const covered = requests.filter((r) => this.#o.gate.assess(accountId, r));
    if (covered.length === 0) return undefined;
    if (covered.length < requests.length)
      throw new UserFacingError(
        'approval_needed',
        'Some of these changes need a second operator and some do not: make them separately.',
      );
    return this.propose(accountId, requests, question);
  }

  /** The store, connected: the approvals live there. */
  #store(): TeamStore {
    const store = this.#o.store();
    if (!store) throw NOT_JOINED;
    if (!store.connected)
      throw new UserFacingError(
        'team_unreachable',
        'The approvals are kept on the team server, which cannot be reached now: they show again when it is back.',
      );
    return store;
  }

  #view(row: ProposalRow): ProposalView {
    const store = this.#o.store();
    return proposalView(row, {
      operator: store?.operator ?? '',
      roles: this.#o.rules.roles,
      registry: this.#o.accounts.registry,
      deskId: store?.deskId,
      connected: store?.connected ?? false,
      ...(this.#book ? { book: this.#book } : {}),
    });
  }

  async #read(store: TeamStore, id: string): Promise<{ row: ProposalRow; view: ProposalView }> {
    const row = await readProposal(store, id);
    if (!row) throw new UserFacingError('not_found', 'The team desk has no such proposal.');
    return { row, view: await this.#paths.withFacts(row, this.#view(row)) };
  }

  rules(): DeskRulesView {
    const state = this.#o.rules.state;
    const policy = this.#o.rules.policy;
    return {
      active: state !== undefined,
      roles: [...this.#o.rules.roles],
      policy,
      ...(state?.policySet ? { policySet: state.policySet } : {}),
      facts: policyFacts(policy),
    };
  }

  async list(): Promise<ProposalView[]> {
    const views: ProposalView[] = [];
    for (const row of await listProposals(this.#store()))
      views.push(await this.#paths.withFacts(row, this.#view(row)));
    return views;
  }

  /**
   * Proposes `requests` of `accountId` (one question for all, one transaction): each exactly as it
   * will be signed. `question` is the one the request would have been sent after; it is asked as a
   * proposal.
   */
  async propose(
    accountId: string,
    requests: readonly CapturedRequest[],
    question: Confirmation,
  ): Promise<ProposedView> {
    const kinds = requests.map((r) => approvalKind(this.#o.rules.policy, r.path, r.fields));
    const kind = kinds[0];
    if (!kind || kinds.some((k) => k === undefined))
      throw new Error('proposed a request the policy does not cover');
    const store = this.#o.store();
    if (!store?.connected) throw this.#o.gate.waits(kind, accountId);
    const minutes = this.#o.rules.policy.approvalMinutes;
    const role = roleForKind(kind);
    await requireConfirmation(this.#o.platform, {
      title: `Ask another ${role} to approve: ${question.title}`,
      facts: [
        ...question.facts,
        {
          label: 'Four eyes',
          value: `another ${role} approves it within ${String(minutes)} minutes; then an operator holding the key sends it`,
        },
      ],
      action: 'Ask for approval',
      ...(question.warning ? { warning: question.warning } : {}),
    });
    const ids = await insertProposals(
      store,
      requests.map((r, i) => ({
        kind: kinds[i] as FourEyesKind,
        account: accountId,
        path: r.path,
        body: r.fields,
        hash: requestHash(r.path, r.fields),
        summary: question.title,
      })),
      minutes,
    );
    const proposed: ProposalView[] = [];
    for (const id of ids) proposed.push((await this.#read(store, id)).view);
    return { proposed };
  }

  /** A new policy, proposed by an admin: another admin approves it; it applies once sent. */
  async proposePolicy(policy: DeskPolicy): Promise<ProposedView> {
    const issue = checkPolicy(policy);
    if (issue) throw new UserFacingError('invalid_input', issue.message, issue.field);
    const refused = refusedBy(this.#o.rules.roles, DESK.policy.desk);
    if (refused) throw new UserFacingError('role_required', refused);
    const store = this.#store();
    const deskId = store.deskId;
    if (!deskId) throw NOT_JOINED;
    const body: PolicyProposal = {
      policy,
      replaces: this.#o.rules.state?.policyFrom ?? null,
    };
    return this.propose(deskId, [{ path: POLICY_PATH, fields: body }], {
      title: "Change the desk's four-eyes policy?",
      facts: policyFacts(policy),
      action: 'Change policy',
    });
  }

  /**
   * Order guards that ask less than the desk's, proposed by an admin (`GuardSettingsStore.configure`
   * on a team desk): another admin approves them; they apply, on every operator's app, once sent.
   */
  async proposeGuards(
    before: GuardSettingsView,
    next: GuardSettingsView,
    changes: readonly GuardChange[],
  ): Promise<ProposedView> {
    const refused = refusedBy(this.#o.rules.roles, DESK.guards.desk);
    if (refused) throw new UserFacingError('role_required', refused);
    const store = this.#store();
    if (!store.deskId) throw NOT_JOINED;
    const body: GuardsProposal = { settings: next, replaces: before };
    return this.propose(store.deskId, [{ path: GUARDS_PATH, fields: body }], {
      title: "Loosen the desk's order guards?",
      facts: changes.map(({ label, value }) => ({ label, value })),
      action: 'Loosen the guards',
      warning: "Orders beyond the old limits will be sent without asking first, on every operator's app.",
    });
  }

  async decide(id: string, decision: 'approved' | 'rejected', reason = ''): Promise<ProposalView> {
    const store = this.#store();
    const { row, view } = await this.#read(store, id);
    if (!view.canDecide)
      throw new UserFacingError(
        'cannot_decide',
        view.why ?? `It is ${view.state} already: nothing to decide.`,
      );
    if (decision === 'rejected' && reason.trim() === '')
      throw new UserFacingError('invalid_input', 'Say why it is rejected: the proposer reads it.', 'reason');
    const approve = decision === 'approved';
    await requireConfirmation(this.#o.platform, {
      title: `${approve ? 'Approve' : 'Reject'} ${row.proposer}'s proposal: ${view.title}?`,
      facts: [
        { label: 'Account', value: view.account.label },
        ...view.facts,
        { label: 'Proposed by', value: row.proposer },
        { label: 'Request hash', value: row.request_hash },
        ...(approve ? [] : [{ label: 'Reason', value: reason.trim() }]),
      ],
      action: approve ? 'Approve' : 'Reject',
      ...(approve
        ? {
            warning: `Once approved, ${row.proposer} or another ${roleForKind(row.kind)} holding the key can send exactly this.`,
          }
        : {}),
    });
    await insertDecision(store, { proposal: id, decision, reason: reason.trim(), hash: row.request_hash });
    return (await this.#read(store, id)).view;
  }

  /** Sends an approved proposal exactly as approved; the approval's use is recorded before it goes. */
  async send(id: string): Promise<ApprovalSentView> {
    const store = this.#store();
    const { row, view } = await this.#read(store, id);
    if (!view.canSend) {
      // Not approved (yet or at all): the same words the gate gives; approved: why not by this operator.
      const why = view.state === 'approved' ? view.why : whyNotUsable(row, row.request_hash, store.operator);
      throw new UserFacingError('cannot_send', why ?? 'It cannot be sent.');
    }
    await requireConfirmation(this.#o.platform, {
      title: `Send: ${view.title}?`,
      facts: [
        { label: 'Account', value: view.account.label },
        ...view.facts,
        { label: 'Proposed by', value: row.proposer },
        { label: 'Approved by', value: row.decider ?? '' },
        { label: 'Request hash', value: row.request_hash },
      ],
      action: 'Send',
      ...(view.warning ? { warning: view.warning } : {}),
    });
    const result =
      row.kind === 'policy'
        ? await applyPolicy(store, row)
        : row.kind === 'guards'
          ? await applyGuards(store, row)
          : await this.#sendRequest(row);
    return { proposal: (await this.#read(store, id)).view, result };
  }

  async #sendRequest(row: ProposalRow): Promise<string> {
    const sender = this.#paths.sender(row.path);
    const body = sentBody(row);
    if (!sender || !body)
      throw new UserFacingError(
        'cannot_send',
        `This request ${bodyProblem(row.kind, row.path, row.body) ?? 'is not one this app sends'}: it cannot be sent here.`,
      );
    const caller = (await this.#o.accounts.caller(row.account)).withApproval({
      proposal: row.id,
      hash: row.request_hash,
    });
    return sender({ caller, body: body as never, accountId: row.account });
  }
}
