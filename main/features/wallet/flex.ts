/** One account's flex investments: the list, and closing an ACTIVE one after main's confirmation. */
import * as flex from '../../exchange/endpoints/flex.ts';
import { UserFacingError } from '../../errors.ts';
import type { FlexInvestmentView } from '../../views/wallet.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';

const PAGE = 100;
const MOST = 1_000;

function view(f: flex.FlexInvestment): FlexInvestmentView {
  return {
    plan: f.planId,
    ...(f.id === undefined ? {} : { id: f.id }),
    ticker: f.currency ?? '',
    invested: f.invested ?? null,
    status: flex.isActive(f) ? 'ACTIVE' : 'CLOSED',
    autoReinvest: f.withAutoReinvest ?? false,
    createdAt: f.createdAt ?? null,
  };
}

export class FlexInvestments {
  readonly #accounts: AccountService;
  readonly #platform: Platform;

  constructor(accounts: AccountService, platform: Platform) {
    this.#accounts = accounts;
    this.#platform = platform;
  }

  /** The account's investments (ACTIVE first, newest first within each), every page read. */
  async list(accountId: string, status: 'active' | 'closed' | 'all' = 'all'): Promise<FlexInvestmentView[]> {
    const caller = await this.#accounts.caller(accountId);
    const filter =
      status === 'all' ? {} : { investmentStatus: status === 'active' ? (1 as const) : (0 as const) };
    const out: FlexInvestmentView[] = [];
    for (let offset = 0; offset < MOST; offset += PAGE) {
      const page = await flex.investments(caller, { ...filter, limit: PAGE, offset });
      out.push(...page.map(view));
      if (page.length < PAGE) break;
    }
    return out.sort(
      (a, b) =>
        Number(b.status === 'ACTIVE') - Number(a.status === 'ACTIVE') ||
        (b.createdAt ?? 0) - (a.createdAt ?? 0),
    );
  }

  /**
   * Closes an ACTIVE investment (all its funds return to the main balance) once confirmed in main's
   * dialog with the amount and currency the exchange lists for it; a plan not listed as ACTIVE is refused.
   */
  async close(accountId: string, plan: string): Promise<{ plan: string; transactionId: string }> {
    const account = this.#accounts.onThisConnection(accountId);
    const caller = await this.#accounts.caller(accountId);
    const listed = (await flex.investments(caller, { plan, limit: PAGE })).map(view);
    const investment = listed.find((i) => i.plan === plan);
    if (!investment)
      throw new UserFacingError('not_found', 'The exchange lists no investment with that plan.', 'plan');
    if (investment.status !== 'ACTIVE')
      throw new UserFacingError('invalid_input', 'That investment is already closed.', 'plan');
    const amount = investment.invested ? `${investment.invested} ${investment.ticker}` : investment.ticker;
    await requireConfirmation(this.#platform, {
      title: `Close the flex investment of ${amount}?`,
      facts: [
        { label: 'Account', value: account.label },
        { label: 'Currency', value: investment.ticker || 'not listed' },
        { label: 'Invested', value: investment.invested ?? 'not listed' },
        { label: 'Plan', value: plan },
        { label: 'Funds go to', value: 'Main balance, all of them' },
      ],
      action: 'Close investment',
      warning: 'Closing ends the investment: interest stops, and re-investing needs a new one.',
    });
    return { plan, transactionId: await flex.closeInvestment(caller, plan) };
  }
}
