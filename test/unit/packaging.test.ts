import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string): Promise<Record<string, unknown>>;
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

describe('electron-builder.yml', () => {
  it("passes electron-builder's own schema and packages only the built app", async () => {
    const config = await getConfig(process.cwd(), 'electron-builder.yml');
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    expect(config).toMatchObject({
      appId: 'desk.txc.terminal',
      productName: 'TXC Desk',
      npmRebuild: false,
      files: [{ filter: ['build/**/*', 'package.json', '!**/*.map'] }],
      linux: { target: ['AppImage', 'deb', 'rpm'] },
      win: { target: ['nsis'] },
      mac: { target: ['dmg'] },
    });
    // electron-builder's schema loads slowly on a busy machine
  }, 30_000);

  it('flips every Electron fuse that lets another program borrow the signed app', async () => {
    const config = await getConfig(process.cwd(), 'electron-builder.yml');
    expect(config['electronFuses']).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config['asar']).toBe(true);
  });
});
