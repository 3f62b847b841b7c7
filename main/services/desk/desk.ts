/**
 * Many accounts at once: balances fanned out under the shared rate limits, and one order ticket sent
 * to many accounts, each child sized on its own and carrying a client order id derived from one parent
 * id. A child that fails (rules, exchange) never blocks the others, and none is sent twice.
 */
import { randomBytes } from 'node:crypto';
import * as subAccounts from '../../exchange/endpoints/sub-accounts.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import type { IpcError } from '../../ipc/contract.ts';
import { UserFacingError } from '../../ipc/errors.ts';
import type { OrderDraft, RuleIssue } from '../../rules/index.ts';
import type { AccountService } from '../accounts.ts';
import type { ExchangeConnection } from '../exchange-connection.ts';
import type { PlaceResult } from '../trading.ts';
import { sizeFor, type Sizing } from './sizing.ts';

const CONCURRENCY = 16;

export interface ChildPreview {
  account: string;
  label: string;
  clientOrderId: string;
  /** Undefined when the sizing gives this account nothing. */
  amount?: string;
  issues: RuleIssue[];
}

export interface ChildResult {
  account: string;
  label: string;
  clientOrderId: string;
  ok: boolean;
  /** Placed by an earlier send of the same batch: found by its client order id, not sent again. */
  already?: boolean;
  result?: PlaceResult;
  error?: IpcError;
}

export interface SubBalanceResult {
  subAccountId: string;
  ok: boolean;
  balances?: subAccounts.SubAccountBalances;
  error?: IpcError;
}

export interface BalanceResult {
  account: string;
  ok: boolean;
  balances?: Record<string, { available: string; freeze: string }>;
  error?: IpcError;
}

function errorOf(error: unknown): IpcError {
  return error instanceof UserFacingError
    ? error.toIpcError()
    : { code: 'internal', message: 'Something went wrong with this account; the others were not affected.' };
}

/** Runs `work` for every item, at most `limit` at a time, in the order given. */
async function pool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i] as T, i);
      }
    }),
  );
  return out;
}

/** A batch's parent id: `txb-` for orders (children are `<parent>-001`, ...), other prefixes for other batches. */
export function newParentId(prefix = 'txb'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

export class DeskService {
  readonly #accounts: AccountService;
  readonly #connection: ExchangeConnection;

  constructor(accounts: AccountService, connection: ExchangeConnection) {
    this.#accounts = accounts;
    this.#connection = connection;
  }

  /** Spot balances of every given account, each reported through `onResult` as it arrives. */
  async balances(
    accountIds: readonly string[],
    onResult?: (r: BalanceResult) => void,
  ): Promise<BalanceResult[]> {
    return pool(accountIds, CONCURRENCY, async (account) => {
      let result: BalanceResult;
      try {
        result = {
          account,
          ok: true,
          balances: await trading.tradeBalance(await this.#accounts.caller(account)),
        };
      } catch (error) {
        result = { account, ok: false, error: errorOf(error) };
      }
      onResult?.(result);
      return result;
    });
  }

  /**
   * Balances of many sub-accounts read with the main account's key (one `sub-account/balances` call
   * each, all under that key's shared budget), each reported through `onResult` as it arrives.
   */
  async subAccountBalances(
    mainAccountId: string,
    subAccountIds: readonly string[],
    onResult?: (r: SubBalanceResult) => void,
  ): Promise<SubBalanceResult[]> {
    const main = await this.#accounts.caller(mainAccountId);
    return pool(subAccountIds, CONCURRENCY, async (subAccountId) => {
      let result: SubBalanceResult;
      try {
        result = { subAccountId, ok: true, balances: await subAccounts.balances(main, { id: subAccountId }) };
      } catch (error) {
        result = { subAccountId, ok: false, error: errorOf(error) };
      }
      onResult?.(result);
      return result;
    });
  }

  /** Every child of the order, sized and checked against the rules; nothing is sent. */
  async preview(
    accountIds: readonly string[],
    draft: OrderDraft,
    sizing: Sizing,
    parentId = newParentId(),
  ): Promise<{ parentId: string; children: ChildPreview[] }> {
    const market = await this.#connection.catalog.require(draft.market);
    const quoteAmount = draft.side === 'buy' && (draft.kind === 'market' || draft.kind === 'stop_market');
    const spends =
      draft.side === 'buy' ? (market.name.split('_')[1] ?? '') : (market.name.split('_')[0] ?? '');
    const available =
      sizing.kind === 'share'
        ? new Map(
            (await this.balances(accountIds)).map(
              (b) => [b.account, b.balances?.[spends]?.available] as const,
            ),
          )
        : new Map<string, string | undefined>();
    const children = await pool(accountIds, CONCURRENCY, async (account, i) => {
      const label = this.#accounts.registry.get(account)?.label ?? account;
      const clientOrderId = `${parentId}-${String(i + 1).padStart(3, '0')}`;
      const amount = sizeFor(
        sizing,
        account,
        accountIds,
        { market, side: draft.side as 'buy' | 'sell', quoteAmount, price: draft.price },
        available.get(account),
      );
      const issues =
        amount === undefined
          ? [{ field: 'amount', message: 'the sizing gives this account no amount' }]
          : await this.#connection.trading.issuesFor(() => this.#accounts.caller(account), {
              ...draft,
              amount,
              clientOrderId,
            });
      return { account, label, clientOrderId, ...(amount === undefined ? {} : { amount }), issues };
    });
    return { parentId, children };
  }

  /** Sends every child that passed the preview's checks; failures first in the report. */
  async place(
    accountIds: readonly string[],
    draft: OrderDraft,
    sizing: Sizing,
    parentId?: string,
    /** Client order ids an earlier send of this batch sent: looked up first, never sent twice. */
    sentBefore: ReadonlySet<string> = new Set(),
    /** The guard questions the person acknowledged for this order (see TradingService.screen). */
    acknowledge: readonly string[] = [],
  ): Promise<{ parentId: string; results: ChildResult[] }> {
    const preview = await this.preview(accountIds, draft, sizing, parentId);
    const results = await pool(preview.children, CONCURRENCY, async (child): Promise<ChildResult> => {
      const base = { account: child.account, label: child.label, clientOrderId: child.clientOrderId };
      if (child.issues.length > 0 || child.amount === undefined) {
        const first = child.issues[0];
        return {
          ...base,
          ok: false,
          error: {
            code: 'rule_violation',
            message: first?.message ?? 'not sized',
            ...(first ? { field: first.field } : {}),
          },
        };
      }
      try {
        const caller = await this.#accounts.caller(child.account);
        if (sentBefore.has(child.clientOrderId)) {
          // Open, or filled since: either way it stands at the exchange and must not be placed again.
          const earlier = await this.#connection.trading.find(
            caller,
            draft.market ?? '',
            child.clientOrderId,
          );
          if (earlier) return { ...base, ok: true, already: true, result: earlier };
        }
        const result = await this.#connection.trading.place(
          caller,
          { ...draft, amount: child.amount, clientOrderId: child.clientOrderId },
          undefined,
          acknowledge,
        );
        return { ...base, ok: true, result };
      } catch (error) {
        return { ...base, ok: false, error: errorOf(error) };
      }
    });
    results.sort((a, b) => Number(a.ok) - Number(b.ok));
    return { parentId: preview.parentId, results };
  }
}
