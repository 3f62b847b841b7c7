/** IPC handlers of `app.*`: what the app is, and restarting it onto the saved connection. */
import type { Handlers } from '../../ipc/router.ts';
import { appInfo } from '../../services/app-info.ts';
import { saveTableCsv } from '../../services/table-export.ts';
import type { HandlerContext } from '../context.ts';

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
