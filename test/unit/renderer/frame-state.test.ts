import { describe, expect, it } from 'vitest';
import { ROUTE_KEY, Router, sectionFromHash } from '../../../renderer/src/lib/managers/router.svelte.ts';
import { sectionIds, sections } from '../../../renderer/src/lib/managers/sections.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { THEME_KEY, ThemeManager } from '../../../renderer/src/lib/managers/theme.svelte.ts';

describe('Router', () => {
  it('reads sections from the hash and ignores anything else', () => {
    expect(sectionFromHash('#/history')).toBe('history');
    expect(sectionFromHash('#sub-accounts')).toBe('sub-accounts');
    expect(sectionFromHash('#/trade/BTC_USDT')).toBe('trade');
    expect(sectionFromHash('#/nowhere')).toBeUndefined();
    expect(sectionFromHash('')).toBeUndefined();
  });

  it('starts from the hash, else from the remembered section, else the Board', () => {
    expect(new Router(memoryStore()).current).toBe('board');
    expect(new Router(memoryStore({ [ROUTE_KEY]: 'wallet' })).current).toBe('wallet');
    expect(new Router(memoryStore({ [ROUTE_KEY]: 'wallet' }), '#/mining').current).toBe('mining');
    expect(new Router(memoryStore({ [ROUTE_KEY]: 'bogus' })).current).toBe('board');
  });

  it('remembers where the user went and refuses unknown sections', () => {
    const store = memoryStore();
    const router = new Router(store);
    expect(router.go('events')).toBe(true);
    expect(store.getItem(ROUTE_KEY)).toBe('events');
    expect(router.hash).toBe('#/events');
    expect(router.go('elsewhere')).toBe(false);
    router.followHash('#/nowhere');
    expect(router.current).toBe('events');
    router.followHash('#/positions');
    expect(new Router(store).current).toBe('positions');
  });

  it('steps through the rail in order, wrapping around', () => {
    const router = new Router(memoryStore(), '#/settings');
    expect(router.neighbour(1)).toBe('board');
    expect(router.neighbour(-1)).toBe('team');
  });

  it('has thirteen sections, the Board first, each with its own label', () => {
    expect(sections.map((s) => s.id)).toEqual([...sectionIds]);
    expect(sections[0]?.id).toBe('board');
    expect(new Set(sections.map((s) => s.label)).size).toBe(13);
  });
});

describe('ThemeManager', () => {
  it('is dark by default, remembers light, and ignores junk', () => {
    const store = memoryStore();
    const theme = new ThemeManager(store);
    expect(theme.theme).toBe('dark');
    theme.toggle();
    expect(theme.theme).toBe('light');
    expect(new ThemeManager(store).theme).toBe('light');
    expect(new ThemeManager(memoryStore({ [THEME_KEY]: 'purple' })).theme).toBe('dark');
  });
});
