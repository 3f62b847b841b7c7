/**
 * A teammate's shared items are input: the address book, the order guards and the alerts each take
 * the desk's items checked as if they were typed here, refuse (with why) what fails and keep what
 * they held, on real files.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AddressBook } from '../../../main/services/wallet/address-book.ts';
import { sharedAlerts } from '../../../main/features/alerts/store.ts';
import { GuardSettingsStore } from '../../../main/services/guard-settings.ts';
import { headlessPlatform } from '../../../main/platform.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { DEFAULT_GUARDS } from '../../../main/rules/guards.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'txc-teammate-'));
const log = { log: () => undefined };

const COLD = '0x52908400098527886E0F7030069857D2E4169EE7';
const OTHER = '0xde709f2102306220921060314715629080e2fb77';
const entry = (id: string, label: string, address: string, network = 'ERC20') => ({
  id,
  label,
  network,
  address,
  memo: null,
  addedAtMs: 1,
});
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${String(n)}`;

describe("a teammate's address book", () => {
  it('takes the entries that pass the checks of an address typed here, and keeps its own for the others', async () => {
    const file = join(dir(), 'address-book.json');
    const book = new AddressBook(file, log, scriptedDesktop().platform);
    await book.add({ label: 'Cold wallet', network: 'ERC20', address: COLD });
    const cold = book.list()[0];
    if (!cold) throw new Error('no entry');
    const refused = book.replace({
      // Moved to something no ERC20 address can be: refused, the book keeps the old address.
      [cold.id]: { ...cold, address: '0xNOT-AN-ADDRESS' },
      [ID(1)]: entry(ID(1), 'Payroll', OTHER),
      // The same label again, the same address again, a number where text goes, a mismatched id.
      [ID(2)]: entry(ID(2), 'Payroll', '0x8ba1f109551bD432803012645Ac136ddd64DBA72'),
      [ID(3)]: entry(ID(3), 'Twin', OTHER),
      [ID(4)]: { ...entry(ID(4), 'Numbers', COLD), address: 42 },
      [ID(5)]: entry(ID(6), 'Elsewhere', '0x8ba1f109551bD432803012645Ac136ddd64DBA72'),
    });
    expect(refused).toEqual([
      { id: cold.id, problem: expect.stringMatching(/Ethereum address/) as string },
      { id: ID(2), problem: 'An address named "Payroll" already exists.' },
      { id: ID(3), problem: 'This address is already in the book as "Payroll".' },
      { id: ID(4), problem: 'it is not an address-book entry this app can read' },
      { id: ID(5), problem: 'it names another entry' },
    ]);
    expect(book.list().map((e) => [e.label, e.address])).toEqual([
      ['Cold wallet', COLD],
      ['Payroll', OTHER],
    ]);
    // On disk as in memory.
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { entries: Array<{ label: string }> };
    expect(saved.entries.map((e) => e.label).sort()).toEqual(['Cold wallet', 'Payroll']);
  });

  it('refuses a label with an invisible or blank-looking character, and keeps what it held under that id', async () => {
    const book = new AddressBook(join(dir(), 'address-book.json'), log, scriptedDesktop().platform);
    await book.add({ label: 'Cold wallet', network: 'ERC20', address: COLD });
    const cold = book.list()[0];
    if (!cold) throw new Error('no entry');
    const refused = book.replace({
      [cold.id]: cold,
      // a second "Cold wallet" through the braille blank, and the entry held relabelled with a Hangul filler
      [ID(1)]: entry(ID(1), 'Cold\u2800wallet', OTHER),
      [ID(2)]: entry(ID(2), 'Payroll', '0x8ba1f109551bD432803012645Ac136ddd64DBA72'),
    });
    expect(refused).toEqual([
      {
        id: ID(1),
        problem: 'The label has an invisible or blank-looking character after "Cold": remove it.',
      },
    ]);
    const relabelled = book.replace({
      [cold.id]: { ...cold, label: 'Cold\u3164wallet' },
      [ID(2)]: entry(ID(2), 'Payroll', '0x8ba1f109551bD432803012645Ac136ddd64DBA72'),
    });
    expect(relabelled.map((r) => r.id)).toEqual([cold.id]);
    expect(book.list().map((e) => e.label)).toEqual(['Cold wallet', 'Payroll']);
  });

  it('lets no newcomer push out an entry it holds as it was', async () => {
    const book = new AddressBook(join(dir(), 'address-book.json'), log, scriptedDesktop().platform);
    await book.add({ label: 'Cold wallet', network: 'ERC20', address: COLD });
    const cold = book.list()[0];
    if (!cold) throw new Error('no entry');
    // The newcomer comes first in the team's order and takes the same label.
    const refused = book.replace({ [ID(1)]: entry(ID(1), 'Cold wallet', OTHER), [cold.id]: cold });
    expect(refused.map((r) => r.id)).toEqual([ID(1)]);
    expect(book.list().map((e) => e.id)).toEqual([cold.id]);
  });
});

describe("a teammate's order guards", () => {
  it('take values as Settings takes them, and refuse a number, an unknown field or a value out of range', () => {
    const guards = new GuardSettingsStore(join(dir(), 'order-guards.json'), headlessPlatform, log);
    guards.replace({ ...DEFAULT_GUARDS, bandPct: '2', markets: { BTC_USDT: '1.5' } });
    expect(guards.view()).toEqual({ ...DEFAULT_GUARDS, bandPct: '2', markets: { BTC_USDT: '1.5' } });
    for (const [bad, why] of [
      [{ ...DEFAULT_GUARDS, bandPct: 2 }, 'they are not order guards this app can read'],
      [{ ...DEFAULT_GUARDS, velocity: 'off' }, 'they are not order guards this app can read'],
      [{ ...DEFAULT_GUARDS, markets: { 'btc usdt': '1' } }, 'they are not order guards this app can read'],
      [
        { ...DEFAULT_GUARDS, bandPct: '0' },
        'Zero would ask every time: type a number above zero, or leave it empty.',
      ],
      [
        { ...DEFAULT_GUARDS, equityPct: '5000' },
        'More than 1000 % of the equity asks nothing useful: type 1000 or less.',
      ],
      ['off', 'they are not order guards this app can read'],
    ] as const)
      expect(() => guards.replace(bad)).toThrow(why);
    // What was refused changed nothing.
    expect(guards.view()).toEqual({ ...DEFAULT_GUARDS, bandPct: '2', markets: { BTC_USDT: '1.5' } });
  });
});

describe("a teammate's alerts", () => {
  const price = {
    id: 'a1',
    kind: 'price',
    market: 'BTC_USDT',
    direction: 'above',
    price: '90000',
    repeat: false,
    state: 'armed',
    createdAtMs: 1,
  };
  const account = {
    id: 'a2',
    kind: 'account',
    account: null,
    metric: 'marginRatio',
    threshold: '80',
    createdAtMs: 1,
  };

  it('are taken when they read as alerts typed here, with this app keeping which accounts are in alert', () => {
    const { alerts, refused } = sharedAlerts({ a1: price, a2: account }, []);
    expect(refused).toEqual([]);
    expect(alerts).toEqual([price, { ...account, alerting: [] }]);
  });

  it('are refused, keeping what this app held, when a level or a field is not one an alert can have', () => {
    const own = [{ ...price, price: '80000' }] as never;
    const { alerts, refused } = sharedAlerts(
      {
        a1: { ...price, price: '0' },
        a2: { ...account, threshold: '20000' },
        a3: { ...price, id: 'a3', market: 'not a market' },
        a4: { ...price, id: 'other' },
      },
      own,
    );
    expect(refused).toEqual([
      { id: 'a1', problem: 'The price must be above zero.' },
      { id: 'a2', problem: 'The margin ratio level must be above 0 % and at most 10,000 %.' },
      { id: 'a3', problem: 'it is not an alert this app can read' },
      { id: 'a4', problem: 'it names another alert' },
    ]);
    expect(alerts).toEqual(own);
  });
});
