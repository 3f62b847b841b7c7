/**
 * Sweeps: move a currency between the main account of the running connection and chosen sub-accounts,
 * both directions. A preview states every transfer, each checked against the balance it comes from,
 * and is kept in main under an id; running the sweep takes that id, checks the balances again, asks
 * the person in main's own dialog, and makes exactly the previewed transfers. `all` takes the
 * sub-account's whole main balance of the currency.
 */
import * as subAccounts from '../../exchange/endpoints/sub-accounts.ts';
import { UserFacingError, type IpcError } from '../../errors.ts';
import { itemFailure, readable } from '../../readable-errors.ts';
import type { Platform } from '../../platform.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import { Dec, parseStrictDecimal } from '../../rules/decimal.ts';
import type { AccountService } from '../../services/accounts.ts';
import { available, requireCovered, subAvailable } from '../../services/wallet/balance-moves.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import { RuleViolation } from '../../services/trading/trading.ts';
import { someOf } from '../../services/desk/key-permissions.ts';
import { pool } from '../../services/desk/pool.ts';
import { PreviewStore, stalePreview } from '../../services/desk/previews.ts';

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

/** A sub-account whose balance the preview could not read: the preview cannot be sent. */
export interface SweepUnread {
  account: string;
  label: string;
  problem: string;
}

interface StoredSweep {
  plan: SweepPlan;
  legs: SweepLeg[];
  unread: SweepUnread[];
}

const MAIN_NEEDED = 'sweeps run on its key.';
/** Sub-account balances read at once with the main key (its budget paces them further). */
const READS = 8;

export class Sweeps {
  readonly #accounts: AccountService;
  readonly #platform: Platform;
  readonly #previews: PreviewStore<StoredSweep>;

  constructor(accounts: AccountService, platform: Platform, now: () => number = () => Date.now()) {
    this.#accounts = accounts;
    this.#platform = platform;
    this.#previews = new PreviewStore(now);
  }

  /** The registered sub-accounts of the running connection, in the order given. */
  #subs(ids: readonly string[], mainConnection: string) {
    return ids.map((id) => {
      const sub = this.#accounts.registry.get(id);
      if (sub?.kind !== 'sub' || !sub.subAccountId)
        throw new UserFacingError(
          'invalid_input',
          `"${sub?.label ?? id}" is not a sub-account with a sub-account id.`,
          'accountIds',
        );
      if (sub.connection !== mainConnection)
        throw new UserFacingError(
          'wrong_connection',
          `"${sub.label}" belongs to ${sub.connection}, not to the running connection.`,
          'accountIds',
        );
      return { account: id, label: sub.label, subAccountId: sub.subAccountId };
    });
  }

  /**
   * Every transfer the sweep would make (sub-accounts with nothing to move left out), kept under an id,
   * each checked against the balance it comes from: the main account's for the total sent out, each
   * sub-account's for what it sends back. Sub-accounts whose balance could not be read are listed
   * (`unread`): such a preview cannot be sent.
   */
  async preview(
    ids: readonly string[],
    plan: SweepPlan,
  ): Promise<{ previewId: string; expiresAtMs: number; legs: SweepLeg[]; unread: SweepUnread[] }> {
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
    const subs = this.#subs(ids, main.connection);
    const caller = await this.#accounts.caller(main.id);
    const unread: SweepUnread[] = [];
    let legs: SweepLeg[];
    if (plan.direction === 'main_to_sub' && fixed) {
      legs = subs.map((s) => ({ ...s, amount: fixed.toFixed() }));
      await this.#mainCovers(caller, main.label, plan.ticker, legs);
    } else {
      const read = await this.#subBalances(caller, subs, plan.ticker);
      const short: string[] = [];
      legs = [];
      for (const [i, s] of subs.entries()) {
        const r = read[i];
        if (!r || 'problem' in r) {
          unread.push({ ...s, problem: r?.problem ?? 'The balance could not be read.' });
          continue;
        }
        if (fixed && fixed.gt(r.has)) short.push(`${s.label} (${r.has.toFixed()})`);
        const amount = fixed ?? r.has;
        if (amount.gt(0)) legs.push({ ...s, amount: amount.toFixed() });
      }
      if (short.length > 0 && fixed)
        throw new RuleViolation([
          {
            field: 'amount',
            message: `${fixed.toFixed()} ${plan.ticker} is more than the main balance of ${String(short.length)} ${short.length === 1 ? 'sub-account holds' : 'sub-accounts hold'}: ${someOf(short)}. Lower the amount, or move "all".`,
          },
        ]);
    }
    return { ...this.#previews.put({ plan, legs, unread }), legs, unread };
  }

  /** Refuses a sweep out of main the main balance does not cover (or that cannot be read). */
  async #mainCovers(
    caller: KeyCaller,
    label: string,
    ticker: string,
    legs: readonly SweepLeg[],
  ): Promise<void> {
    const total = legs.reduce((sum, l) => sum.plus(l.amount), new Dec(0));
    const each = legs[0]?.amount ?? '0';
    await requireCovered(() => available(caller, 'main', ticker), {
      amount: total.toFixed(),
      ticker,
      source: `the main balance of ${label}`,
      what:
        legs.length === 1
          ? `${each} ${ticker}`
          : `${each} ${ticker} to each of ${String(legs.length)} sub-accounts (${total.toFixed()} ${ticker} in all)`,
    });
  }

  /** Each sub-account's main balance of the ticker, or why it could not be read. */
  #subBalances(
    caller: KeyCaller,
    subs: ReadonlyArray<{ subAccountId: string }>,
    ticker: string,
  ): Promise<Array<{ has: Dec } | { problem: string }>> {
    return pool(subs, READS, async (s) => {
      try {
        return {
          has: parseStrictDecimal(await subAvailable(caller, s.subAccountId, ticker), 'sub-account balance'),
        };
      } catch (error) {
        return { problem: readable(error)?.message ?? 'The balance could not be read.' };
      }
    });
  }

  /**
   * Makes exactly the previewed transfers once the person confirmed them in main's dialog. Before the
   * question the balances are read again: refused, moving nothing, when the preview is unknown, too
   * old, left sub-accounts unread, or a balance no longer covers its transfers. Failures first.
   */
  async run(previewId: string): Promise<SweepResult[]> {
    const { plan, legs, unread } = this.#previews.get(previewId);
    // Used up now, so two runs of one preview cannot both transfer; declined, it must be made again.
    this.#previews.delete(previewId);
    if (unread.length > 0)
      throw stalePreview(
        `${String(unread.length)} ${unread.length === 1 ? 'sub-account' : 'sub-accounts'} could not be read for this preview (${someOf(unread.map((u) => u.label))})`,
      );
    if (legs.length === 0) throw stalePreview('The preview has no transfer to make');
    const main = this.#accounts.mainAccount(MAIN_NEEDED);
    const caller = await this.#accounts.caller(main.id);
    if (plan.direction === 'main_to_sub') await this.#mainCovers(caller, main.label, plan.ticker, legs);
    else {
      const now = await this.#subBalances(caller, legs, plan.ticker);
      for (const [i, leg] of legs.entries()) {
        const r = now[i];
        if (!r || 'problem' in r || r.has.lt(leg.amount))
          throw stalePreview(`The balance of "${leg.label}" fell since the preview, or could not be read`);
      }
    }
    await requireConfirmation(this.#platform, question(main.label, plan, legs));
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
        results.push({ ...leg, ok: false, error: itemFailure(error, 'The transfer failed.') });
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
