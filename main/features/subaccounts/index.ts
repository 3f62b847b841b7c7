/**
 * Sub-accounts as a feature: their lives on the main key (list, edit, block, delete, keys and IP
 * lists), "Create N sub-accounts" journaled and resumable, and work over many of them (balances,
 * sweeps, one URL-permission change over their keys, transfers, the unregistered ones found).
 */
import { join } from 'node:path';
import type { Cache } from '../../cache/index.ts';
import type { EventHub } from '../../event-hub.ts';
import type { Logger } from '../../log.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { BalanceMoves } from '../../services/wallet/balance-moves.ts';
import type { BatchAudit } from '../desk/audit.ts';
import type { DeskService } from '../desk/desk.ts';
import { Sweeps } from './sweep.ts';
import type { Approvals } from '../../services/four-eyes/approvals.ts';
import type { KnownReads } from '../live/known-reads.ts';
import { SubAccountRegistration } from './registration.ts';
import { SubAccountApiKeys } from './api-keys.ts';
import { CreateBatches } from './create-batch.ts';
import { BatchJournal } from './journal.ts';
import { SubAccountLifecycle } from './lifecycle.ts';
import { WithdrawalApprovals } from './withdrawal-approvals.ts';
import { subaccountsHandlers } from './handlers.ts';

export interface SubaccountsDeps {
  profileDir: string;
  accounts: AccountService;
  cache: Cache;
  approvals: Approvals;
  known: KnownReads;
  /** The desk's order service and its batch log (the desk feature's). */
  desk: DeskService;
  deskAudit: BatchAudit;
  /** Transfers between accounts (the wallet feature's). */
  balanceMoves: BalanceMoves;
  events: EventHub;
  platform: Platform;
  log: Logger;
}

export function create(deps: SubaccountsDeps) {
  const { accounts, platform, approvals, events } = deps;
  const journal = new BatchJournal(join(deps.profileDir, 'lifecycle.sqlite'));
  const createBatches = new CreateBatches({
    accounts,
    journal,
    platform,
    events,
    cache: deps.cache,
    log: deps.log,
  });
  const handlers = subaccountsHandlers({
    lifecycle: new SubAccountLifecycle(accounts, platform, createBatches),
    withdrawals: new WithdrawalApprovals(accounts, platform, approvals),
    subAccountApiKeys: new SubAccountApiKeys(accounts, platform, approvals),
    createBatches,
    desk: deps.desk,
    sweeps: new Sweeps(accounts, platform),
    deskAudit: deps.deskAudit,
    accounts,
    events,
    platform,
    balanceMoves: deps.balanceMoves,
    registration: new SubAccountRegistration(accounts, platform, approvals),
    known: deps.known,
    approvals,
  });
  return { handlers, close: () => journal.close() };
}
