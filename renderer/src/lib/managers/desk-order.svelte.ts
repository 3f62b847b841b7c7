import type {
  DeskChildPreview,
  DeskChildResult,
  MarketView,
  OrderDraftInput,
  ProcedureInput,
  RuleIssueView,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { errorFor } from './errors.ts';

export type DeskKind = 'limit' | 'market';
export type SizingChoice = 'fixed' | 'weight' | 'share';
export type DeskInput = ProcedureInput<'desk.previewOrder'>;

/** The ticket as typed. */
export interface DeskOrderFields {
  kind: DeskKind;
  market: string;
  side: 'buy' | 'sell';
  price: string;
  postOnly: boolean;
  ioc: boolean;
  sizing: SizingChoice;
  /** Fixed: each account's amount. */
  amount: string;
  /** Weight: the total split in proportion to the weights. */
  total: string;
  /** Weight: per account id, as typed. */
  weights: Record<string, string>;
  /** Share: a percentage of each account's available balance, as typed. */
  sharePercent: string;
}

export function emptyDeskFields(market = ''): DeskOrderFields {
  return {
    kind: 'limit',
    market,
    side: 'buy',
    price: '',
    postOnly: false,
    ioc: false,
    sizing: 'fixed',
    amount: '',
    total: '',
    weights: {},
    sharePercent: '',
  };
}

/** A percentage as typed ("12.5") as the exact 0..1 decimal main takes ("0.125"); undefined outside 0..100. */
export function percentToShare(text: string): string | undefined {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  // Two places to the left, by moving digits: no floating point involved.
  const digits = (m[1] ?? '0').padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/^0+(?=\d)/, '');
  const fraction = (digits.slice(-2) + (m[2] ?? '')).replace(/0+$/, '');
  if (whole !== '0' && !(whole === '1' && fraction === '')) return undefined;
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The exact sum of decimal strings (scaled integers, never Number); undefined if one is not a decimal. */
export function sumDecimals(values: readonly string[]): string | undefined {
  const parsed: Array<{ negative: boolean; int: string; frac: string }> = [];
  for (const v of values) {
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(v.trim());
    if (!m) return undefined;
    parsed.push({ negative: m[1] === '-', int: m[2] ?? '0', frac: m[3] ?? '' });
  }
  const scale = Math.max(0, ...parsed.map((p) => p.frac.length));
  let total = 0n;
  for (const p of parsed) {
    const n = BigInt(p.int + p.frac.padEnd(scale, '0'));
    total += p.negative ? -n : n;
  }
  const negative = total < 0n;
  const text = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const int = text.slice(0, text.length - scale);
  const frac = text.slice(text.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** A local check's error, shaped like main's so it shows next to the same field. */
function localError(field: string, message: string): IpcError {
  return { code: 'invalid_input', message, field };
}

/** Builds what main takes from the ticket, or the first field a person has to fix. */
export function deskInput(
  fields: DeskOrderFields,
  accountIds: readonly string[],
): { ok: true; input: DeskInput } | { ok: false; error: IpcError } {
  if (accountIds.length === 0)
    return { ok: false, error: localError('accountIds', 'Choose at least one account.') };
  if (!fields.market) return { ok: false, error: localError('draft.market', 'Choose a market.') };
  const limit = fields.kind === 'limit';
  if (limit && !fields.price.trim())
    return { ok: false, error: localError('draft.price', 'A limit order needs a price.') };
  const draft: OrderDraftInput = { kind: fields.kind, market: fields.market, side: fields.side, amount: '0' };
  if (limit) {
    draft.price = fields.price.trim();
    if (fields.postOnly) draft.postOnly = true;
    if (fields.ioc) draft.ioc = true;
  }
  let sizing: DeskInput['sizing'];
  if (fields.sizing === 'fixed') {
    if (!fields.amount.trim())
      return { ok: false, error: localError('sizing.amount', 'Give the amount each account orders.') };
    sizing = { kind: 'fixed', amount: fields.amount.trim() };
  } else if (fields.sizing === 'weight') {
    if (!fields.total.trim())
      return { ok: false, error: localError('sizing.total', 'Give the total to split by weight.') };
    const weights: Record<string, number> = {};
    for (const id of accountIds) {
      const typed = (fields.weights[id] ?? '1').trim();
      // A weight is a proportion, not an amount of money: a plain number is what main takes.
      if (!/^\d+(\.\d+)?$/.test(typed))
        return {
          ok: false,
          error: localError(
            `sizing.weights.${id}`,
            'A weight is a number of zero or more, such as 1 or 0.5.',
          ),
        };
      weights[id] = Number(typed);
    }
    sizing = { kind: 'weight', total: fields.total.trim(), weights };
  } else {
    const share = percentToShare(fields.sharePercent);
    if (share === undefined)
      return {
        ok: false,
        error: localError('sizing.share', 'Give a percentage from 0 to 100, such as 25 or 12.5.'),
      };
    sizing = { kind: 'share', share };
  }
  return { ok: true, input: { accountIds: [...accountIds], draft, sizing } };
}

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
  parentId: string;
  children: DeskChildPreview[];
  /** The batch this preview sends again after a partial failure. */
  resend: boolean;
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

  /** Any edit makes the preview stale. */
  set(patch: Partial<DeskOrderFields>): void {
    this.fields = { ...this.fields, ...patch };
    this.#preview = undefined;
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
    if (!reply.ok) {
      this.marketsError = reply.error;
      return;
    }
    this.marketsError = undefined;
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
    this.previewing = true;
    const reply = await this.#api.desk.previewOrder(built.input);
    this.previewing = false;
    if (!reply.ok) {
      this.error = reply.error;
      this.#preview = undefined;
      return false;
    }
    this.error = undefined;
    const u = this.#unfinished;
    const same =
      u !== undefined &&
      u.market === built.input.draft.market &&
      JSON.stringify(u.accountIds) === JSON.stringify(built.input.accountIds);
    if (u && !same) this.#unfinished = undefined;
    let { parentId, children } = reply.value;
    if (u && same) {
      // Main derives each child's id from the parent id and its place in the list: keep both.
      const from = `${parentId}-`;
      children = children.map((c) => ({
        ...c,
        clientOrderId: c.clientOrderId.startsWith(from)
          ? `${u.parentId}-${c.clientOrderId.slice(from.length)}`
          : c.clientOrderId,
      }));
      parentId = u.parentId;
    }
    this.#preview = {
      key: JSON.stringify(built.input),
      input: built.input,
      parentId,
      children,
      resend: Boolean(u && same),
    };
    return true;
  }

  /** Sends exactly what was previewed; without a current preview nothing happens. */
  async send(): Promise<boolean> {
    const p = this.preview;
    if (!p || this.sending) return false;
    this.sending = true;
    const reply = await this.#api.desk.placeOrder({ ...p.input, parentId: p.parentId });
    this.sending = false;
    if (!reply.ok) {
      this.error = reply.error;
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
