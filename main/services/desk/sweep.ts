/**
 * Sweeps: move a currency between the main account of the running connection and chosen sub-accounts,
 * both directions. A preview states every transfer and is kept in main under an id; running the sweep
 * takes that id, asks the person in main's own dialog, and makes exactly the previewed transfers.
 * `all` takes the sub-account's whole main balance of the currency.
 */
import { userFacing } from '../../ipc/user-facing.ts';
import * as subAccounts from '../../exchange/endpoints/sub-accounts.ts';
import type { IpcError } from '../../ipc/contract.ts';
import { UserFacingError } from '../../errors.ts';
import type { Platform } from '../../platform.ts';
import { Dec, parseStrictDecimal } from '../../rules/decimal.ts';
import type { AccountService } from '../accounts.ts';
import { requireConfirmation } from '../confirm.ts';
import { someOf } from './key-permissions.ts';
import { PreviewStore, stalePreview } from './previews.ts';

export interface SweepPlan {
  direction: 'main_to_sub' | 'sub_to_main';
  ticker: string;
  /** A fixed amount per sub-account, or `all` of each sub-account's main balance (sub_to_main). */
  amount: string | 'all';
}

export interface SweepLeg {
  account: string;
  label: string;
  subAccountId: string;
  amount: string;
}

export interface SweepResult extends SweepLeg {
  ok: boolean;
  transactionId?: string;
  error?: IpcError;
}

interface StoredSweep {
  plan: SweepPlan;
  legs: SweepLeg[];
}

const MAIN_NEEDED = 'sweeps run on its key.';

/** The sub-account's main balance of the ticker, read strictly. */
async function subBalance(accounts: AccountService, subAccountId: string, ticker: string): Promise<Dec> {
  const main = await accounts.caller(accounts.mainAccount(MAIN_NEEDED).id);
  const balances = await subAccounts.balances(main, { id: subAccountId, ticker });
  return parseStrictDecimal(balances[ticker]?.[0]?.main ?? '0', 'sub-account balance');
}

export class Sweeps {
  readonly #accounts: AccountService;
  readonly #platform: Platform;
  readonly #previews: PreviewStore<StoredSweep>;

  constructor(accounts: AccountService, platform: Platform, now: () => number = () => Date.now()) {
    this.#accounts = accounts;
    this.#platform = platform;
    this.#previews = new PreviewStore(now);
  }

  /** Every transfer the sweep would make (sub-accounts with nothing to move left out), kept under an id. */
  async preview(
    ids: readonly string[],
    plan: SweepPlan,
  ): Promise<{ previewId: string; expiresAtMs: number; legs: SweepLeg[] }> {
    if (plan.amount === 'all' && plan.direction !== 'sub_to_main') {
      throw new UserFacingError(
        'invalid_input',
        '"All" moves a sub-account\'s balance to main; give an amount to send to sub-accounts.',
        'amount',
      );
    }
    const fixed = plan.amount === 'all' ? undefined : parseStrictDecimal(plan.amount, 'amount');
    if (fixed && !fixed.gt(0))
      throw new UserFacingError('invalid_input', 'The amount must be more than 0.', 'amount');
    const main = this.#accounts.mainAccount(MAIN_NEEDED);
    const legs: SweepLeg[] = [];
    for (const id of ids) {
      const sub = this.#accounts.registry.get(id);
      if (sub?.kind !== 'sub' || !sub.subAccountId)
        throw new UserFacingError(
          'invalid_input',
          `"${sub?.label ?? id}" is not a sub-account with a sub-account id.`,
          'accountIds',
        );
      if (sub.connection !== main.connection)
        throw new UserFacingError(
          'wrong_connection',
          `"${sub.label}" belongs to ${sub.connection}, not to the running connection.`,
          'accountIds',
        );
      const amount = fixed ?? (await subBalance(this.#accounts, sub.subAccountId, plan.ticker));
      if (amount.gt(0))
        legs.push({
          account: id,
          label: sub.label,
          subAccountId: sub.subAccountId,
          amount: amount.toFixed(),
        });
    }
    return { ...this.#previews.put({ plan, legs }), legs };
  }

  /**
   * Makes exactly the previewed transfers once the person confirmed them in main's dialog; refuses,
   * moving nothing, when the preview is unknown, too old, or a sub-account's balance fell below what
   * an `all` sweep previewed. Failures first.
   */
  async run(previewId: string): Promise<SweepResult[]> {
    const { plan, legs } = this.#previews.get(previewId);
    // Used up now, so two runs of one preview cannot both transfer; declined, it must be made again.
    this.#previews.delete(previewId);
    if (legs.length === 0) throw stalePreview('The preview has no transfer to make');
    const main = this.#accounts.mainAccount(MAIN_NEEDED);
    await requireConfirmation(this.#platform, question(main.label, plan, legs));
    if (plan.amount === 'all') {
      for (const leg of legs) {
        const now = await subBalance(this.#accounts, leg.subAccountId, plan.ticker);
        if (now.lt(leg.amount)) throw stalePreview(`The balance of "${leg.label}" fell since the preview`);
      }
    }
    const caller = await this.#accounts.caller(main.id);
    const results: SweepResult[] = [];
    for (const leg of legs) {
      try {
        const transactionId = await subAccounts.transfer(caller, {
          id: leg.subAccountId,
          direction: plan.direction,
          amount: leg.amount,
          ticker: plan.ticker,
        });
        results.push({ ...leg, ok: true, ...(transactionId === undefined ? {} : { transactionId }) });
      } catch (error) {
        const ipc = userFacing(error) ?? { code: 'internal', message: 'The transfer failed.' };
        results.push({ ...leg, ok: false, error: ipc });
      }
    }
    return results.sort((a, b) => Number(a.ok) - Number(b.ok));
  }
}

/** The native question: direction, ticker, how many transfers, the total and the largest. */
function question(mainLabel: string, plan: SweepPlan, legs: readonly SweepLeg[]) {
  const total = legs.reduce((sum, l) => sum.plus(l.amount), new Dec(0));
  const largest = legs.reduce((a, b) => (new Dec(b.amount).gt(a.amount) ? b : a));
  const n = legs.length;
  const subs = `${String(n)} ${n === 1 ? 'sub-account' : 'sub-accounts'}`;
  const toSubs = plan.direction === 'main_to_sub';
  return {
    title: `Transfer ${total.toFixed()} ${plan.ticker} ${toSubs ? `from the main account to ${subs}` : `from ${subs} to the main account`}?`,
    facts: [
      { label: 'Direction', value: toSubs ? `${mainLabel} → sub-accounts` : `sub-accounts → ${mainLabel}` },
      { label: 'Currency', value: plan.ticker },
      { label: 'Transfers', value: `${String(n)}: ${someOf(legs.map((l) => l.label))}` },
      { label: 'Total', value: `${total.toFixed()} ${plan.ticker}` },
      { label: 'Largest', value: `${largest.amount} ${plan.ticker} (${largest.label})` },
    ],
    action: 'Transfer',
  };
}
