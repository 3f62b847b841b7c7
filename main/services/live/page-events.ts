/**
 * What of main's bus reaches the windows, and how each page's part is narrowed: the board's rows,
 * the merged state of an account a page follows live (`known.pushed`), mining and webhook events,
 * and an account's pushes only to a page that subscribed to their channel and topic (`ws.batch`).
 * A page receives an event only when it reads it (`EventHub.page`).
 */
import type { MainBus } from '../../bus.ts';
import type { EventName, EventPayload } from '../../views/events.ts';
import type { EventHub } from '../../event-hub.ts';
import type { PageReads } from './pages.ts';

/**
 * What a service tells the windows: an event of the contract with its payload. The windows' hub
 * (`main/event-hub.ts`) is one; it sends the event to the pages that read it.
 */
export interface PageEvents {
  emit<K extends EventName>(name: K, payload: EventPayload<K>): void;
}

export function forwardToPages(bus: MainBus, events: EventHub, live: { readonly pages: PageReads }): void {
  bus.on('board.rows', (rows) => events.emit('board.rows', rows));
  bus.on('known.merged', (m) =>
    events.emit('known.pushed', {
      accountId: m.account,
      kinds: m.kinds,
      asOfMs: m.asOfMs,
      values: m.values,
      ...(m.scoped ? { scoped: m.scoped } : {}),
    }),
  );
  bus.on('mining.alert', (alert) => events.emit('mining.alert', alert));
  bus.on('webhook.event', (event) => events.emit('webhook.event', event));
  events.narrow('ws.batch', (page, batch) => live.pages.batchFor(page, batch));
  events.narrow('known.pushed', (page, pushed) =>
    live.pages.follows(page, pushed.accountId) ? pushed : undefined,
  );
}
