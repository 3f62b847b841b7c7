/**
 * Bulk actions across accounts: cancel every open order, close every position (market, reduce-only),
 * or flatten (both), for a selection or the whole desk. A preview reads what each account has open
 * and is kept in main under its id; the send asks main's own question naming the number of accounts,
 * orders and positions, and the take-profit / stop-loss legs of open positions among the orders, then
 * works each account on its own (one failing never stops the others) and answers each account's
 * outcome, failures first. Safe to send again: each send reads the account's
 * open orders and positions afresh, cancelling what is still open and closing (reduce-only) what is
 * still held, so nothing done by an earlier send is done twice.
 */
import type { IpcError } from '../../errors.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type {
  BulkActionView,
  BulkChildPreviewView,
  BulkChildResultView,
  BulkPreviewView,
} from '../../views/board.ts';
import type { OrderView } from '../../views/orders.ts';
import type { PositionView } from '../../views/positions.ts';
import { itemFailure } from '../../readable-errors.ts';
import { Dec } from '../../rules/decimal.ts';
import type { OrderDraft } from '../../rules/index.ts';
import type { Confirmation, Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import { batchGuardLines } from '../../services/trading/guard-ask.ts';
import type { GuardQuestion } from '../../rules/guards.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import { legsAmongFacts, type LegAmong } from '../../services/trading/leg-questions.ts';
import { isLeg, legsAmong } from '../../services/trading/order-modify.ts';
import { cancelEach } from '../../services/trading/orders.ts';
import { openPositions } from '../../services/trading/positions.ts';
import { newParentId } from './desk.ts';
import { someOf } from '../../services/desk/key-permissions.ts';
import { pool } from '../../services/desk/pool.ts';
import { PreviewStore, stalePreview } from '../../services/desk/previews.ts';

const CONCURRENCY = 32;
/** The closing orders of a batch share a book read begun this long ago. */
const BATCH_BOOK_AGE_MS = 1_000;
const ORDERS_PAGE = 100;

interface StoredBulk {
  action: BulkActionView;
  parentId: string;
  children: BulkChildPreviewView[];
  /** The take-profit / stop-loss legs of open positions among the orders to cancel (main's own). */
  legs: LegAmong[];
}

const cancels = (action: BulkActionView): boolean => action !== 'close_positions';
const closes = (action: BulkActionView): boolean => action !== 'cancel_orders';

function errorOf(error: unknown): IpcError {
  return itemFailure(error, 'Something went wrong with this account; the others were not affected.');
}

async function allOpenOrders(caller: KeyCaller): Promise<OrderView[]> {
  const out: OrderView[] = [];
  for (let offset = 0; offset <= 10_000; offset += ORDERS_PAGE) {
    const page = await trading.activeOrders(caller, { limit: ORDERS_PAGE, offset });
    out.push(...page);
    if (page.length < ORDERS_PAGE) break;
  }
  return out;
}

/** The market order that closes the position: the other side, its whole size, reduce-only. */
export function closingDraft(p: PositionView): OrderDraft {
  const amount = new Dec(p.amount);
  const side = p.positionSide === 'SHORT' || (p.positionSide !== 'LONG' && amount.isNeg()) ? 'buy' : 'sell';
  return {
    kind: 'collateral_market',
    market: p.market,
    side,
    amount: amount.abs().toFixed(),
    reduceOnly: true,
    ...(p.positionSide && p.positionSide !== 'BOTH' ? { positionSide: p.positionSide } : {}),
  };
}

export class BulkActions {
  readonly #accounts: AccountService;
  readonly #connection: ExchangeConnection;
  readonly #platform: Platform;
  readonly #previews: PreviewStore<StoredBulk>;

  constructor(
    accounts: AccountService,
    connection: ExchangeConnection,
    platform: Platform,
    now: () => number = Date.now,
  ) {
    this.#accounts = accounts;
    this.#connection = connection;
    this.#platform = platform;
    this.#previews = new PreviewStore(now);
  }

  /** What each account has open now; nothing is sent. A re-send passes the batch's parent id. */
  async preview(
    action: BulkActionView,
    accountIds: readonly string[],
    parentId = newParentId('txf'),
  ): Promise<BulkPreviewView> {
    const legs: LegAmong[] = [];
    const children = await pool(accountIds, CONCURRENCY, async (account) => {
      const label = this.#accounts.registry.get(account)?.label ?? account;
      try {
        const caller = await this.#accounts.caller(account);
        const [orders, positions] = await Promise.all([
          cancels(action) ? allOpenOrders(caller) : Promise.resolve([]),
          closes(action) ? openPositions(caller) : Promise.resolve([]),
        ]);
        // a position's take-profit / stop-loss among the orders is named in the question
        if (orders.some(isLeg)) {
          const held = closes(action) ? positions : await openPositions(caller);
          legs.push(...legsAmong(orders, held).map((l) => ({ ...l, account: label })));
        }
        return {
          account,
          label,
          orders: orders.length,
          positions: positions.map((p) => ({ market: p.market, amount: p.amount })),
        };
      } catch (error) {
        return { account, label, orders: 0, positions: [], problem: errorOf(error).message };
      }
    });
    const kept = this.#previews.put({ action, parentId, children, legs });
    return {
      ...kept,
      parentId,
      action,
      orders: children.reduce((n, c) => n + c.orders, 0),
      positions: children.reduce((n, c) => n + c.positions.length, 0),
      children,
    };
  }

  /**
   * Sends the previewed batch once main's own question is confirmed (within the preview's time); each
   * account's outcome, failures first. A preview that could not read every account is refused, nothing
   * sent: what it would do to those accounts is not known. A closing order beyond a guard (its worst fill
   * far from the market, larger than the book) is named in that one question; one that trips another
   * guard by the time it goes is not sent.
   */
  async run(
    previewId: string,
  ): Promise<{ parentId: string; action: BulkActionView; results: BulkChildResultView[] }> {
    const { value: preview, expiresAtMs } = this.#previews.take(previewId);
    const unread = preview.children.filter((c) => c.problem);
    if (unread.length > 0)
      throw stalePreview(
        `${String(unread.length)} ${unread.length === 1 ? 'account' : 'accounts'} could not be read for this preview (${someOf(unread.map((c) => c.label))})`,
      );
    const asked = closes(preview.action)
      ? await this.#guardsNow(preview)
      : new Map<string, GuardQuestion[]>();
    await requireConfirmation(this.#platform, question(preview, asked));
    if (this.#previews.expired(expiresAtMs))
      throw stalePreview('The preview ran out of time while its question was open');
    const results = await pool(preview.children, CONCURRENCY, (child) => this.#one(preview, child, asked));
    results.sort((a, b) => Number(a.ok) - Number(b.ok));
    return { parentId: preview.parentId, action: preview.action, results };
  }

  /** The guards each previewed closing order trips now, by account and market. */
  async #guardsNow(preview: StoredBulk): Promise<Map<string, GuardQuestion[]>> {
    const asked = new Map<string, GuardQuestion[]>();
    await pool(
      preview.children.filter((c) => !c.problem),
      CONCURRENCY,
      async (child) => {
        const caller = await this.#accounts.caller(child.account).catch(() => undefined);
        if (!caller) return;
        for (const p of child.positions) {
          const draft = closingDraft({ ...p, positionId: 0, basePrice: null, liquidationPrice: null });
          const { questions } = await this.#connection.trading.issuesFor(
            () => Promise.resolve(caller),
            draft,
            BATCH_BOOK_AGE_MS,
          );
          if (questions.length > 0) asked.set(`${child.account}|${p.market}`, questions);
        }
      },
    );
    return asked;
  }

  async #one(
    preview: StoredBulk,
    child: BulkChildPreviewView,
    asked: ReadonlyMap<string, readonly GuardQuestion[]>,
  ): Promise<BulkChildResultView> {
    const out: BulkChildResultView = {
      account: child.account,
      label: child.label,
      ok: true,
      cancelled: 0,
      closed: 0,
      left: 0,
    };
    const fail = (error: unknown): void => {
      out.ok = false;
      out.error ??= errorOf(error);
    };
    let caller: KeyCaller;
    try {
      caller = await this.#accounts.caller(child.account);
    } catch (error) {
      fail(error);
      return out;
    }
    if (cancels(preview.action)) {
      try {
        const markets = new Set((await allOpenOrders(caller)).map((o) => o.market));
        for (const market of markets) {
          const r = await cancelEach(caller, market);
          out.cancelled += r.cancelled.length;
          out.left += r.failed.length;
          if (r.failed[0]) fail({ ...r.failed[0].error });
        }
      } catch (error) {
        fail(error);
      }
    }
    if (closes(preview.action)) {
      try {
        for (const p of await openPositions(caller)) {
          try {
            const confirmed = new Set((asked.get(`${child.account}|${p.market}`) ?? []).map((q) => q.guard));
            await this.#connection.trading.place(caller, closingDraft(p), {
              label: child.label,
              confirmed,
              bookAgeMs: BATCH_BOOK_AGE_MS,
            });
            out.closed += 1;
          } catch (error) {
            out.left += 1;
            fail(error);
          }
        }
      } catch (error) {
        fail(error);
      }
    }
    return out;
  }
}

const ACTION_WORDS: Record<BulkActionView, { title: string; action: string }> = {
  cancel_orders: { title: 'Cancel every open order', action: 'Cancel orders' },
  close_positions: { title: 'Close every position at market', action: 'Close positions' },
  flatten: { title: 'Flatten: cancel every order and close every position', action: 'Flatten' },
};

function question(preview: StoredBulk, asked: ReadonlyMap<string, readonly GuardQuestion[]>): Confirmation {
  const read = preview.children.filter((c) => !c.problem);
  const orders = read.reduce((n, c) => n + c.orders, 0);
  const positions = read.reduce((n, c) => n + c.positions.length, 0);
  const words = ACTION_WORDS[preview.action];
  const count = `${String(read.length)} ${read.length === 1 ? 'account' : 'accounts'}`;
  const legs = legsAmongFacts(preview.legs);
  // flattening closes the positions too: their legs go with them
  const warning = closes(preview.action)
    ? 'Market orders close at whatever price the book gives; this cannot be undone.'
    : legs?.warning;
  return {
    title: `${words.title} of ${count}?`,
    facts: [
      { label: 'Accounts', value: `${count}: ${someOf(read.map((c) => c.label))}` },
      ...(cancels(preview.action) ? [{ label: 'Orders to cancel', value: String(orders) }] : []),
      ...(legs ? [legs.fact] : []),
      ...(closes(preview.action)
        ? [{ label: 'Positions to close', value: `${String(positions)} (market orders, reduce-only)` }]
        : []),
      ...batchGuardLines(
        read.flatMap((c) =>
          c.positions.map((p) => ({
            name: `${c.label}, ${p.market}`,
            questions: asked.get(`${c.account}|${p.market}`) ?? [],
          })),
        ),
      ),
    ],
    action: words.action,
    ...(warning ? { warning } : {}),
  };
}
