/** IPC handlers of `app.*`: what the app is, and restarting it onto the saved connection. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { appProcedures } from './procedures.ts';
import { appInfo } from '../../services/app-info.ts';
import { saveTableCsv } from '../../services/table-export.ts';
import type { HandlerContext } from '../context.ts';

type Handlers = HandlersOf<typeof appProcedures>;

export function appHandlers(ctx: HandlerContext): Pick<Handlers, 'app.info' | 'app.restart' | 'app.saveCsv'> {
  return {
    'app.info': () => appInfo(ctx.environment),
    'app.restart': async () => {
      await ctx.connectionSettings.restart();
      return null;
    },
    'app.saveCsv': ({ name, csv }) => saveTableCsv(ctx.platform, name, csv),
  };
}
