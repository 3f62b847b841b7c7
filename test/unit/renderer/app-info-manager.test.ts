import { describe, expect, it } from 'vitest';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import { createBridge } from '../../../preload/bridge.ts';
import { AppInfoManager } from '../../../renderer/src/lib/managers/app-info.svelte.ts';
import { createTestCore } from '../../support/core.ts';

describe('AppInfoManager', () => {
  it('loads app.info through the bridge', async () => {
    const core = createTestCore();
    const manager = new AppInfoManager(createBridge(inProcessTransport(core.router, core.events)));
    expect(manager.info).toBeUndefined();
    const loading = manager.load();
    expect(manager.loading).toBe(true);
    await loading;
    expect(manager.loading).toBe(false);
    expect(manager.info?.version).toBe('0.0.0-test');
    expect(manager.error).toBeUndefined();
  });

  it('keeps the error for the status bar and clears it on a successful retry', async () => {
    let up = false;
    const core = createTestCore();
    const manager = new AppInfoManager(
      createBridge({
        invoke: (name, input) =>
          up ? core.router.dispatch(name, input, { origin: 'test' }) : Promise.reject(new Error('down')),
        listen: () => () => undefined,
      }),
    );
    await manager.load();
    expect(manager.error?.code).toBe('bridge_unavailable');
    expect(manager.info).toBeUndefined();
    up = true;
    await manager.load();
    expect(manager.error).toBeUndefined();
    expect(manager.info?.name).toBe('TXC Desk');
  });
});
