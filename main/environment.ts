import type { AppInfo } from './views/app.ts';

/** What the host (Electron, or the browser test host under Node) tells the core about itself. */
export interface AppEnvironment {
  readonly name: string;
  readonly version: string;
  /** The profile's directory for the cache database and settings. */
  readonly dataDir: string;
  readonly runtime: AppInfo['runtime'];
}
