import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkLayers, layerOf, LAYERS, roomOf } from '../../../scripts/layers.ts';

const fixture = fileURLToPath(new URL('./fixture', import.meta.url));

describe('the layers check', () => {
  it('refuses a back-up import, a circle of rooms, a feature importing a value of another, the sandbox using the app and the renderer reading beyond the contract', async () => {
    const found = await checkLayers(fixture, ['main', 'renderer/src']);
    const seen = found.map((v) => `${v.rule} ${v.from} -> ${v.to}`).sort();
    expect(seen).toEqual([
      'feature-apart main/features/desk/index.ts -> main/features/orders/kinds.ts',
      'folder-circle main/sync -> main/webhooks',
      'points-up main/exchange/client.ts -> main/features/orders/views.ts',
      'renderer-contract renderer/src/Panel.svelte -> main/services/orders.ts',
      'renderer-contract renderer/src/page.ts -> main/rules/decimal.ts',
      'sandbox-apart main/sandbox/server.ts -> main/rules/decimal.ts',
    ]);
    const up = found.find((v) => v.rule === 'points-up');
    expect(up?.words).toContain('imports types of main/features/orders/views.ts (features)');
  });

  it('places every file by the most specific path of the one list, top to bottom', () => {
    const rank = (name: string) => LAYERS.findIndex((l) => l.name === name);
    expect(layerOf('main/shell/window.ts')).toBe(rank('shell'));
    expect(layerOf('main/features/index.ts')).toBe(rank('composition'));
    expect(layerOf('main/features/vault/service.ts')).toBe(rank('features'));
    expect(layerOf('main/exchange/records.ts')).toBe(rank('exchange client'));
    expect(rank('services')).toBeLessThan(rank('exchange client'));
    expect(layerOf('main/sandbox/index.ts')).toBeUndefined();
    expect(roomOf('main/services/desk/board.ts')).toBe('main/services');
    expect(roomOf('main/features/orders/handlers.ts')).toBe('main/features/orders');
    expect(roomOf('main/features/index.ts')).toBe('main/features/index.ts');
    expect(layerOf('main/floor.ts')).toBe(rank('composition'));
    expect(roomOf('main/core.ts')).toBe('main/core.ts');
  });
});
