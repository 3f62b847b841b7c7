/**
 * Flexible earn (`main-account/smart-flex/*`): the plans on offer, investing idle main balance in
 * one and withdrawing from it, closing it, its auto-reinvestment, the account's investments and the
 * history of every operation and of its daily earnings. Request validation is answered 400
 * `{code: 0, message: "Validation failed", errors}`; a refusal of the operation 422 "Inner
 * validation failed", each as published.
 */
import { Decimal } from 'decimal.js';
import {
  flexLog,
  flexPlan,
  flexPlans,
  investmentId,
  investmentIn,
  logFlex,
  type FlexAction,
  type FlexPlan,
} from '../flex-state.ts';
import { fieldError, validationError, type FieldErrors } from '../http/errors.ts';
import { optBool, optInt, optString, reqString, required, type Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { creditMain, freeMain, mainBalance } from '../ledger.ts';
import { uuidFrom } from '../rng.ts';
import { nowSeconds, type Account, type SandboxState } from '../state.ts';
import { innerError, MAIN_ACCOUNT } from './main-account.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER_RE = /^(0|[1-9]\d*)(\.\d+)?$/;
const INVALID_PLAN = 'The selected plan is invalid.';

/** Reads one field, gathering its message under `errors` instead of answering at the first one. */
function gather<T>(errors: FieldErrors, read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    const bag = (error as { body?: { errors?: FieldErrors } }).body?.errors;
    if (!bag) throw error;
    Object.assign(errors, bag);
    return undefined;
  }
}

/** `plan`: required, a plan on offer. */
function planOf(state: SandboxState, body: Body): FlexPlan {
  const id = reqString(body, 'plan');
  const plan = flexPlan(state, id);
  if (!plan) throw fieldError('plan', INVALID_PLAN);
  return plan;
}

/** `amount`: required, a number (a numeric string or a JSON number). */
function amountOf(body: Body): Decimal {
  const v = body['amount'];
  if (v === undefined || v === null || v === '') throw fieldError('amount', required('amount'));
  const valid =
    typeof v === 'number' ? Number.isFinite(v) && v >= 0 : typeof v === 'string' && NUMBER_RE.test(v);
  if (!valid) throw fieldError('amount', 'The amount field must be a valid number');
  return new Decimal(v as number | string);
}

/** The history filters, every wrong one named at once. */
function historyFilter(state: SandboxState, account: Account, body: Body, withActions: boolean) {
  const errors: FieldErrors = {};
  const limit = gather(errors, () => optInt(body, 'limit', 1)) ?? 50;
  const offset = gather(errors, () => optInt(body, 'offset', 0)) ?? 0;
  const own = state.wallet.flex.filter((f) => f.accountId === account.id);
  const plan = gather(errors, () => optString(body, 'plan'));
  if (plan !== undefined && !flexPlan(state, plan)) errors['plan'] = [INVALID_PLAN];
  const investment = gather(errors, () => optString(body, 'investment'));
  if (investment !== undefined && !own.some((f) => investmentId(f) === investment))
    errors['investment'] = ['The selected investment is invalid.'];
  const transaction = gather(errors, () => optString(body, 'transaction'));
  const log = flexLog(state).filter((a) => a.accountId === account.id);
  if (transaction !== undefined && !log.some((a) => a.transactionId === transaction))
    errors['transaction'] = ['The selected transaction is invalid.'];
  const date = (field: 'dateFrom' | 'dateTo', words: string) => {
    const v = body[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
    errors[field] = [`The ${words} is invalid.`];
    return undefined;
  };
  const from = date('dateFrom', 'date from');
  const to = date('dateTo', 'date to');
  let actions: number[] | undefined;
  const raw = withActions ? body['actionTypes'] : undefined;
  if (raw !== undefined && raw !== null) {
    if (!Array.isArray(raw)) errors['actionTypes'] = ['The action types must be an array.'];
    else {
      raw.forEach((t, i) => {
        if (!Number.isInteger(t) || (t as number) < 1 || (t as number) > 6)
          errors[`actionTypes.${String(i)}`] = ['The selected action type is invalid.'];
      });
      actions = raw as number[];
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const entries = log.filter(
    (a) =>
      (plan === undefined || a.planId === plan) &&
      (investment === undefined || a.investmentId === investment) &&
      (transaction === undefined || a.transactionId === transaction) &&
      (from === undefined || a.createdAt >= from) &&
      (to === undefined || a.createdAt <= to) &&
      (actions === undefined || actions.includes(a.actionType)),
  );
  return { entries, limit, offset };
}

/** A page of the log, newest first, as published. */
function historyPage(entries: FlexAction[], limit: number, offset: number) {
  const data = [...entries]
    .reverse()
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(offset, offset + limit)
    .map((a) => ({
      createdAt: a.createdAt,
      planId: a.planId,
      investmentId: a.investmentId,
      currency: a.currency,
      amount: a.amount,
      transaction_id: a.transactionId,
      actionType: a.actionType,
    }));
  return { data, limit, offset };
}

export function flexRoutes(state: SandboxState): PrivateRoute[] {
  const route = (path: string, handler: PrivateRoute['handler'], status = 200): PrivateRoute => ({
    method: 'POST',
    path: `/api/v4/main-account/smart-flex/${path}`,
    group: 'account',
    validation: 'fields',
    status,
    handler,
  });
  return [
    route('plans', ({ body }) => {
      const errors: FieldErrors = {};
      const limit = gather(errors, () => optInt(body, 'limit', 1, 100)) ?? 100;
      const offset = gather(errors, () => optInt(body, 'offset', 0)) ?? 0;
      const ticker = gather(errors, () => optString(body, 'ticker'));
      if (ticker !== undefined && !state.assets.has(ticker))
        errors['ticker'] = ['The selected ticker is invalid.'];
      if (Object.keys(errors).length > 0) throw validationError(errors);
      return flexPlans(state)
        .filter((p) => ticker === undefined || p.ticker === ticker)
        .slice(offset, offset + limit);
    }),
    route('investments', ({ account, body }) => {
      const limit = optInt(body, 'limit', 1, 100) ?? 100;
      const offset = optInt(body, 'offset', 0, 10_000) ?? 0;
      const ticker = optString(body, 'ticker');
      const plan = optString(body, 'plan');
      const status = body['investmentStatus'];
      if (status !== undefined && status !== 0 && status !== 1)
        throw fieldError('investmentStatus', 'The selected investment status is invalid.');
      const data = state.wallet.flex
        .filter(
          (f) =>
            f.accountId === account.id &&
            (!ticker || f.ticker === ticker) &&
            (!plan || f.plan === plan) &&
            (status === undefined || (status === 1) === (f.status === 'ACTIVE')),
        )
        .slice(offset, offset + limit)
        .map((f) => ({
          id: investmentId(f),
          planId: f.plan,
          currency: f.ticker,
          invested: f.amount,
          withAutoReinvest: f.withReinvest ?? false,
          status: f.status === 'ACTIVE' ? 1 : 0,
          createdAt: f.createdAt ?? 0,
          updatedAt: f.updatedAt ?? f.createdAt ?? 0,
        }));
      return { data, limit, offset };
    }),
    route(
      'investments/invest',
      ({ account, body }) => {
        const plan = planOf(state, body);
        const amount = amountOf(body);
        const reinvest = optBool(body, 'withReinvest');
        if (amount.lte(0)) throw innerError(0, 'amount', 'Amount is too small');
        let f = investmentIn(state, account, plan.id);
        const invested = f?.status === 'ACTIVE' ? new Decimal(f.amount) : new Decimal(0);
        if (amount.lt(plan.minInvestment))
          throw innerError(2, 'amount', 'Amount is less than min investment');
        if (invested.plus(amount).gt(plan.maxInvestment))
          throw innerError(3, 'amount', 'Amount is more than max investment');
        const free = freeMain(account, plan.ticker);
        if (amount.gt(free))
          throw innerError(4, 'amount', `Available ${free.toFixed()} < ${amount.toFixed()}`);
        const now = nowSeconds(state);
        account.main.set(plan.ticker, mainBalance(account, plan.ticker).minus(amount));
        if (!f) {
          f = { plan: plan.id, accountId: account.id, ticker: plan.ticker, amount: '0', status: 'CLOSED' };
          f.id = uuidFrom(state.rng.hex(16));
          f.createdAt = now;
          state.wallet.flex.push(f);
        }
        if (f.status !== 'ACTIVE') {
          // an investment opened (again) reinvests only when asked to
          Object.assign(f, {
            status: 'ACTIVE',
            amount: '0',
            accruedAt: now,
            withReinvest: reinvest ?? false,
          });
          logFlex(state, f, 6, amount, now);
        } else if (reinvest !== undefined) f.withReinvest = reinvest;
        f.amount = new Decimal(f.amount).plus(amount).toFixed();
        f.updatedAt = now;
        return { data: { transaction_id: logFlex(state, f, 1, amount, now) } };
      },
      201,
    ),
    route(
      'investments/withdraw',
      ({ account, body }) => {
        const plan = planOf(state, body);
        const amount = amountOf(body);
        const f = investmentIn(state, account, plan.id);
        if (!f) throw innerError(0, 'amount', 'Investment does not exist');
        if (f.status !== 'ACTIVE')
          throw innerError(0, 'investment', 'Cannot withdraw from closed investment');
        if (amount.lte(0)) throw innerError(0, 'amount', 'Withdraw amount is too small');
        const left = new Decimal(f.amount).minus(amount);
        if (left.lt(0)) throw innerError(0, 'amount', 'Withdraw amount exceeds total invested');
        if (left.gt(0) && left.lt(plan.minInvestment))
          throw innerError(0, 'minAmountLeft', 'Amount left < min investment');
        const now = nowSeconds(state);
        creditMain(account, f.ticker, amount);
        f.amount = left.toFixed();
        f.updatedAt = now;
        const tx = logFlex(state, f, 3, amount, now);
        if (left.isZero()) {
          f.status = 'CLOSED';
          logFlex(state, f, 5, amount, now, tx);
        }
        return { data: { transaction_id: tx } };
      },
      201,
    ),
    route(
      'investments/close',
      ({ account, body }) => {
        const plan = reqString(body, 'plan');
        if (!UUID_RE.test(plan)) throw fieldError('plan', 'The plan must be a valid UUID.');
        const f = investmentIn(state, account, plan);
        if (!f) throw innerError(0, 'amount', 'Investment does not exist');
        if (f.status !== 'ACTIVE')
          throw innerError(0, 'investment', 'Cannot withdraw from closed investment');
        const amount = new Decimal(f.amount);
        f.status = 'CLOSED';
        f.updatedAt = nowSeconds(state);
        creditMain(account, f.ticker, amount);
        return { data: { transaction_id: logFlex(state, f, 5, amount, f.updatedAt) } };
      },
      MAIN_ACCOUNT.status,
    ),
    route('investments/auto-invest', ({ account, body }) => {
      const errors: FieldErrors = {};
      const plan = gather(errors, () => reqString(body, 'plan'));
      const enabled = gather(errors, () => optBool(body, 'enabled')) ?? false;
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const f = investmentIn(state, account, plan ?? '');
      if (f?.status !== 'ACTIVE') throw innerError(0, 'plan', 'No existing investments for this plan');
      f.withReinvest = enabled;
      f.updatedAt = nowSeconds(state);
      return { data: [] };
    }),
    route('investments/history', ({ account, body }) => {
      const { entries, limit, offset } = historyFilter(state, account, body, true);
      return historyPage(entries, limit, offset);
    }),
    route('investments/payment-history', ({ account, body }) => {
      const { entries, limit, offset } = historyFilter(state, account, body, false);
      return historyPage(
        entries.filter((a) => a.actionType === 4),
        limit,
        offset,
      );
    }),
  ];
}
