import { draftOf, type OrderTicket } from './order-ticket.svelte.ts';

/**
 * A press of the order just sent this soon after the send ended is the same press: a key pressed
 * twice in a hurry (each such press renews it), the second handled once the first one's send is in,
 * however long that took. Pressed again after it, the order goes again.
 */
export const SAME_PRESS_MS = 800;

/**
 * Sending the ticket's order: checked once more by main, then sent as the ticket shows it. An order
 * inside every guard goes at once; one beyond a guard goes only when the person confirms main's own
 * question (a native dialog): the page shows main's questions ahead for reading speed, never as the
 * gate. A question declined there leaves the ticket as it was, saying nothing was sent.
 *
 * One press sends at most one order, whatever the input (Enter, a click, a key held down): a key's
 * repeats are not presses; a press while a send is out, or of the very order just sent within
 * `SAME_PRESS_MS` of that send's end (placed, or refused by the exchange), sends nothing and says so. One declined at main's question was never signed and may be pressed again at once. An
 * order goes only for the account the ticket was typed for.
 */
export class OrderSend {
  /** A send is out (checked, then placed): every press meanwhile belongs to it. */
  sending = $state(false);
  /** Why the last press sent nothing; cleared by the next press that sends. */
  note = $state('');
  readonly #ticket: OrderTicket;
  readonly #placed: (account: string) => void;
  readonly #now: () => number;
  /** The order last sent and when its send ended (presses that sent nothing renew it). */
  #last: { key: string; at: number } | undefined;

  /** `placed` runs after each order main accepted, with its account (its orders and funds are read again). */
  constructor(ticket: OrderTicket, placed: (account: string) => void, now: () => number = Date.now) {
    this.#ticket = ticket;
    this.#placed = placed;
    this.#now = now;
  }

  /**
   * Enter or the submit button: checked once more (a key pressed just before may not have been
   * checked yet), then sent; main asks itself when it must.
   */
  async submit(account: string | undefined, press: { repeat?: boolean } = {}): Promise<void> {
    const ticket = this.#ticket;
    if (!account) return;
    const at = this.#now();
    const key = orderKey(account, ticket);
    const last = this.#last;
    const again = last?.key === key && at - last.at < SAME_PRESS_MS;
    if (press.repeat || this.sending || again) {
      if (again) this.#last = { key, at };
      this.note = this.sending
        ? 'An order is being sent: this press sent nothing more.'
        : 'Pressed again right after this order was sent: this press sent nothing. Press once more to send it again.';
      return;
    }
    this.sending = true;
    this.note = '';
    let order = false;
    try {
      await ticket.check();
      // The ticket belongs to the account it was typed for: switched meanwhile, nothing goes.
      if (!ticket.ready || (ticket.account !== undefined && ticket.account !== account)) return;
      order = (await ticket.place(account)) !== undefined;
      // an order signed (placed, or refused by the exchange) makes a quick second press of it the
      // same press, counted from the answer: on a busy machine a second press made while the send
      // was out is handled only after it; one declined at main's question was never signed, and may
      // be pressed again
      this.#last = ticket.placeError?.code === 'not_confirmed' ? undefined : { key, at: this.#now() };
    } finally {
      this.sending = false;
    }
    if (order) this.#placed(account);
  }
}

/** What a press sends: the account and the order (a client order id is the order's, not the press's). */
function orderKey(account: string, ticket: OrderTicket): string {
  const { clientOrderId: _, ...draft } = draftOf(ticket.fields);
  return `${account}|${JSON.stringify(draft)}`;
}
