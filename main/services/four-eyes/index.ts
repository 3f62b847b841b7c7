/**
 * The team desk's roles and four eyes, put together for the core: this profile's rules, the gate
 * every signed request and every order on a socket passes, the approvals the screens use, and what
 * keeps the rules current from the team store.
 */
import { join } from 'node:path';
import type { PageEvents } from '../live/page-events.ts';
import type { Logger } from '../../log.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../accounts.ts';
import type { AddressBook } from '../wallet/address-book.ts';
import type { ExchangeConnection } from '../exchange-connection.ts';
import type { LiveService } from '../live/service.ts';
import type { TeamService } from '../team.ts';
import { sendApprovedEdit } from '../desk/key-permissions.ts';
import { Approvals } from './approvals.ts';
import { DeskRules } from './desk-rules.ts';
import { followDeskRules } from './follow.ts';
import { DeskGate } from './gate.ts';
import { REST } from '../../exchange/registry/index.ts';

export interface FourEyesParts {
  profileDir: string;
  team: TeamService;
  accounts: AccountService;
  connection: ExchangeConnection;
  platform: Platform;
  log: Logger;
}

/** The desk's rules, the gate every signed request passes and the approvals the screens use. */
export interface FourEyes {
  readonly approvals: Approvals;
  readonly gate: DeskGate;
  readonly rules: DeskRules;
}

/** Builds the rules, the gate and the approvals; the gate guards the transport from now on. */
export function startFourEyes(o: FourEyesParts): FourEyes {
  const rules = new DeskRules(join(o.profileDir, 'desk-rules.json'), o.log);
  const store = () => o.team.desk?.store;
  const gate = new DeskGate({ rules, registry: o.accounts.registry, connectionId: o.connection.id, store });
  o.connection.http.useSignGate(gate.signGate);
  const approvals = new Approvals({ gate, rules, accounts: o.accounts, platform: o.platform, store });
  approvals.useSender(REST.keyEdit.path, sendApprovedEdit(o.accounts));
  return { approvals, gate, rules };
}

/** The sockets' order methods pass the gate too; the rules follow the team store (call before it resumes). */
export function followFourEyes(
  parts: { gate: DeskGate; rules: DeskRules; approvals: Approvals },
  o: {
    team: TeamService;
    accounts: AccountService;
    live: LiveService;
    events: PageEvents;
    log: Logger;
    addressBook: AddressBook;
  },
  notices: { notify(kind: 'approvals', title: string, body: string): void },
): void {
  o.live.useOrderGate(parts.gate.orderGate);
  parts.approvals.useAddressBook(
    (network, address, memo) => o.addressBook.find(network, address, memo)?.label,
  );
  const notify = (title: string, body: string) => notices.notify('approvals', title, body);
  followDeskRules(o.team, {
    rules: parts.rules,
    registry: o.accounts.registry,
    events: o.events,
    notify,
    log: o.log,
  });
}
