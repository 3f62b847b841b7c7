import type { AppEnvironment } from '../../environment.ts';
import type { AppInfo } from '../../views/app.ts';

export function appInfo(env: AppEnvironment): AppInfo {
  const versions: AppInfo['versions'] = { node: process.versions.node };
  if (process.versions.electron) versions.electron = process.versions.electron;
  if (process.versions.chrome) versions.chrome = process.versions.chrome;
  return {
    name: env.name,
    version: env.version,
    platform: process.platform,
    arch: process.arch,
    dataDir: env.dataDir,
    runtime: env.runtime,
    versions,
  };
}
