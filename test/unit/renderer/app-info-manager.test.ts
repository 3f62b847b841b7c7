import { describe, expect, it } from 'vitest';
import type { AppInfo, Reply } from '../../../main/ipc/contract.ts';
import { createBridge } from '../../../preload/bridge.ts';
import { AppInfoManager } from '../../../renderer/src/lib/managers/app-info.svelte.ts';

const INFO: AppInfo = {
  name: 'TXC Desk',
  version: '1.0.0',
  platform: 'linux',
  arch: 'x64',
  dataDir: '/home/desk/.config/TXC Desk',
  runtime: 'electron',
  versions: { node: '24.0.0' },
};

/** A bridge whose transport answers app.info while `up`, and fails like a lost channel otherwise. */
function bridge(state: { up: boolean }) {
  return createBridge({
    invoke: async (): Promise<Reply<AppInfo>> => {
      if (!state.up) throw new Error('channel closed');
      return { ok: true, value: INFO };
    },
    listen: () => () => undefined,
  });
}

describe('AppInfoManager', () => {
  it('loads app.info through the bridge, showing loading meanwhile', async () => {
    const manager = new AppInfoManager(bridge({ up: true }));
    expect(manager.info).toBeUndefined();
    const loading = manager.load();
    expect(manager.loading).toBe(true);
    await loading;
    expect(manager.loading).toBe(false);
    expect(manager.info).toEqual(INFO);
    expect(manager.error).toBeUndefined();
  });

  it('keeps the error for the status bar and clears it on a successful retry', async () => {
    const state = { up: false };
    const manager = new AppInfoManager(bridge(state));
    await manager.load();
    expect(manager.error?.code).toBe('bridge_unavailable');
    expect(manager.info).toBeUndefined();
    state.up = true;
    await manager.load();
    expect(manager.error).toBeUndefined();
    expect(manager.info?.name).toBe('TXC Desk');
  });
});
