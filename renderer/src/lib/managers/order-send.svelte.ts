import type { OrderTicket } from './order-ticket.svelte.ts';

/** An order beyond the person's thresholds, asked about in a dialog before it is sent. */
export interface OrderQuestion {
  title: string;
  /** The order in words: "Buy 0.001 BTC at 30,000.1 — limit". */
  summary: string;
  /** Main's reasons, each a sentence. */
  reasons: string[];
  /** The guards the person acknowledges by confirming. */
  acknowledge: string[];
}

/**
 * Sending the ticket's order: checked once more by main, sent at once unless main has a question
 * (far from the market, above the value ceiling), which is asked first and acknowledged by confirming.
 * A question main raises at the send itself (the market moved since the check) is asked the same way.
 */
export class OrderSend {
  /** The question on screen, if any. */
  asking = $state<OrderQuestion | undefined>();
  readonly #ticket: OrderTicket;
  readonly #placed: (account: string) => void;

  /** `placed` runs after each order main accepted, with its account (its orders and funds are read again). */
  constructor(ticket: OrderTicket, placed: (account: string) => void) {
    this.#ticket = ticket;
    this.#placed = placed;
  }

  /** Enter or the submit button: checked once more; sent at once unless main asks. */
  async submit(account: string | undefined): Promise<void> {
    const ticket = this.#ticket;
    if (!account || !ticket.ready) return;
    await ticket.check();
    if (!ticket.ready) return;
    const questions = ticket.questions;
    if (questions.length === 0) await this.#place(account, []);
    else
      this.#ask(
        questions.map((q) => q.message),
        questions.map((q) => q.guard),
      );
  }

  /** The person's answer to the question on screen: confirming sends the order, acknowledging its guards. */
  async answer(account: string | undefined, confirmed: boolean): Promise<void> {
    const asked = this.asking;
    this.asking = undefined;
    if (confirmed && asked && account) await this.#place(account, asked.acknowledge);
  }

  async #place(account: string, acknowledge: string[]): Promise<void> {
    const ticket = this.#ticket;
    if (await ticket.place(account, acknowledge)) this.#placed(account);
    // The market moved between the check and the send: main asks; the question comes up here.
    const refused = ticket.placeError;
    if (refused?.code === 'needs_confirmation' && refused.guards) {
      ticket.placeError = undefined;
      this.#ask([refused.message], refused.guards);
    }
  }

  #ask(reasons: string[], acknowledge: string[]): void {
    this.asking = { title: 'Send this order?', summary: this.#ticket.summary, reasons, acknowledge };
  }
}
