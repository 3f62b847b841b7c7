/** The result and payload types of the app itself and its notices (plain data). */

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  arch: string;
  /** Where this profile keeps its cache and settings. */
  dataDir: string;
  /** `electron` in the desktop app, `node` in the browser test host. */
  runtime: 'electron' | 'node';
  versions: { node: string; electron?: string; chrome?: string };
}

export interface Notice {
  level: 'info' | 'warning' | 'error';
  message: string;
}
