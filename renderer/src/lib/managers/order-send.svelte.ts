import type { OrderTicket } from './order-ticket.svelte.ts';

/**
 * Sending the ticket's order: checked once more by main, then sent as the ticket shows it. An order
 * inside every guard goes at once; one beyond a guard goes only when the person confirms main's own
 * question (a native dialog): the page shows main's questions ahead for reading speed, never as the
 * gate. A question declined there leaves the ticket as it was, saying nothing was sent.
 */
export class OrderSend {
  readonly #ticket: OrderTicket;
  readonly #placed: (account: string) => void;

  /** `placed` runs after each order main accepted, with its account (its orders and funds are read again). */
  constructor(ticket: OrderTicket, placed: (account: string) => void) {
    this.#ticket = ticket;
    this.#placed = placed;
  }

  /**
   * Enter or the submit button: checked once more (a key pressed just before may not have been
   * checked yet), then sent; main asks itself when it must.
   */
  async submit(account: string | undefined): Promise<void> {
    const ticket = this.#ticket;
    if (!account) return;
    await ticket.check();
    if (!ticket.ready) return;
    if (await ticket.place(account)) this.#placed(account);
  }
}
