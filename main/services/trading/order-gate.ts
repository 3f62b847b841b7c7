/**
 * The last step of every order and every change of one before it is signed: main's own question when
 * a guard trips (or, in a batch, a refusal for a guard its one question did not name), then the
 * velocity budget counted. The budget is checked again at the moment the order is counted, with no
 * wait in between, so two orders sent at once cannot both pass it unasked.
 */
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { Confirmation } from '../../platform.ts';
import type { Dec } from '../../rules/decimal.ts';
import {
  DEFAULT_GUARDS,
  addedUsdt,
  velocityQuestion,
  type GuardFacts,
  type GuardId,
  type GuardQuestion,
  type GuardSettings,
} from '../../rules/guards.ts';
import type { OrderDraft } from '../../rules/index.ts';
import { requireConfirmation } from '../confirm.ts';
import { GuardsChanged } from './order-errors.ts';
import { VelocityLedger } from './velocity.ts';

/** Main's own question, asked natively; true only when the person pressed the action. */
export type GuardAsker = (question: Confirmation) => Promise<boolean>;

/** How one order passes the gate: in a batch, the guards its one question named. */
export interface GateOptions {
  readonly confirmed?: ReadonlySet<GuardId> | undefined;
}

export class OrderGate {
  #guards: () => GuardSettings = () => DEFAULT_GUARDS;
  /** Without a desktop to ask, an order beyond a guard is not sent. */
  #ask: GuardAsker = () => Promise.resolve(false);
  readonly #velocity: VelocityLedger;

  constructor(now: () => number = Date.now) {
    this.#velocity = new VelocityLedger(now);
  }

  /** Where the guards' thresholds come from (the profile's settings); the defaults until set. */
  useGuardSettings(source: () => GuardSettings): void {
    this.#guards = source;
  }

  /** How main asks the person about an order beyond a guard (the desktop's native dialog). */
  useGuardQuestions(ask: GuardAsker): void {
    this.#ask = ask;
  }

  get settings(): GuardSettings {
    return this.#guards();
  }

  /** USDT the account's orders added in the last minute (main's memory: no request). */
  recent(caller: KeyCaller): Dec {
    return this.#velocity.recent(caller.credentials.apiKey);
  }

  /**
   * Nothing when no guard trips; in a batch, a refusal for a guard its one question did not name;
   * otherwise main's native question, and `NotConfirmedError` unless the person sends it anyway.
   */
  async askGuards(
    questions: readonly GuardQuestion[],
    options: GateOptions,
    question: () => Confirmation,
  ): Promise<void> {
    if (questions.length === 0) return;
    if (options.confirmed) {
      const confirmed = options.confirmed;
      const open = questions.filter((q) => !confirmed.has(q.guard));
      if (open.length > 0) throw new GuardsChanged(open);
      return;
    }
    await requireConfirmation(
      { confirm: this.#ask },
      question(),
      'Not sent: you did not send it anyway when the app asked (it is beyond your guards). Nothing changed.',
    );
  }

  /**
   * Asks the order's questions, then counts the value it adds against the account's velocity budget.
   * When other orders of the account used the budget while it was asked, its question is asked now
   * (a batch's order is refused unless its one question named the budget). Answers how to take the
   * count off again, for an order the exchange refused outright.
   */
  async admit(
    caller: KeyCaller,
    draft: OrderDraft,
    facts: GuardFacts,
    questions: readonly GuardQuestion[],
    options: GateOptions,
    question: (questions: readonly GuardQuestion[]) => Confirmation,
  ): Promise<() => void> {
    await this.askGuards(questions, options, () => question(questions));
    const adds = draft.reduceOnly === true ? undefined : addedUsdt(draft, facts);
    if (!adds || adds.lte(0)) return () => undefined;
    const answered = new Set<GuardId>([...questions.map((q) => q.guard), ...(options.confirmed ?? [])]);
    const key = caller.credentials.apiKey;
    for (;;) {
      const late = answered.has('velocity')
        ? undefined
        : velocityQuestion(draft, this.#guards(), { ...facts, recent: this.#velocity.recent(key) });
      // counted in the same turn as it was checked: nothing else can take the budget in between
      if (!late) return this.#velocity.record(key, adds);
      await this.askGuards([late], options, () => question([late]));
      answered.add('velocity');
    }
  }
}
