/** The app as a feature: what it is (version, platform, data directory), a table saved as CSV, the restart. */
import type { AppEnvironment } from '../../environment.ts';
import type { Platform } from '../../platform.ts';
import type { ConnectionSettings } from '../connection/settings.ts';
import { appHandlers } from './handlers.ts';

export interface AppDeps {
  environment: AppEnvironment;
  platform: Platform;
  /** The saved connection, which a restart opens (the connection feature's). */
  connectionSettings: ConnectionSettings;
}

export function create(deps: AppDeps) {
  return { handlers: appHandlers(deps), close: () => undefined };
}
