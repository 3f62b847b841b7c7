import type {
  GuardQuestionView,
  DeskChildPreview,
  DeskChildResult,
  MarketView,
  RuleIssueView,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { deskInput, emptyDeskFields, type DeskInput, type DeskOrderFields } from './desk-input.ts';
import { sumDecimals } from '../format/exact.ts';
import { errorFor, settled } from './errors.ts';

/** One child of a sent batch, as the result shows it. */
export interface ChildOutcome {
  account: string;
  label: string;
  clientOrderId: string;
  amount?: string;
  /** `already`: refused as a duplicate on a re-send because the earlier send placed it. */
  state: 'placed' | 'already' | 'failed';
  orderId?: string;
  recovered: boolean;
  error?: IpcError;
}

export interface DeskPreview {
  key: string;
  input: DeskInput;
  /** Main's id of this preview: sending passes it, and main sends exactly these children. */
  previewId: string;
  parentId: string;
  children: DeskChildPreview[];
  /** The batch this preview sends again after a partial failure. */
  resend: boolean;
  /** What main's own question will name: each account's order beyond a guard, with the account. */
  questions: GuardQuestionView[];
}

/** A batch with failures: sending the same accounts on the same market again keeps its parent id. */
interface Unfinished {
  parentId: string;
  accountIds: string[];
  market: string;
  /** The children it placed (or found already placed), with their order ids. */
  placed: ChildOutcome[];
}

/**
 * One order for many accounts: the ticket, a preview of every child (sized per account and checked,
 * nothing sent), sending only what was previewed, and each child's outcome. A re-send after a partial
 * failure keeps the parent id, so every child keeps its client order id and none is placed twice.
 */
export class DeskOrder {
  fields = $state<DeskOrderFields>(emptyDeskFields());
  markets = $state<MarketView[]>([]);
  marketsError = $state<IpcError | undefined>();
  error = $state<IpcError | undefined>();
  previewing = $state(false);
  sending = $state(false);
  outcomes = $state<{ parentId: string; children: ChildOutcome[] } | undefined>();
  #preview = $state<DeskPreview | undefined>();
  #unfinished = $state<Unfinished | undefined>();
  readonly #api: TxcApi;
  readonly #accountIds: () => readonly string[];
  readonly #onBatch: () => void;

  constructor(api: TxcApi, accountIds: () => readonly string[], onBatch: () => void = () => undefined) {
    this.#api = api;
    this.#accountIds = accountIds;
    this.#onBatch = onBatch;
  }

  get #built() {
    return deskInput(this.fields, this.#accountIds());
  }

  /** The preview, while the ticket and the chosen accounts are still exactly what was previewed. */
  get preview(): DeskPreview | undefined {
    const p = this.#preview;
    const built = this.#built;
    return p && built.ok && JSON.stringify(built.input) === p.key ? p : undefined;
  }

  /** The parent id a re-send will keep, while there is an unfinished batch. */
  get resendParentId(): string | undefined {
    return this.#unfinished?.parentId;
  }

  /** Children the preview found nothing wrong with: the ones that will be sent. */
  get sendable(): DeskChildPreview[] {
    return (this.preview?.children ?? []).filter((c) => c.issues.length === 0 && c.amount !== undefined);
  }

  /** The sum of the sendable children's amounts, exactly. */
  get total(): string {
    return sumDecimals(this.sendable.map((c) => c.amount ?? '0')) ?? '—';
  }

  /** Spot markets: the kinds of order this ticket makes. */
  get spotMarkets(): MarketView[] {
    return this.markets.filter((m) => m.type !== 'futures');
  }

  /** A rule issue every previewed child has on a ticket field (the price), for that field to show. */
  sharedIssue(field: string): RuleIssueView | undefined {
    const children = this.preview?.children ?? [];
    const first = children[0]?.issues.find((i) => i.field === field);
    return first && children.every((c) => c.issues.some((i) => i.field === field)) ? first : undefined;
  }

  /** The error a field shows: main names nested fields `draft.price`, `sizing.share`, `sizing.weights.<id>`. */
  errorFor(field: string): IpcError | undefined {
    return (
      errorFor(this.error, field) ??
      (field.startsWith('draft.') ? errorFor(this.error, field.slice('draft.'.length)) : undefined)
    );
  }

  get unclaimedError(): IpcError | undefined {
    const e = this.error;
    if (!e) return undefined;
    const f = e.field ?? '';
    const known = /^(draft\.|sizing\.|accountIds|market$|price$)/.test(f);
    return f && known ? undefined : e;
  }

  /** Any edit makes the preview stale, and the last batch's outcomes no longer answer what is on screen. */
  set(patch: Partial<DeskOrderFields>): void {
    this.fields = { ...this.fields, ...patch };
    this.#preview = undefined;
    this.outcomes = undefined;
    this.error = undefined;
  }

  setWeight(accountId: string, weight: string): void {
    this.set({ weights: { ...this.fields.weights, [accountId]: weight } });
  }

  clearPreview(): void {
    this.#preview = undefined;
  }

  /** Forgets the unfinished batch: the next preview starts a new parent id. */
  startNewBatch(): void {
    this.#unfinished = undefined;
    this.#preview = undefined;
  }

  async loadMarkets(): Promise<void> {
    const reply = await this.#api.markets.list();
    if (!settled(reply, (error) => (this.marketsError = error))) return;
    this.markets = reply.value;
    const spot = this.spotMarkets;
    if (!spot.some((m) => m.name === this.fields.market)) {
      const name = spot.find((m) => m.name === 'BTC_USDT')?.name ?? spot[0]?.name ?? '';
      this.set({ market: name });
    }
  }

  async runPreview(): Promise<boolean> {
    const built = this.#built;
    if (!built.ok) {
      this.error = built.error;
      this.#preview = undefined;
      return false;
    }
    const u = this.#unfinished;
    const same =
      u !== undefined &&
      u.market === built.input.draft.market &&
      JSON.stringify(u.accountIds) === JSON.stringify(built.input.accountIds);
    this.previewing = true;
    // A new preview is a new subject: the previous batch's outcomes leave the screen.
    this.outcomes = undefined;
    // A re-send of the unfinished batch keeps its parent id: main derives each child's id from it.
    const reply = await this.#api.board.previewOrder({
      ...built.input,
      ...(u && same ? { parentId: u.parentId } : {}),
    });
    this.previewing = false;
    if (!reply.ok) {
      this.error = reply.error;
      this.#preview = undefined;
      return false;
    }
    this.error = undefined;
    if (u && !same) this.#unfinished = undefined;
    const { previewId, parentId, children } = reply.value;
    this.#preview = {
      key: JSON.stringify(built.input),
      input: built.input,
      previewId,
      parentId,
      children,
      resend: Boolean(u && same),
      questions: children.flatMap((c) =>
        c.questions.map((q) => ({ ...q, message: `${c.label}: ${q.message}` })),
      ),
    };
    return true;
  }

  /**
   * Sends exactly what was previewed (by its id in main), once main's own question is confirmed (it
   * names each order beyond a guard); without a current preview nothing happens.
   */
  async send(): Promise<boolean> {
    const p = this.preview;
    if (!p || this.sending) return false;
    this.sending = true;
    // Main sends exactly what this preview showed, or refuses a stale one: then it must be made again.
    const reply = await this.#api.board.placeOrder({ previewId: p.previewId });
    this.sending = false;
    if (!reply.ok) {
      this.error = reply.error;
      this.#preview = undefined;
      return false;
    }
    this.error = undefined;
    this.#preview = undefined;
    const earlier = this.#unfinished?.parentId === reply.value.parentId ? this.#unfinished.placed : undefined;
    const children = reply.value.results
      .map((r) => outcomeOf(r, p.children.find((c) => c.account === r.account)?.amount, earlier))
      // Failures first; orders an earlier send placed count with the placed ones.
      .sort((a, b) => Number(a.state !== 'failed') - Number(b.state !== 'failed'));
    this.outcomes = { parentId: reply.value.parentId, children };
    const placed = children.filter((c) => c.state !== 'failed');
    this.#unfinished = children.some((c) => c.state === 'failed')
      ? {
          parentId: reply.value.parentId,
          accountIds: [...p.input.accountIds],
          market: p.input.draft.market,
          placed,
        }
      : undefined;
    this.#onBatch();
    return true;
  }
}

function outcomeOf(
  r: DeskChildResult,
  amount: string | undefined,
  earlier: readonly ChildOutcome[] | undefined,
): ChildOutcome {
  const base = {
    account: r.account,
    label: r.label,
    clientOrderId: r.clientOrderId,
    ...(amount === undefined ? {} : { amount }),
  };
  if (r.ok) {
    const id = r.result?.order?.orderId;
    // Main found it standing from the earlier send (open or filled since) and did not send it again.
    const standing = r.already === true;
    const standingAmount = standing ? r.result?.order?.amount : undefined;
    return {
      ...base,
      ...(standingAmount === undefined ? {} : { amount: standingAmount }),
      state: standing ? 'already' : 'placed',
      recovered: standing ? false : (r.result?.recovered ?? false),
      ...(id === undefined ? {} : { orderId: String(id) }),
    };
  }
  const before = earlier?.find((c) => c.account === r.account);
  if (before && r.error?.field === 'clientOrderId') {
    // What stands at the exchange is the earlier order, with its own amount and id.
    const { orderId: id, amount: earlierAmount } = before;
    return {
      ...base,
      ...(earlierAmount === undefined ? {} : { amount: earlierAmount }),
      state: 'already',
      recovered: false,
      ...(id === undefined ? {} : { orderId: id }),
    };
  }
  return { ...base, state: 'failed', recovered: false, ...(r.error ? { error: r.error } : {}) };
}
