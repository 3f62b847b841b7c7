/** The result and payload types of webhook events (plain data). */

/** A webhook event as stored: the exchange's method, id and params (source 'reconciler' when filled in). */
export interface WebhookEventView {
  id: string;
  account: string;
  method: string;
  nonce: number;
  receivedAtMs: number;
  params: unknown;
}
