/**
 * Sweeps: move a currency between the main account and chosen sub-accounts, both directions, with a
 * preview of every transfer first. `all` takes the sub-account's whole main balance of the currency.
 */
import { Decimal } from 'decimal.js';
import * as subAccounts from '../../exchange/endpoints/sub-accounts.ts';
import type { IpcError } from '../../ipc/contract.ts';
import { UserFacingError } from '../../ipc/errors.ts';
import type { AccountService } from '../accounts.ts';

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

async function mainCaller(accounts: AccountService) {
  const main = accounts.registry.list().find((a) => a.kind === 'main');
  if (!main)
    throw new UserFacingError(
      'not_found',
      'Register the main account first: sweeps run on its key.',
      'accountIds',
    );
  return accounts.caller(main.id);
}

/** Every transfer the sweep would make; sub-accounts with nothing to move are left out. */
export async function previewSweep(
  accounts: AccountService,
  ids: readonly string[],
  plan: SweepPlan,
): Promise<SweepLeg[]> {
  if (plan.amount === 'all' && plan.direction !== 'sub_to_main') {
    throw new UserFacingError(
      'invalid_input',
      'amount: "all" moves a sub-account\'s balance to main; give an amount to send to sub-accounts',
      'amount',
    );
  }
  const main = await mainCaller(accounts);
  const legs: SweepLeg[] = [];
  for (const id of ids) {
    const sub = accounts.registry.get(id);
    if (!sub?.subAccountId)
      throw new UserFacingError(
        'invalid_input',
        `"${sub?.label ?? id}" has no sub-account id.`,
        'accountIds',
      );
    let amount = plan.amount;
    if (amount === 'all') {
      const balances = await subAccounts.balances(main, { id: sub.subAccountId, ticker: plan.ticker });
      amount = balances[plan.ticker]?.[0]?.main ?? '0';
    }
    if (new Decimal(amount).gt(0))
      legs.push({ account: id, label: sub.label, subAccountId: sub.subAccountId, amount });
  }
  return legs;
}

export async function runSweep(
  accounts: AccountService,
  ids: readonly string[],
  plan: SweepPlan,
): Promise<SweepResult[]> {
  const legs = await previewSweep(accounts, ids, plan);
  const main = await mainCaller(accounts);
  const results: SweepResult[] = [];
  for (const leg of legs) {
    try {
      const transactionId = await subAccounts.transfer(main, {
        id: leg.subAccountId,
        direction: plan.direction,
        amount: leg.amount,
        ticker: plan.ticker,
      });
      results.push({ ...leg, ok: true, transactionId });
    } catch (error) {
      const ipc =
        error instanceof UserFacingError
          ? error.toIpcError()
          : { code: 'internal', message: 'The transfer failed.' };
      results.push({ ...leg, ok: false, error: ipc });
    }
  }
  return results.sort((a, b) => Number(a.ok) - Number(b.ok));
}
