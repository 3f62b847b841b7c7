/**
 * The profile's stores as the team shares them (`shared-items.ts`): the address book by entry, the
 * order guards as one item, the alerts by alert (without which accounts are in alert now: each app
 * reads its accounts itself).
 */
import type { AddressEntryView, AlertView } from '../ipc/contract.ts';
import type { AlertService } from '../services/alerts/alerts.ts';
import type { AddressBook } from '../services/address-book.ts';
import type { GuardSettingsStore } from '../services/guard-settings.ts';
import type { GuardSettings } from '../rules/guards.ts';
import type { SharedCollection } from './shared-items.ts';

const byId = <T extends { id: string }>(list: readonly T[]) => Object.fromEntries(list.map((x) => [x.id, x]));

export function addressBookCollection(book: AddressBook): SharedCollection {
  return {
    name: 'address-book',
    items: () => byId(book.list()),
    replace: (items) => book.replace(Object.values(items) as AddressEntryView[]),
    onChange: (listener) => book.onChange(listener),
  };
}

export function guardsCollection(guards: GuardSettingsStore): SharedCollection {
  return {
    name: 'order-guards',
    items: () => ({ settings: guards.view() }),
    replace: (items) => {
      const settings = items['settings'] as GuardSettings | undefined;
      if (settings) guards.replace(settings);
    },
    onChange: (listener) => guards.onChange(listener),
  };
}

export function alertsCollection(alerts: AlertService): SharedCollection {
  return {
    name: 'alerts',
    items: () =>
      byId(
        alerts.list().map((a) => {
          if (a.kind !== 'account') return a;
          const { alerting: _own, ...shared } = a;
          return shared as AlertView;
        }),
      ),
    replace: (items) => alerts.replace(Object.values(items) as AlertView[]),
    onChange: (listener) => alerts.onChange(listener),
  };
}
