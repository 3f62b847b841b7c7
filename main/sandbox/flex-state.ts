/**
 * Flexible earn (`main-account/smart-flex/*`) as the sandbox keeps it: the plans on offer, each
 * account's investments in them, the log of every operation, and the daily earnings each active
 * investment is paid (to the main balance, or added to the investment when it reinvests).
 */
import { Decimal } from 'decimal.js';
import { creditMain } from './ledger.ts';
import { uuidFrom } from './rng.ts';
import type { Account, SandboxState } from './state.ts';
import { stableUuid } from './sub-account-state.ts';

export interface FlexInvestment {
  plan: string;
  accountId: string;
  ticker: string;
  amount: string;
  status: 'ACTIVE' | 'CLOSED';
  /** Unix seconds; absent in states saved before it was kept. */
  createdAt?: number;
  /** The investment's own id (absent for the seeded ones: their plan's id stands for it). */
  id?: string;
  /** Each daily earning is added to the investment instead of paid to the main balance. */
  withReinvest?: boolean;
  /** Unix seconds of the last change (absent: `createdAt`). */
  updatedAt?: number;
  /** Unix seconds up to which its daily earnings are paid (absent: none paid yet, see flex-state.ts). */
  accruedAt?: number;
}

/** One operation of flex earn, as `smart-flex/investments/history` lists it. */
export interface FlexAction {
  accountId: string;
  /** Unix seconds. */
  createdAt: number;
  planId: string;
  investmentId: string;
  currency: string;
  amount: string;
  transactionId: string;
  /** 1 invest, 2 reinvest, 3 withdraw, 4 daily earning, 5 close, 6 open. */
  actionType: 1 | 2 | 3 | 4 | 5 | 6;
}

/** A plan as `smart-flex/plans` lists it; `maxRate` is the yearly rate (0.08 is 8 % a year). */
export interface FlexPlan {
  id: string;
  ticker: string;
  minInvestment: string;
  maxInvestment: string;
  maxRate: string;
}

/** The terms of the plans of each currency flex earn takes. */
const TERMS: Record<string, Omit<FlexPlan, 'id' | 'ticker'>> = {
  USDT: { minInvestment: '10', maxInvestment: '100000', maxRate: '0.08' },
  BTC: { minInvestment: '0.001', maxInvestment: '10', maxRate: '0.02' },
  ETH: { minInvestment: '0.01', maxInvestment: '100', maxRate: '0.03' },
};

const DAY = 86_400;

/**
 * The plans on offer: each plan an investment of the world is in (the seeded ones), then one plan of
 * each currency that has none, in the order the terms list them.
 */
export function flexPlans(state: SandboxState): FlexPlan[] {
  const out = new Map<string, FlexPlan>();
  for (const f of state.wallet.flex) {
    const terms = TERMS[f.ticker];
    if (terms && !out.has(f.plan)) out.set(f.plan, { id: f.plan, ticker: f.ticker, ...terms });
  }
  for (const [ticker, terms] of Object.entries(TERMS))
    if (![...out.values()].some((p) => p.ticker === ticker)) {
      const id = stableUuid(`flex-plan:${ticker}`);
      out.set(id, { id, ticker, ...terms });
    }
  return [...out.values()];
}

export function flexPlan(state: SandboxState, id: string): FlexPlan | undefined {
  return flexPlans(state).find((p) => p.id === id);
}

/** The account's investment in the plan, active or closed. */
export function investmentIn(
  state: SandboxState,
  account: Account,
  plan: string,
): FlexInvestment | undefined {
  return state.wallet.flex.find((f) => f.plan === plan && f.accountId === account.id);
}

/** The id the history and the list give the investment. */
export const investmentId = (f: FlexInvestment): string => f.id ?? f.plan;

export function flexLog(state: SandboxState): FlexAction[] {
  return (state.wallet.flexLog ??= []);
}

/** Books one operation on the investment; answers its transaction id. */
export function logFlex(
  state: SandboxState,
  f: FlexInvestment,
  actionType: FlexAction['actionType'],
  amount: Decimal,
  at: number,
  transactionId = uuidFrom(state.rng.hex(16)),
): string {
  flexLog(state).push({
    accountId: f.accountId,
    createdAt: at,
    planId: f.plan,
    investmentId: investmentId(f),
    currency: f.ticker,
    amount: amount.toFixed(),
    transactionId,
    actionType,
  });
  return transactionId;
}

/**
 * Pays every active investment its earnings for each whole day since they were last paid, at the
 * plan's rate (a 365th of `maxRate` a day, cut to the currency's precision): to the main balance, or
 * into the investment when it reinvests. An investment seen for the first time starts its days now.
 */
export function advanceFlex(state: SandboxState, nowMs: number): void {
  const now = Math.floor(nowMs / 1000);
  for (const f of state.wallet.flex) {
    if (f.status !== 'ACTIVE') continue;
    f.accruedAt ??= now;
    const rate = TERMS[f.ticker]?.maxRate;
    const account = state.accounts.get(f.accountId);
    if (!rate || !account) continue;
    const precision = state.assets.get(f.ticker)?.precision ?? 8;
    while (f.accruedAt + DAY <= now) {
      f.accruedAt += DAY;
      const earning = new Decimal(f.amount)
        .times(rate)
        .div(365)
        .toDecimalPlaces(precision, Decimal.ROUND_DOWN);
      if (earning.lte(0)) continue;
      const tx = logFlex(state, f, 4, earning, f.accruedAt);
      if (f.withReinvest) {
        f.amount = new Decimal(f.amount).plus(earning).toFixed();
        logFlex(state, f, 2, earning, f.accruedAt, tx);
      } else creditMain(account, f.ticker, earning);
    }
  }
}
