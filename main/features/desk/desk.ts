/**
 * Many accounts at once: balances fanned out under the shared rate limits, and one order ticket sent
 * to many accounts, each child sized on its own and carrying a client order id derived from one parent
 * id. A child that fails (rules, exchange) never blocks the others, and none is sent twice.
 */
import { randomBytes } from 'node:crypto';
import * as subAccounts from '../../exchange/endpoints/sub-accounts.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import type { IpcError } from '../../errors.ts';
import { itemFailure } from '../../readable-errors.ts';
import { Dec } from '../../rules/decimal.ts';
import type { MarketRules, OrderDraft, RuleIssue } from '../../rules/index.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import type { GuardId, GuardQuestion } from '../../rules/guards.ts';
import type { PlaceResult, Review } from '../../services/trading/trading.ts';
import { headlessPlatform, type Platform } from '../../platform.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import { orderQuestion, sizingContext } from './order-question.ts';
import { pool } from '../../services/desk/pool.ts';
import { PreviewStore, stalePreview } from '../../services/desk/previews.ts';
import { checkSizing, sizeFor, type Sizing } from './sizing.ts';

const CONCURRENCY = 16;
/** The children of a batch share a book read begun this long ago (each order is still priced from it). */
const BATCH_BOOK_AGE_MS = 1_000;
/** What `preview` showed, kept in main so `place` sends exactly that. */
export interface OrderPreview {
  previewId: string;
  parentId: string;
  /** After this time (ms since the epoch) the preview is refused. */
  expiresAtMs: number;
  children: ChildPreview[];
}

interface StoredPreview {
  accountIds: readonly string[];
  draft: OrderDraft;
  sizing: Sizing;
  parentId: string;
  market: MarketRules;
  children: ChildPreview[];
}

export interface ChildPreview {
  account: string;
  label: string;
  clientOrderId: string;
  /** Undefined when the sizing gives this account nothing. */
  amount?: string;
  issues: RuleIssue[];
  /** What main will ask about this account's order (beyond a guard), in the batch's one question. */
  questions: GuardQuestion[];
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
  return itemFailure(error, 'Something went wrong with this account; the others were not affected.');
}

/** A batch's parent id: `txb-` for orders (children are `<parent>-001`, ...), other prefixes for other batches. */
export function newParentId(prefix = 'txb'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

export class DeskService {
  readonly #accounts: AccountService;
  readonly #connection: ExchangeConnection;
  readonly #previews: PreviewStore<StoredPreview>;
  readonly #platform: Platform;

  constructor(
    accounts: AccountService,
    connection: ExchangeConnection,
    /** Asks the person before a batch is sent; headless declines. */
    platform: Platform = headlessPlatform,
    now: () => number = () => Date.now(),
  ) {
    this.#accounts = accounts;
    this.#connection = connection;
    this.#platform = platform;
    this.#previews = new PreviewStore(now);
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
   * Balances of the sub-accounts (every registered one on the main account's connection by default),
   * read with the main account's key as background work: that key's budget for sub-account calls is
   * shared with transfers and key changes, which go first. Each result is also told to `onResult` as
   * it arrives.
   */
  mainSubAccountBalances(
    subAccountIds?: readonly string[],
    onResult?: (r: SubBalanceResult) => void,
  ): Promise<SubBalanceResult[]> {
    const main = this.#accounts.mainAccount('it reads the sub-accounts.');
    const ids =
      subAccountIds ??
      this.#accounts.registry
        .list()
        .flatMap((a) =>
          a.kind === 'sub' && a.subAccountId && a.connection === main.connection ? [a.subAccountId] : [],
        );
    return this.subAccountBalances(main.id, ids, onResult, { background: true });
  }

  /**
   * Balances of many sub-accounts read with the main account's key (one `sub-account/balances` call
   * each, all under that key's shared budget), each reported through `onResult` as it arrives.
   */
  async subAccountBalances(
    mainAccountId: string,
    subAccountIds: readonly string[],
    onResult?: (r: SubBalanceResult) => void,
    options: { background?: boolean } = {},
  ): Promise<SubBalanceResult[]> {
    const caller = await this.#accounts.caller(mainAccountId);
    const main = options.background ? caller.inBackground() : caller;
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

  /**
   * Every child of the order, sized and checked against the rules; nothing is sent. The preview is
   * kept in main for `PREVIEW_TTL_MS` under its id: `place` sends exactly these children. A re-send of
   * an unfinished batch passes its parent id, so every child keeps its client order id.
   */
  async preview(
    accountIds: readonly string[],
    draft: OrderDraft,
    sizing: Sizing,
    parentId = newParentId(),
  ): Promise<OrderPreview> {
    checkSizing(sizing, draft.price);
    const market = await this.#connection.catalog.require(draft.market);
    const available = await this.#available(accountIds, draft, sizing);
    const children = await pool(accountIds, CONCURRENCY, async (account, i) => {
      const label = this.#accounts.registry.get(account)?.label ?? account;
      const clientOrderId = `${parentId}-${String(i + 1).padStart(3, '0')}`;
      const amount = sizeFor(
        sizing,
        account,
        accountIds,
        sizingContext(market, draft),
        available.get(account),
      );
      const { issues, questions } =
        amount === undefined
          ? {
              issues: [{ field: 'amount', message: 'the sizing gives this account no amount' }],
              questions: [],
            }
          : await this.#connection.trading.issuesFor(() => this.#accounts.caller(account), {
              ...draft,
              amount,
              clientOrderId,
            });
      return {
        account,
        label,
        clientOrderId,
        ...(amount === undefined ? {} : { amount }),
        issues,
        questions,
      };
    });
    const kept = this.#previews.put({ accountIds, draft, sizing, parentId, market, children });
    return { ...kept, parentId, children };
  }

  /**
   * What each child's order is worth and the guards it trips now (the book as it stands), for the
   * batch's one question.
   */
  async #guardsNow(preview: StoredPreview): Promise<Map<string, Pick<Review, 'questions' | 'estimate'>>> {
    const sendable = preview.children.filter((c) => c.issues.length === 0 && c.amount !== undefined);
    const asked = await pool(sendable, CONCURRENCY, async (child) => {
      const review = await this.#connection.trading.issuesFor(
        () => this.#accounts.caller(child.account),
        { ...preview.draft, amount: child.amount ?? '', clientOrderId: child.clientOrderId },
        BATCH_BOOK_AGE_MS,
      );
      return [child.account, review] as const;
    });
    return new Map(asked);
  }

  /** Each account's available balance of what the order spends, when the sizing takes a share of it. */
  async #available(accountIds: readonly string[], draft: OrderDraft, sizing: Sizing) {
    if (sizing.kind !== 'share') return new Map<string, string | undefined>();
    const [base = '', quote = ''] = (draft.market ?? '').split('_');
    const spends = draft.side === 'buy' ? quote : base;
    return new Map(
      (await this.balances(accountIds)).map((b) => [b.account, b.balances?.[spends]?.available] as const),
    );
  }

  /**
   * Sends every child of the preview that passed its checks, with exactly the previewed amount and
   * client order id; failures first in the report. Refuses, sending nothing, when the preview is
   * unknown, older than `PREVIEW_TTL_MS`, or no longer fits (the market's rules changed, or a balance
   * a share was taken of fell below what was previewed), or when the person declines main's own
   * question, or answers it after the preview's time ran out. The question names every field of the
   * order and each account's order beyond a guard; those guards are what the answer lets through (a
   * child that trips another by the time it goes is refused, unasked). A preview is sent at most once.
   */
  async place(
    previewId: string,
    /** Client order ids an earlier send of this batch sent: looked up first, never sent twice. */
    sentBefore: (parentId: string) => Promise<ReadonlySet<string>> = () => Promise.resolve(new Set()),
  ): Promise<{ parentId: string; results: ChildResult[] }> {
    // Used up now, so two sends of one preview cannot both place it.
    const { value: preview, expiresAtMs } = this.#previews.take(previewId);
    const { draft, sizing, accountIds } = preview;
    const market = await this.#connection.catalog.require(draft.market);
    if (JSON.stringify(market) !== JSON.stringify(preview.market))
      throw stalePreview("The market's trading rules changed since the preview");
    if (sizing.kind === 'share') {
      const available = await this.#available(accountIds, draft, sizing);
      for (const child of preview.children) {
        if (child.amount === undefined) continue;
        const now = sizeFor(
          sizing,
          child.account,
          accountIds,
          sizingContext(market, draft),
          available.get(child.account),
        );
        if (now === undefined || new Dec(now).lt(child.amount))
          throw stalePreview(`The balance of "${child.label}" fell since the preview`);
      }
    }
    const asked = await this.#guardsNow(preview);
    await requireConfirmation(
      this.#platform,
      orderQuestion(
        draft,
        preview.children.map((c) => ({
          ...c,
          questions: asked.get(c.account)?.questions ?? [],
          estimate: asked.get(c.account)?.estimate,
        })),
        sizingContext(market, draft),
      ),
    );
    if (this.#previews.expired(expiresAtMs))
      throw stalePreview('The preview ran out of time while its question was open');
    const earlier = await sentBefore(preview.parentId);
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
        if (earlier.has(child.clientOrderId)) {
          // Open, or filled since: either way it stands at the exchange and must not be placed again.
          const found = await this.#connection.trading.find(caller, draft.market ?? '', child.clientOrderId);
          if (found) return { ...base, ok: true, already: true, result: found };
        }
        const confirmed = new Set<GuardId>((asked.get(child.account)?.questions ?? []).map((q) => q.guard));
        const result = await this.#connection.trading.place(
          caller,
          { ...draft, amount: child.amount, clientOrderId: child.clientOrderId },
          { label: child.label, confirmed, bookAgeMs: BATCH_BOOK_AGE_MS },
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
