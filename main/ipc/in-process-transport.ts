import type { BridgeTransport } from './contract.ts';
import type { EventHub } from '../event-hub.ts';
import type { Router } from './router.ts';

let pages = 0;

/**
 * The bridge transport without a process boundary, for tests and benchmarks: one page instance of
 * its own (its live subscriptions are its own, and it receives only the events it reads). Values are
 * structured-cloned both ways, as Electron's IPC does, so a result that could not cross IPC fails here
 * too.
 */
export function inProcessTransport(router: Router, events: EventHub, origin = 'in-process'): BridgeTransport {
  const frame = `${origin}-${String(++pages)}`;
  let reads: readonly string[] = [];
  const outlets = new Set<ReturnType<EventHub['page']>>();
  return {
    async invoke(procedure, input) {
      const reply = await router.dispatch(procedure, structuredClone(input), { origin, frame });
      return structuredClone(reply);
    },
    listen(listener) {
      const outlet = events.page(
        () => frame,
        (name, payload) => listener(name, structuredClone(payload)),
      );
      outlet.reads(reads);
      outlets.add(outlet);
      return () => {
        outlet.close();
        outlets.delete(outlet);
      };
    },
    reads(names) {
      reads = [...names];
      for (const outlet of outlets) outlet.reads(reads);
    },
  };
}
