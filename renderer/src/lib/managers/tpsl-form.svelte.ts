import type {
  PositionView,
  ProcedureInput,
  TpSlCheckView,
  TpSlLegsView,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { ReplyGuard, type Asked } from './reply-guard.ts';

type TpSlInput = ProcedureInput<'positions.checkTpSl'>;

/** Typing pauses this long before the legs are checked. */
const CHECK_MS = 250;

/**
 * The take-profit / stop-loss form of a position: the legs typed are judged by main's one TP/SL rule
 * as they are typed (both legs, against the market's price now, named), as the order ticket judges a
 * new order's legs; the renderer only shows what main says. Adding them goes through the same rule.
 */
export class TpSlForm {
  busy = $state(false);
  error = $state<IpcError | undefined>();
  placed = $state<TpSlLegsView | undefined>();
  /** What main's rule says of the legs typed, and the price it measured them against. */
  check = $state<TpSlCheckView | undefined>();
  checking = $state(false);
  readonly #api: TxcApi;
  readonly #account: () => string;
  readonly #placed: () => Promise<void>;
  /** Every check (and a cleared form) makes the answers of earlier checks stale. */
  readonly #checks = new ReplyGuard();
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** `placed`: run once legs are placed (the positions read again, listing them). */
  constructor(api: TxcApi, account: () => string, placed: () => Promise<void>) {
    this.#api = api;
    this.#account = account;
    this.#placed = placed;
  }

  /** The messages main's rule gives for one field of the legs typed. */
  issuesFor(field: 'takeProfit' | 'stopLoss'): string[] {
    return (this.check?.issues ?? []).filter((i) => i.field === field).map((i) => i.message);
  }

  /** Whether main's rule flags anything in the legs typed. */
  get flagged(): boolean {
    return (this.check?.issues.length ?? 0) > 0;
  }

  #input(p: PositionView, takeProfit: string, stopLoss: string): TpSlInput {
    const side = p.positionSide === 'LONG' ? 'LONG' : p.positionSide === 'SHORT' ? 'SHORT' : undefined;
    return {
      accountId: this.#account(),
      market: p.market,
      ...(takeProfit.trim() ? { takeProfit: takeProfit.trim() } : {}),
      ...(stopLoss.trim() ? { stopLoss: stopLoss.trim() } : {}),
      ...(side ? { positionSide: side } : {}),
    };
  }

  /** Asks main's rule about the legs typed once typing pauses; an older answer never wins. */
  typed(p: PositionView, takeProfit: string, stopLoss: string): void {
    this.error = undefined;
    this.placed = undefined;
    // what was said of the prices before no longer holds; the reference they are measured against stays
    const reference = this.check?.reference;
    this.check = reference ? { issues: [], reference } : undefined;
    clearTimeout(this.#timer);
    const asked = this.#checks.next();
    if (!takeProfit.trim() && !stopLoss.trim()) {
      this.check = undefined;
      this.checking = false;
      return;
    }
    this.checking = true;
    this.#timer = setTimeout(() => void this.#judge(asked, p, takeProfit, stopLoss), CHECK_MS);
  }

  async #judge(asked: Asked, p: PositionView, takeProfit: string, stopLoss: string): Promise<void> {
    const reply = await this.#api.positions.checkTpSl(this.#input(p, takeProfit, stopLoss));
    if (asked.stale) return;
    this.checking = false;
    // a check that could not be made leaves the judging to main when the legs are sent
    this.check = reply.ok ? reply.value : undefined;
  }

  /** Adds the legs; a press while they are being added sends nothing more. */
  async add(p: PositionView, takeProfit: string, stopLoss: string): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.error = undefined;
    this.placed = undefined;
    const reply = await this.#api.positions.addTpSl(this.#input(p, takeProfit, stopLoss));
    this.busy = false;
    if (!reply.ok) {
      this.error = reply.error;
      // refused by the rule: every leg it flags is shown next to its field, not the first only
      if (reply.error.code === 'rule_violation') {
        clearTimeout(this.#timer);
        this.checking = true;
        await this.#judge(this.#checks.next(), p, takeProfit, stopLoss);
      }
      return false;
    }
    this.check = undefined;
    this.placed = reply.value;
    await this.#placed();
    return true;
  }

  clear(): void {
    clearTimeout(this.#timer);
    this.#checks.dropAll();
    this.error = undefined;
    this.placed = undefined;
    this.check = undefined;
    this.checking = false;
  }
}
