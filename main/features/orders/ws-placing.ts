/**
 * Placing one order over the account's WebSocket (the ticket's "Send orders over the WebSocket"): the
 * same screen of rules, balance and guards as over REST. When the socket is not live (nor comes up
 * within a few seconds), nothing is sent on it: the order goes over REST, and the answer says so. No
 * order is ever sent on both paths: the fallback is decided before anything is sent.
 */
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { PlaceResultView } from '../../views/orders.ts';
import type { OrderDraft } from '../../rules/index.ts';
import type { LiveService } from '../../services/live/service.ts';
import type { MarketCatalog } from '../../services/market-catalog.ts';
import type { TradingService } from '../../services/trading/trading.ts';

/** How long a socket that is still connecting is waited for before the order goes over REST. */
export const WS_WAIT_MS = 3_000;

export const WS_NOT_LIVE_NOTE =
  "This account's WebSocket was not live, so the order was sent over REST instead.";

export async function placeOverWebSocket(
  services: { live: LiveService; trading: TradingService; catalog: MarketCatalog },
  caller: KeyCaller,
  accountId: string,
  draft: OrderDraft,
  label = accountId,
  waitMs = WS_WAIT_MS,
): Promise<PlaceResultView> {
  const { live, trading, catalog } = services;
  if (!(await live.liveWithin(accountId, waitMs))) {
    const placed = await trading.place(caller, draft, { label });
    return { ...placed, sentOver: 'rest', note: WS_NOT_LIVE_NOTE };
  }
  const context = await trading.accountContext(caller, draft);
  await trading.screen(caller, draft, { ...(context ? { account: context } : {}), label });
  const placed = await live.placeOrder(accountId, draft, catalog, trading, context);
  return { ...placed, sentOver: 'websocket' };
}
