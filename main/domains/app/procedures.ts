/** The procedures of what the app is, and restarting it. */
import { noInput, procedure, type ProcedureDef } from '../../ipc/schemas.ts';
import type { AppInfo } from './views.ts';

export const appProcedures = {
  'app.info': procedure<AppInfo>()('Version, platform and data directory of the running app.', noInput),
  'app.restart': procedure<null>()('Restarts the app (to connect as saved).', noInput),
} as const satisfies Record<string, ProcedureDef>;
