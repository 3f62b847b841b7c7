import type { BridgeTransport } from '../../preload/bridge.ts';
import type { EventHub } from './event-hub.ts';
import type { Router } from './router.ts';

/**
 * The bridge transport without a process boundary, for tests and benchmarks. Values are structured-
 * cloned both ways, as Electron's IPC does, so a result that could not cross IPC fails here too.
 */
export function inProcessTransport(router: Router, events: EventHub, origin = 'in-process'): BridgeTransport {
  return {
    async invoke(procedure, input) {
      const reply = await router.dispatch(procedure, structuredClone(input), { origin });
      return structuredClone(reply);
    },
    listen(listener) {
      return events.subscribe((name, payload) => listener(name, structuredClone(payload)));
    },
  };
}
