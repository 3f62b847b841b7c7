/**
 * The profile's stores as the team shares them (`shared-items.ts`): the address book by entry, the
 * order guards as one item, the alerts by alert (without which accounts are in alert now: each app
 * reads its accounts itself). While the profile is joined, who may change each one follows the
 * operator's roles on the desk, as the team store holds it too (migration 0003): the stores refuse,
 * in words, what the operator's part does not cover, and order guards that ask less are proposed for
 * another admin's approval instead of being set.
 */
import { UserFacingError } from '../../errors.ts';
import type { AlertView } from '../../views/alerts.ts';
import type { AlertService } from '../alerts/service.ts';
import type { AddressBook } from '../../services/wallet/address-book.ts';
import type { GuardLoosening, GuardSettingsStore } from '../../services/guard-settings.ts';
import type { DeskRole } from '../../policy/desk-roles.ts';
import type { CollectionName, SharedCollection } from '../../team/shared-items.ts';

/** Who may change each collection on a team desk, and the refusal of anyone else. */
export const WRITERS: Record<CollectionName, { roles: readonly DeskRole[]; refusal: string }> = {
  'address-book': {
    roles: ['treasurer', 'admin'],
    refusal: "Only a treasurer or an admin can change the desk's address book.",
  },
  'order-guards': { roles: ['admin'], refusal: "Only an admin can change the desk's order guards." },
  alerts: {
    roles: ['trader', 'treasurer', 'admin'],
    refusal: "Only a trader, a treasurer or an admin can change the desk's alerts.",
  },
};

export interface DeskStores {
  addressBook: AddressBook;
  guards: GuardSettingsStore;
  alerts: AlertService;
}

export interface DeskShares {
  collections: SharedCollection[];
  /** Whether the operator's roles cover changing the collection. */
  mayWrite(name: CollectionName): boolean;
  /** The profile joined a desk (its checks hold) or left it (the stores are this profile's alone). */
  joined(on: boolean): void;
}

/** The stores as the desk shares them, and the checks of the operator's part while joined. */
export function deskShares(
  stores: DeskStores,
  desk: { roles: () => readonly DeskRole[]; proposeGuards: GuardLoosening },
): DeskShares {
  const mayWrite = (name: CollectionName) => WRITERS[name].roles.some((r) => desk.roles().includes(r));
  const check = (name: CollectionName) => () => {
    if (!mayWrite(name)) throw new UserFacingError('role_required', WRITERS[name].refusal);
  };
  return {
    collections: [
      addressBookCollection(stores.addressBook),
      guardsCollection(stores.guards),
      alertsCollection(stores.alerts),
    ],
    mayWrite,
    joined(on) {
      stores.addressBook.useWriteCheck(on ? check('address-book') : undefined);
      stores.alerts.useWriteCheck(on ? check('alerts') : undefined);
      stores.guards.useTeam(on ? { check: check('order-guards'), loosening: desk.proposeGuards } : undefined);
    },
  };
}

const byId = <T extends { id: string }>(list: readonly T[]) => Object.fromEntries(list.map((x) => [x.id, x]));

export function addressBookCollection(book: AddressBook): SharedCollection {
  return {
    name: 'address-book',
    items: () => byId(book.list()),
    replace: (items) => book.replace(items),
    onChange: (listener) => book.onChange(listener),
  };
}

export function guardsCollection(guards: GuardSettingsStore): SharedCollection {
  return {
    name: 'order-guards',
    items: () => ({ settings: guards.view() }),
    replace: (items) => {
      if (!('settings' in items)) return [];
      try {
        guards.replace(items['settings']);
        return [];
      } catch (error) {
        if (!(error instanceof UserFacingError)) throw error;
        return [{ id: 'settings', problem: error.message }];
      }
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
    replace: (items) => alerts.replace(items),
    onChange: (listener) => alerts.onChange(listener),
  };
}
