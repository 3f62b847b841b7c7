/**
 * Money moves inside the desk's own accounts: between the main, spot and collateral balances of one
 * account, and between the main account and one sub-account. Each is checked by the wallet rules and
 * against the balance it comes from (read now), then asked in main's own dialog, with the facts as
 * they will be sent, before anything leaves.
 */
import * as collateral from '../../exchange/endpoints/collateral.ts';
import * as mainAccount from '../../exchange/endpoints/main-account.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import * as subAccounts from '../../exchange/endpoints/sub-accounts.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import { UserFacingError } from '../../errors.ts';
import { readable } from '../../readable-errors.ts';
import type { Platform } from '../../platform.ts';
import { Dec, show } from '../../rules/decimal.ts';
import {
  checkBalanceTransfer,
  checkCovered,
  checkSubAccountTransfer,
  type BalanceKind,
} from '../../rules/wallet.ts';
import type { ProposedView } from '../../views/approvals.ts';
import { grouped } from '../../rules/words.ts';
import type { AccountService } from '../accounts.ts';
import { requireConfirmation } from '../confirm.ts';
import type { Approvals } from '../four-eyes/approvals.ts';
import { RuleViolation } from '../trading/trading.ts';
import { refuse } from './guard.ts';
import { REST } from '../../exchange/registry/index.ts';

export const BALANCE_WORDS: Record<BalanceKind, string> = {
  main: 'Main balance',
  spot: 'Spot (trade) balance',
  collateral: 'Collateral balance',
};

export interface BalanceTransfer {
  from: BalanceKind;
  to: BalanceKind;
  ticker: string;
  amount: string;
}

export interface SubAccountTransfer {
  direction: 'main_to_sub' | 'sub_to_main';
  ticker: string;
  amount: string;
}

/** Refused because a balance a move comes from could not be read: nothing is moved on a guess. */
function unreadable(error: unknown, source: string): UserFacingError {
  const why = readable(error)?.message;
  return new UserFacingError(
    'balance_unavailable',
    `${source[0]?.toUpperCase() ?? ''}${source.slice(1)} could not be read, so nothing was moved${why ? `: ${why}` : '.'}`,
    'amount',
  );
}

/** What a balance of an account holds of a ticker now: main (less unconfirmed deposits), spot available, collateral. */
export async function available(caller: KeyCaller, kind: BalanceKind, ticker: string): Promise<string> {
  if (kind === 'main') {
    const b = (await mainAccount.balance(caller, ticker))[ticker];
    return b ? Dec.max(0, new Dec(b.main_balance).sub(b.pending_deposit_amount)).toFixed() : '0';
  }
  if (kind === 'spot') return (await trading.tradeBalanceOf(caller, ticker)).available;
  return (await collateral.collateralBalance(caller, ticker))[ticker] ?? '0';
}

/** What a sub-account's main balance holds of a ticker, read with the main key. */
export async function subAvailable(main: KeyCaller, subAccountId: string, ticker: string): Promise<string> {
  const balances = await subAccounts.balances(main, { id: subAccountId, ticker });
  return balances[ticker]?.[0]?.main ?? '0';
}

/** Refuses, before any question, a move its balance does not cover or that cannot be read. */
export async function requireCovered(
  read: () => Promise<string>,
  check: { amount: string; ticker: string; source: string; what?: string },
): Promise<void> {
  let has: string;
  try {
    has = await read();
  } catch (error) {
    throw unreadable(error, check.source);
  }
  const issue = checkCovered({ ...check, available: has });
  if (issue) throw new RuleViolation([issue]);
}

export class BalanceMoves {
  readonly #accounts: AccountService;
  readonly #platform: Platform;
  readonly #approvals: Approvals | undefined;

  constructor(accounts: AccountService, platform: Platform, approvals?: Approvals) {
    this.#accounts = accounts;
    this.#platform = platform;
    this.#approvals = approvals;
    approvals?.useSender(REST.subAccountTransfer.path, async ({ caller, body: input }) => {
      const id = await subAccounts.transfer(caller, input);
      const sub = this.#accounts.registry.list().find((a) => a.subAccountId === input.id);
      const who = sub ? `"${sub.label}"` : `sub-account ${input.id}`;
      const moved = `${grouped(input.amount)} ${input.ticker}`;
      return `${input.direction === 'main_to_sub' ? `Sent ${moved} to ${who}` : `Took ${moved} from ${who}`}${id ? ` (transaction ${id})` : ''}.`;
    });
  }

  /** Moves funds between two balances of one account, once confirmed; answers what was moved. */
  async betweenBalances(accountId: string, input: BalanceTransfer): Promise<BalanceTransfer> {
    refuse(checkBalanceTransfer(input));
    const account = this.#accounts.onThisConnection(accountId);
    const amount = show(new Dec(input.amount));
    const caller = await this.#accounts.caller(accountId);
    await requireCovered(() => available(caller, input.from, input.ticker), {
      amount,
      ticker: input.ticker,
      source: `the ${words(input.from)} of ${account.label}`,
    });
    await requireConfirmation(this.#platform, {
      title: `Move ${amount} ${input.ticker} from the ${words(input.from)} to the ${words(input.to)}?`,
      facts: [
        { label: 'Account', value: account.label },
        { label: 'Currency', value: input.ticker },
        { label: 'Amount', value: `${amount} ${input.ticker}` },
        { label: 'From', value: BALANCE_WORDS[input.from] },
        { label: 'To', value: BALANCE_WORDS[input.to] },
      ],
      action: 'Move funds',
      ...(input.to === 'collateral'
        ? {
            warning:
              'Funds on the collateral balance back leveraged positions and can be lost to liquidation.',
          }
        : {}),
    });
    const sent = { ...input, amount };
    await mainAccount.transferBetweenBalances(caller, sent);
    return sent;
  }

  /**
   * One transfer between the main account of the running connection and one registered sub-account,
   * signed with the main key once confirmed; answers the exchange's transaction id.
   */
  async withSubAccount(
    subId: string,
    input: SubAccountTransfer,
  ): Promise<{ transactionId?: string; amount: string } | ProposedView> {
    refuse(checkSubAccountTransfer(input));
    const sub = this.#accounts.onThisConnection(subId);
    if (sub.kind !== 'sub' || !sub.subAccountId)
      throw new UserFacingError(
        'invalid_input',
        `"${sub.label}" is not a sub-account with a sub-account id.`,
        'accountId',
      );
    const main = this.#accounts.mainAccount('transfers to and from sub-accounts are signed with its key.');
    const amount = show(new Dec(input.amount));
    const toSub = input.direction === 'main_to_sub';
    const caller = await this.#accounts.caller(main.id);
    await requireCovered(
      () =>
        toSub
          ? available(caller, 'main', input.ticker)
          : subAvailable(caller, sub.subAccountId ?? '', input.ticker),
      {
        amount,
        ticker: input.ticker,
        source: toSub ? `the main balance of ${main.label}` : `the main balance of "${sub.label}"`,
      },
    );
    const question = {
      title: toSub
        ? `Send ${amount} ${input.ticker} from the main account to "${sub.label}"?`
        : `Take ${amount} ${input.ticker} from "${sub.label}" to the main account?`,
      facts: [
        {
          label: 'Direction',
          value: toSub ? `${main.label} → ${sub.label}` : `${sub.label} → ${main.label}`,
        },
        { label: 'Sub-account', value: `${sub.label} (id ${sub.subAccountId})` },
        { label: 'Currency', value: input.ticker },
        { label: 'Amount', value: `${amount} ${input.ticker}` },
        { label: 'Balance', value: 'main balance of each account' },
      ],
      action: 'Transfer',
    };
    const fields = { id: sub.subAccountId, direction: input.direction, amount, ticker: input.ticker };
    const proposed = await this.#approvals?.proposeIfCovered(
      main.id,
      (c) => subAccounts.transfer(c, fields),
      question,
    );
    if (proposed) return proposed;
    await requireConfirmation(this.#platform, question);
    const transactionId = await subAccounts.transfer(caller, fields);
    return { ...(transactionId === undefined ? {} : { transactionId }), amount };
  }
}

const words = (kind: BalanceKind) => BALANCE_WORDS[kind].toLowerCase();
