import type { AppEnvironment } from './environment.ts';
import { EventHub } from './ipc/event-hub.ts';
import { createRouter, type Handlers, type Router } from './ipc/router.ts';
import { createLogger, type Logger } from './log.ts';
import { appInfo } from './services/app-info.ts';

/** Everything the main process runs, independent of Electron: the router, its services and events. */
export interface Core {
  readonly router: Router;
  readonly events: EventHub;
  readonly log: Logger;
  close(): Promise<void>;
}

export interface CoreOptions {
  environment: AppEnvironment;
  log?: Logger;
}

export function createCore({ environment, log = createLogger() }: CoreOptions): Core {
  const events = new EventHub();
  const handlers: Handlers = {
    'app.info': () => appInfo(environment),
  };
  const router = createRouter(handlers, {
    onInternalError: (procedure, error) => log.log('error', `procedure ${procedure} failed`, error),
  });
  return {
    router,
    events,
    log,
    async close() {},
  };
}
