/** IPC handlers of `live.*`: WebSocket subscriptions, owned by the page instance that made them. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { liveProcedures } from './procedures.ts';
import type { LiveService } from '../../services/live/service.ts';

type Handlers = HandlersOf<typeof liveProcedures>;

/** What the handlers of `live.*` draw on. */
export interface LiveHandlerDeps {
  readonly live: LiveService;
}

export function liveHandlers({
  live,
}: LiveHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `live.${string}`>> {
  return {
    'live.subscribe': ({ accountId, channel, topic }, call) =>
      live.subscribe(accountId, channel, topic, call.frame),
    'live.candles': ({ accountId, market, interval, start, end }) =>
      live.candles(accountId, market, interval, start, end),
    'live.trades': ({ accountId, market }) => live.trades(accountId, market),
    'live.state': ({ accountId }) => live.state(accountId),
    'live.unsubscribe': ({ id }, call) => live.unsubscribe(id, call.frame),
  };
}
