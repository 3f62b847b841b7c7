/**
 * The sub-accounts' withdrawals the exchange holds for the main account: the waiting list, with the
 * desk's labels, and letting one go, after main's own question naming the sub-account, the amount and
 * when it was asked. It moves funds out of the desk: on a team desk it is a treasurer's and needs a
 * second operator (`policy/desk-policy.ts`), so it is proposed instead, and sent exactly as approved.
 * The request names the withdrawal by id only: whoever reads the proposal, and whoever sends it, reads
 * what it is from the exchange's waiting list with their own app.
 */
import * as admin from '../../exchange/endpoints/sub-account-admin.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import { REST } from '../../exchange/registry/index.ts';
import { UserFacingError } from '../../errors.ts';
import type { Confirmation, Platform } from '../../platform.ts';
import { grouped } from '../../rules/words.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import type { Approvals } from '../../services/four-eyes/approvals.ts';
import type { Fact } from '../../services/four-eyes/describe.ts';
import type { ProposedView } from '../../views/approvals.ts';
import type { ApprovalView, WithdrawalLetGoView } from '../../views/subaccounts.ts';
import { mainKey } from './main-key.ts';

const PAGE = 100;
const MAIN_NEEDED =
  "The sub-accounts' waiting withdrawals are the main account's to let go: add the main account's key first.";

/** When a withdrawal was asked, in UTC to the minute: the same words on every operator's screen. */
const askedAt = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The facts of a waiting withdrawal, as the exchange lists it now. */
function waitingFacts(w: ApprovalView): Fact[] {
  return [
    { label: 'Sub-account', value: w.label ? `${w.label} (id ${w.subAccountId})` : w.subAccountId },
    { label: 'Amount', value: `${grouped(w.amount)} ${w.ticker}` },
    { label: 'Asked', value: askedAt(w.createdAtMs) },
  ];
}

export class WithdrawalApprovals {
  readonly #accounts: AccountService;
  readonly #platform: Platform;
  readonly #approvals: Approvals | undefined;

  constructor(accounts: AccountService, platform: Platform, approvals?: Approvals) {
    this.#accounts = accounts;
    this.#platform = platform;
    this.#approvals = approvals;
    // Whoever reads a proposal sees what the exchange holds under its id now.
    approvals?.useFacts(REST.subAccountWithdrawConfirm.path, async ({ body }) => {
      const w = await this.#find((await this.#main()).caller, body.id);
      return w ? waitingFacts(w) : [{ label: 'At the exchange', value: 'no longer waiting' }];
    });
    // A teammate approved it: sent exactly as proposed, while the exchange still holds it.
    approvals?.useSender(REST.subAccountWithdrawConfirm.path, async ({ caller, body }) => {
      const w = await this.#waiting(caller, body.id);
      await admin.confirmWithdrawal(caller, w.id);
      return `The withdrawal of ${grouped(w.amount)} ${w.ticker} from ${w.label ?? w.subAccountId} is let go: the exchange sends it.`;
    });
  }

  #main() {
    return mainKey(this.#accounts, MAIN_NEEDED);
  }

  /** Every waiting withdrawal, newest first, page by page. */
  async list(): Promise<ApprovalView[]> {
    return this.#read((await this.#main()).caller);
  }

  async #read(caller: KeyCaller): Promise<ApprovalView[]> {
    const main = this.#accounts.mainAccount(MAIN_NEEDED);
    const names = new Map<string, string>();
    for (const a of this.#accounts.registry.list())
      if (a.subAccountId && a.connection === main.connection) names.set(a.subAccountId, a.label);
    const out: ApprovalView[] = [];
    for (let offset = 0; offset < 10_000; offset += PAGE) {
      const page = await admin.unconfirmedWithdrawals(caller, { limit: PAGE, offset });
      for (const w of page)
        out.push({
          id: w.id,
          subAccountId: w.subAccountId,
          label: names.get(w.subAccountId) ?? null,
          ticker: w.currency,
          amount: w.amount,
          createdAtMs: w.createdAt * 1000,
        });
      if (page.length < PAGE) break;
    }
    return out.sort((a, b) => b.createdAtMs - a.createdAtMs);
  }

  async #find(caller: KeyCaller, id: string): Promise<ApprovalView | undefined> {
    return (await this.#read(caller)).find((w) => w.id === id);
  }

  /** The withdrawal as the exchange holds it now; refused when it no longer waits. */
  async #waiting(caller: KeyCaller, id: string): Promise<ApprovalView> {
    const w = await this.#find(caller, id);
    if (!w)
      throw new UserFacingError(
        'not_found',
        'This withdrawal no longer waits for the main account: it was let go or withdrawn. Read the list again.',
        'id',
      );
    return w;
  }

  /**
   * Lets one waiting withdrawal go, once main's question is answered; on a team desk it is proposed
   * instead and the proposal answered.
   */
  async letGo(id: string): Promise<WithdrawalLetGoView | ProposedView> {
    const main = await this.#main();
    const w = await this.#waiting(main.caller, id);
    const question: Confirmation = {
      title: `Let ${grouped(w.amount)} ${w.ticker} leave sub-account ${w.label ?? w.subAccountId}?`,
      facts: [...waitingFacts(w), { label: 'Waiting withdrawal', value: w.id }],
      action: 'Let it go',
      cancel: 'Keep it waiting',
      warning: 'The exchange sends it at once to the address the sub-account gave: it cannot be undone.',
    };
    const proposed = await this.#approvals?.proposeIfCovered(
      main.record.id,
      (c) => admin.confirmWithdrawal(c, w.id),
      question,
    );
    if (proposed) return proposed;
    await requireConfirmation(this.#platform, question);
    await admin.confirmWithdrawal(main.caller, w.id);
    return { letGo: w };
  }
}
