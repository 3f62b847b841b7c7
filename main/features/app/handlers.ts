/** IPC handlers of `app.*`: what the app is, and restarting it onto the saved connection. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { appProcedures } from './procedures.ts';
import { appInfo } from './info.ts';
import { saveTableCsv } from './table-export.ts';
import type { AppEnvironment } from '../../environment.ts';
import type { ConnectionSettings } from '../connection/settings.ts';
import type { Platform } from '../../platform.ts';

type Handlers = HandlersOf<typeof appProcedures>;

/** What the handlers of `app.*` draw on. */
export interface AppHandlerDeps {
  readonly environment: AppEnvironment;
  readonly connectionSettings: ConnectionSettings;
  readonly platform: Platform;
}

export function appHandlers(ctx: AppHandlerDeps): Pick<Handlers, 'app.info' | 'app.restart' | 'app.saveCsv'> {
  return {
    'app.info': () => appInfo(ctx.environment),
    'app.restart': async () => {
      await ctx.connectionSettings.restart();
      return null;
    },
    'app.saveCsv': ({ name, csv }) => saveTableCsv(ctx.platform, name, csv),
  };
}
