import { describe, expect, it } from 'vitest';
import { chordOf, normalizeChord, type KeyStroke } from '../../../renderer/src/lib/hotkeys/chord.ts';
import { CommandPalette, matchScore } from '../../../renderer/src/lib/hotkeys/palette.svelte.ts';
import {
  accountEntries,
  favouriteTitle,
  marketEntries,
} from '../../../renderer/src/lib/hotkeys/palette-sources.ts';
import {
  HOTKEYS_KEY,
  HotkeyRegistry,
  isEditable,
  type Command,
  type KeyPress,
} from '../../../renderer/src/lib/hotkeys/registry.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { orderKinds } from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';

function stroke(key: string, code: string, mods: Partial<KeyStroke> = {}): KeyStroke {
  return { key, code, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods };
}

/** A key press as the window sees it, recording whether the registry consumed it. */
function press(chord: KeyStroke, target: unknown = null, repeat = false): KeyPress & { prevented: boolean } {
  const event = {
    ...chord,
    target: target as EventTarget | null,
    repeat,
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
  };
  return event;
}

function commands(log: string[], ...ids: string[]): Command[] {
  return ids.map((id) => ({ id, title: `Run ${id}`, group: 'Test', run: () => log.push(id) }));
}

describe('chords', () => {
  it('reads key presses by position for letters and digits, modifiers in a fixed order', () => {
    expect(chordOf(stroke('b', 'KeyB'))).toBe('B');
    expect(chordOf(stroke('X', 'KeyX', { ctrlKey: true, shiftKey: true }))).toBe('Ctrl+Shift+X');
    expect(chordOf(stroke('!', 'Digit1', { shiftKey: true }))).toBe('Shift+1');
    expect(chordOf(stroke('1', 'Digit1', { ctrlKey: true }))).toBe('Ctrl+1');
    expect(chordOf(stroke('Escape', 'Escape'))).toBe('Escape');
    expect(chordOf(stroke('Control', 'ControlLeft', { ctrlKey: true }))).toBeUndefined();
  });

  it('normalizes typed chords and refuses what is not one', () => {
    expect(normalizeChord('shift + ctrl + x')).toBe('Ctrl+Shift+X');
    expect(normalizeChord('Control+k')).toBe('Ctrl+K');
    expect(normalizeChord('cmd+Alt+p')).toBe('Alt+Meta+P');
    expect(normalizeChord('Ctrl+Shift')).toBeUndefined();
    expect(normalizeChord('A+B')).toBeUndefined();
    expect(normalizeChord('')).toBeUndefined();
  });
});

describe('HotkeyRegistry', () => {
  it('has the default bindings of UI.md', () => {
    const registry = new HotkeyRegistry(memoryStore());
    expect(registry.chordFor('order.buy')).toBe('B');
    expect(registry.chordFor('order.sell')).toBe('S');
    expect(registry.chordFor('order.cancel-all')).toBe('Ctrl+Shift+X');
    expect(registry.chordFor('position.close')).toBe('Ctrl+Shift+C');
    expect(registry.chordFor('palette.open')).toBe('Ctrl+K');
    expect(registry.chordFor('account.favourite-1')).toBe('Ctrl+1');
    expect(registry.chordFor('account.favourite-9')).toBe('Ctrl+9');
  });

  it('runs the command a key press is bound to, once, and consumes the event', () => {
    const log: string[] = [];
    const registry = new HotkeyRegistry(memoryStore());
    registry.register(commands(log, 'order.buy', 'palette.open'));
    const buy = press(stroke('b', 'KeyB'));
    expect(registry.handle(buy)).toBe(true);
    expect(buy.prevented).toBe(true);
    expect(registry.handle(press(stroke('k', 'KeyK', { ctrlKey: true })))).toBe(true);
    // Held keys repeat: consumed, but the command does not run again.
    expect(registry.handle(press(stroke('b', 'KeyB'), null, true))).toBe(true);
    expect(log).toEqual(['order.buy', 'palette.open']);
  });

  it('does nothing for chords of commands that do not exist yet or are unbound', () => {
    const log: string[] = [];
    const registry = new HotkeyRegistry(memoryStore());
    registry.register(commands(log, 'order.buy'));
    const sell = press(stroke('s', 'KeyS'));
    expect(registry.handle(sell)).toBe(false);
    expect(sell.prevented).toBe(false);
    expect(registry.handle(press(stroke('q', 'KeyQ')))).toBe(false);
    expect(log).toEqual([]);
  });

  it('ignores single keys typed into fields but lets Ctrl chords through', () => {
    const log: string[] = [];
    const registry = new HotkeyRegistry(memoryStore());
    registry.register(commands(log, 'order.buy', 'palette.open'));
    const field = { tagName: 'INPUT', type: 'text' };
    expect(registry.handle(press(stroke('b', 'KeyB'), field))).toBe(false);
    expect(registry.handle(press(stroke('b', 'KeyB'), { tagName: 'TEXTAREA' }))).toBe(false);
    expect(registry.handle(press(stroke('b', 'KeyB'), { tagName: 'DIV', isContentEditable: true }))).toBe(
      false,
    );
    expect(registry.handle(press(stroke('k', 'KeyK', { ctrlKey: true }), field))).toBe(true);
    // A checkbox is not a text field: B still buys.
    expect(registry.handle(press(stroke('b', 'KeyB'), { tagName: 'INPUT', type: 'checkbox' }))).toBe(true);
    expect(log).toEqual(['palette.open', 'order.buy']);
    expect(isEditable({ tagName: 'SELECT' } as unknown as EventTarget)).toBe(true);
    expect(isEditable({ tagName: 'BUTTON' } as unknown as EventTarget)).toBe(false);
  });

  it('refuses a chord another command holds unless asked to replace it', () => {
    const log: string[] = [];
    const registry = new HotkeyRegistry(memoryStore());
    registry.register(commands(log, 'order.buy', 'order.sell'));
    expect(registry.bind('order.sell', 'b')).toEqual({ ok: false, reason: 'conflict', with: 'order.buy' });
    expect(registry.chordFor('order.sell')).toBe('S');
    expect(registry.bind('order.sell', 'B', true)).toEqual({ ok: true });
    expect(registry.chordFor('order.sell')).toBe('B');
    expect(registry.chordFor('order.buy')).toBeUndefined();
    registry.handle(press(stroke('b', 'KeyB')));
    expect(log).toEqual(['order.sell']);
    expect(registry.bind('order.sell', 'Ctrl+')).toEqual({ ok: false, reason: 'invalid' });
    // Rebinding a command to its own chord is no conflict.
    expect(registry.bind('order.sell', 'B')).toEqual({ ok: true });
  });

  it('keeps changes across restarts, including removals, and resets to the defaults', () => {
    const store = memoryStore();
    const first = new HotkeyRegistry(store);
    first.bind('palette.open', 'Ctrl+P');
    first.unbind('order.buy');
    const second = new HotkeyRegistry(store);
    expect(second.chordFor('palette.open')).toBe('Ctrl+P');
    expect(second.chordFor('order.buy')).toBeUndefined();
    expect(second.boundTo('Ctrl+K')).toBeUndefined();
    second.reset('palette.open');
    expect(new HotkeyRegistry(store).chordFor('palette.open')).toBe('Ctrl+K');
    expect(new HotkeyRegistry(store).chordFor('order.buy')).toBeUndefined();
    second.reset();
    expect(new HotkeyRegistry(store).chordFor('order.buy')).toBe('B');
  });

  it('falls back to the defaults when the stored preference is unreadable', () => {
    expect(new HotkeyRegistry(memoryStore({ [HOTKEYS_KEY]: '{not json' })).chordFor('order.buy')).toBe('B');
    const odd = new HotkeyRegistry(memoryStore({ [HOTKEYS_KEY]: '{"order.buy": 5}' }));
    expect(odd.chordFor('order.buy')).toBe('B');
  });

  it('takes default chords from registered commands without overriding the user', () => {
    const store = memoryStore();
    const registry = new HotkeyRegistry(store);
    registry.bind('go.history', 'Ctrl+H');
    const stop = registry.register(commands([], 'go.history', 'go.wallet'), {
      'go.history': 'Alt+4',
      'go.wallet': 'Alt+5',
    });
    expect(registry.chordFor('go.history')).toBe('Ctrl+H');
    expect(registry.chordFor('go.wallet')).toBe('Alt+5');
    expect(registry.commands.map((c) => c.id)).toEqual(['go.history', 'go.wallet']);
    stop();
    expect(registry.commands).toEqual([]);
  });
});

describe('CommandPalette', () => {
  function setup() {
    const log: string[] = [];
    const registry = new HotkeyRegistry(memoryStore());
    registry.register([
      { id: 'go.accounts', title: 'Accounts', group: 'Go to', run: () => log.push('accounts') },
      { id: 'go.wallet', title: 'Wallet', group: 'Go to', run: () => log.push('wallet') },
      { id: 'theme.toggle', title: 'Switch theme', group: 'View', run: () => log.push('theme') },
    ]);
    return { log, palette: new CommandPalette(registry) };
  }

  it('filters by every word of the query, best matches first', () => {
    const { palette } = setup();
    expect(palette.results.map((c) => c.id)).toEqual(['go.accounts', 'go.wallet', 'theme.toggle']);
    palette.setQuery('go wal');
    expect(palette.results.map((c) => c.id)).toEqual(['go.wallet']);
    palette.setQuery('theme');
    expect(palette.results.map((c) => c.id)).toEqual(['theme.toggle']);
    palette.setQuery('zzz');
    expect(palette.results).toEqual([]);
    expect(palette.run()).toBe(false);
    expect(matchScore('Go to Wallet', 'wal')).toBeLessThan(matchScore('Go to Wallet', 'allet') ?? 0);
  });

  it('moves the highlight with wrap-around, runs it and closes', () => {
    const { palette, log } = setup();
    palette.show();
    palette.move(-1);
    expect(palette.active).toBe(2);
    palette.move(1);
    palette.move(1);
    expect(palette.active).toBe(1);
    expect(palette.run()).toBe(true);
    expect(log).toEqual(['wallet']);
    expect(palette.open).toBe(false);
    palette.show();
    expect(palette.query).toBe('');
    expect(palette.active).toBe(0);
  });
});

describe('CommandPalette sources', () => {
  const account = (id: string, label: string, kind: 'main' | 'sub', groups: string[], favourite = false) => ({
    id,
    label,
    kind,
    subAccountId: null,
    apiKeyHint: 'ab…cd',
    connection: 'sandbox',
    groups,
    tags: [],
    favourite,
    webhook: false,
  });
  const market = (name: string, type = 'spot') => ({
    name,
    type,
    base: name.split('_')[0] ?? name,
    quote: type === 'futures' ? 'USDT' : (name.split('_')[1] ?? ''),
    stockPrec: 4,
    moneyPrec: 2,
    minAmount: '0.001',
    minTotal: '5',
    maxTotal: '0',
    tickSize: '0.01',
    stepSize: '0.0001',
    isTradFiFutures: false,
    orderKinds: type === 'futures' ? ['collateral_market' as const] : [...orderKinds],
  });

  function setup(favourites: number) {
    const log: string[] = [];
    const registry = new HotkeyRegistry(memoryStore());
    const accounts = [
      account('a1', 'Sandbox main', 'main', []),
      account('a2', 'Desk-3', 'sub', ['Scalpers'], favourites > 0),
      account('a3', 'Hedge book', 'sub', ['Scalpers', 'Night'], favourites > 1),
    ];
    const favs = accounts.filter((a) => a.favourite);
    registry.register(
      [
        { id: 'go.wallet', title: 'Wallet', group: 'Go to', run: () => log.push('wallet') },
        ...Array.from({ length: 9 }, (_, i) => ({
          id: `account.favourite-${String(i + 1)}`,
          get title() {
            return favouriteTitle(favs[i], i + 1, registry.chordFor(`account.favourite-${String(i + 1)}`));
          },
          group: 'Accounts',
          available: () => favs[i] !== undefined,
          run: () => log.push(`fav ${String(i + 1)}`),
        })),
      ],
      {},
    );
    const palette = new CommandPalette(registry, () => [
      ...accountEntries(accounts, 'a1', (a) => log.push(`account ${a.label}`)),
      ...marketEntries([market('BTC_USDT'), market('ETH_USDT'), market('BTC_PERP', 'futures')], (m) =>
        log.push(`market ${m}`),
      ),
    ]);
    return { log, palette };
  }

  it('lists only the favourites that are set, each by its account label and chord', () => {
    const { palette } = setup(1);
    const titles = palette.results.map((r) => r.title);
    expect(titles.filter((t) => t.startsWith('Switch to'))).toEqual(['Switch to Desk-3 (Ctrl+1)']);
    expect(titles.some((t) => t.includes('favourite account'))).toBe(false);
  });

  it('finds accounts by label, kind and group, and markets by name, base and quote, best first', () => {
    const { palette, log } = setup(0);
    palette.setQuery('desk');
    expect(palette.results[0]?.id).toBe('palette.account.a2');
    palette.setQuery('night');
    expect(palette.results.map((r) => r.id)).toEqual(['palette.account.a3']);
    palette.setQuery('scalpers');
    expect(palette.results.map((r) => r.id)).toEqual(['palette.account.a2', 'palette.account.a3']);
    palette.setQuery('sub-account hedge');
    expect(palette.results.map((r) => r.id)).toEqual(['palette.account.a3']);
    palette.setQuery('eth');
    expect(palette.results[0]?.id).toBe('palette.market.ETH_USDT');
    palette.setQuery('usdt');
    expect(palette.results.map((r) => r.id)).toEqual(['palette.market.BTC_USDT', 'palette.market.ETH_USDT']);
    palette.setQuery('btcusdt');
    expect(palette.results[0]?.id).toBe('palette.market.BTC_USDT');
    palette.setQuery('wallet');
    expect(palette.results[0]?.id).toBe('go.wallet');
    palette.setQuery('btc perp');
    expect(palette.run()).toBe(true);
    expect(log).toEqual(['market BTC_PERP']);
  });

  it('ranks a substring above letters found scattered', () => {
    expect(matchScore('Work on Desk-3', 'dsk3')).toBeDefined();
    expect(matchScore('Work on Desk-3', 'desk')).toBeLessThan(matchScore('Work on Desk-3', 'dsk3') ?? 0);
    expect(matchScore('Work on Desk-3', 'zq')).toBeUndefined();
  });
});
