/**
 * Sub-accounts from birth to retirement, with the main key: the exchange's list (status, permissions,
 * KYC) beside the desk's registered accounts, one new sub-account (made as a batch of one, so it is
 * resumable too), edit, block and unblock (its keys stop at the exchange; the desk records it), delete
 * (refused while it holds funds or open orders, with the sweep offered). Every change is asked in
 * main's own dialog first. The sub-accounts' withdrawals waiting for the main account are
 * `withdrawal-approvals.ts`.
 */
import * as admin from '../../exchange/endpoints/sub-account-admin.ts';
import * as subAccounts from '../../exchange/endpoints/sub-accounts.ts';
import { UserFacingError } from '../../errors.ts';
import type {
  BatchView,
  ExchangeSubAccountView,
  HoldingsView,
  SubAccountTransfersView,
  SweepToMainView,
} from '../../views/subaccounts.ts';
import type { Platform } from '../../platform.ts';
import { checkAlias } from '../../rules/sub-account-batch.ts';
import type { AccountRecord } from '../../vault/registry.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import { planBatch, type BatchRequest } from './batch-plan.ts';
import type { CreateBatches } from './create-batch.ts';
import { readHoldings, sweepToMain } from './holdings.ts';
import { listSubAccounts, mainKey, registeredFor, type MainKey } from './main-key.ts';

const onOff = (on: boolean) => (on ? 'on' : 'off');

export class SubAccountLifecycle {
  readonly #accounts: AccountService;
  readonly #platform: Platform;
  readonly #batches: CreateBatches;

  constructor(accounts: AccountService, platform: Platform, batches: CreateBatches) {
    this.#accounts = accounts;
    this.#platform = platform;
    this.#batches = batches;
  }

  #main() {
    return mainKey(this.#accounts);
  }

  #registered(subAccountId: string, connection: string): AccountRecord[] {
    return registeredFor(this.#accounts, subAccountId, connection);
  }

  /** Every sub-account at the exchange, page by page, with the desk's accounts for each. */
  async list(): Promise<ExchangeSubAccountView[]> {
    const main = await this.#main();
    const listed = await listSubAccounts(this.#accounts, main);
    // The desk's accounts by sub-account, read once for the whole list.
    const desk = new Map<string, AccountRecord[]>();
    const connection = main.record.connection;
    for (const a of this.#accounts.registry.list(
      (r) => r.subAccountId !== null && r.connection === connection,
    ))
      desk.set(a.subAccountId ?? '', [...(desk.get(a.subAccountId ?? '') ?? []), a]);
    return listed.map((s) => {
      const blocked = s.status === 'blocked';
      const registered = (desk.get(s.id) ?? []).map((a) =>
        // what the exchange says is what the board and the ticket say
        this.#accounts.view(this.#accounts.registry.setExchangeStatus(a.id, blocked ? 'blocked' : 'active')),
      );
      return {
        subAccountId: s.id,
        alias: s.alias,
        status: s.status ?? 'active',
        email: s.email ?? null,
        shareKyc: s.kyc?.shareKyc ?? null,
        kycStatus: s.kyc?.kycStatus ?? null,
        permissions: s.permissions
          ? { spotEnabled: s.permissions.spotEnabled, collateralEnabled: s.permissions.collateralEnabled }
          : null,
        registered,
      };
    });
  }

  /** The exchange's record of one sub-account; refused in words when the exchange lists none. */
  async #find(main: MainKey, subAccountId: string) {
    const found = (await listSubAccounts(this.#accounts, main)).find((s) => s.id === subAccountId);
    if (!found)
      throw new UserFacingError(
        'not_found',
        'The exchange lists no such sub-account any more.',
        'subAccountId',
      );
    return found;
  }

  /** One new sub-account (and its key, IP list and funding when asked), as a batch of one. */
  async create(request: Omit<BatchRequest, 'names'> & { alias: string; email?: string }): Promise<BatchView> {
    const main = await this.#main();
    const { alias, email, ...rest } = request;
    const { plan } = await planBatch(
      { ...rest, names: { kind: 'one', alias, email } },
      main.caller,
      this.#accounts.registry,
      main.record.connection,
    );
    return this.#batches.start(plan);
  }

  async edit(
    subAccountId: string,
    change: { alias: string; permissions: { spotEnabled: boolean; collateralEnabled: boolean } },
  ): Promise<void> {
    const issue = checkAlias(change.alias);
    if (issue) throw new UserFacingError('invalid_input', issue.message, issue.field);
    const main = await this.#main();
    const sub = await this.#find(main, subAccountId);
    const alias = change.alias.trim();
    await requireConfirmation(this.#platform, {
      title: `Change sub-account "${sub.alias}"?`,
      facts: [
        { label: 'Sub-account', value: `${sub.alias} (id ${subAccountId})` },
        { label: 'Name', value: alias === sub.alias ? `${alias} (unchanged)` : `${sub.alias} → ${alias}` },
        {
          label: 'Transfers to spot',
          value: `${onOff(sub.permissions?.spotEnabled ?? true)} → ${onOff(change.permissions.spotEnabled)}`,
        },
        {
          label: 'Transfers to collateral',
          value: `${onOff(sub.permissions?.collateralEnabled ?? true)} → ${onOff(change.permissions.collateralEnabled)}`,
        },
        { label: 'Signed by', value: main.record.label },
      ],
      action: 'Change sub-account',
    });
    await admin.edit(main.caller, { id: subAccountId, alias, permissions: { ...change.permissions } });
  }

  /** Blocks or unblocks it at the exchange; its registered accounts record it. */
  async setBlocked(subAccountId: string, blocked: boolean): Promise<void> {
    const main = await this.#main();
    const sub = await this.#find(main, subAccountId);
    const registered = this.#registered(subAccountId, main.record.connection);
    await requireConfirmation(this.#platform, {
      title: `${blocked ? 'Block' : 'Unblock'} sub-account "${sub.alias}"?`,
      facts: [
        { label: 'Sub-account', value: `${sub.alias} (id ${subAccountId})` },
        {
          label: 'Its keys',
          value: blocked
            ? 'stop at the exchange at once, in this app and anywhere else'
            : 'work again at the exchange',
        },
        {
          label: 'On the desk',
          value: registered.length > 0 ? registered.map((a) => a.label).join(', ') : 'not registered',
        },
        { label: 'Signed by', value: main.record.label },
      ],
      action: blocked ? 'Block' : 'Unblock',
      ...(blocked ? { warning: 'Orders and bots using its keys are refused until it is unblocked.' } : {}),
    });
    if (blocked) await admin.block(main.caller, subAccountId);
    else await admin.unblock(main.caller, subAccountId);
    for (const a of registered)
      this.#accounts.registry.setExchangeStatus(a.id, blocked ? 'blocked' : 'active');
  }

  /** What the sub-account holds now: the app's check before it may be deleted. */
  async holdings(subAccountId: string): Promise<HoldingsView> {
    const main = await this.#main();
    const sub = await this.#find(main, subAccountId);
    return readHoldings(this.#accounts, main.caller, { subAccountId, alias: sub.alias });
  }

  /**
   * Deletes it at the exchange, refused while it holds funds, open orders or positions (the refusal
   * names them, and the sweep to main empties it); its registered accounts leave the desk and their
   * secrets the keychain.
   */
  async remove(subAccountId: string): Promise<void> {
    const main = await this.#main();
    const sub = await this.#find(main, subAccountId);
    const held = await readHoldings(this.#accounts, main.caller, { subAccountId, alias: sub.alias });
    if (!held.empty)
      throw new UserFacingError(
        'holds_funds',
        `Sub-account "${sub.alias}" was not deleted: it holds ${held.reasons.join(', ')}. Sweep it to the main account first.`,
        'subAccountId',
      );
    const registered = this.#registered(subAccountId, main.record.connection);
    await requireConfirmation(this.#platform, {
      title: `Delete sub-account "${sub.alias}" at the exchange?`,
      facts: [
        { label: 'Sub-account', value: `${sub.alias} (id ${subAccountId})` },
        {
          label: 'Holds',
          value: held.ordersKnown
            ? 'nothing (balances, orders and positions read just now)'
            : 'no balance (read just now); its orders could not be read without its key',
        },
        {
          label: 'On the desk',
          value:
            registered.length > 0
              ? `${registered.map((a) => a.label).join(', ')}: removed, secrets deleted from the keychain`
              : 'not registered',
        },
        { label: 'Signed by', value: main.record.label },
      ],
      action: 'Delete sub-account',
      warning: 'This cannot be undone: the sub-account and its keys stop for good.',
    });
    await admin.remove(main.caller, subAccountId);
    for (const a of registered) await this.#accounts.registry.remove(a.id);
  }

  /** Empties it into the main account (one confirmation); answers what moved, then what it holds. */
  async sweep(subAccountId: string): Promise<{ sweep: SweepToMainView; holdings: HoldingsView }> {
    const main = await this.#main();
    const sub = await this.#find(main, subAccountId);
    const before = await readHoldings(this.#accounts, main.caller, { subAccountId, alias: sub.alias });
    const sweep = await sweepToMain(this.#accounts, this.#platform, main, before);
    return {
      sweep,
      holdings: await readHoldings(this.#accounts, main.caller, { subAccountId, alias: sub.alias }),
    };
  }

  /** The sub-accounts' withdrawals waiting for the main account, newest first (read only). */
  /**
   * One page of a sub-account's transfers with the main account, newest first, in one direction or
   * both. `more`: the page was full, so the exchange may hold older ones.
   */
  async transfers(
    subAccountId: string,
    query: { direction?: subAccounts.TransferDirection | undefined; offset: number; limit: number },
  ): Promise<SubAccountTransfersView> {
    const main = await this.#main();
    const rows = await subAccounts.transferHistory(main.caller, { id: subAccountId, ...query });
    return {
      subAccountId,
      direction: query.direction ?? null,
      offset: query.offset,
      limit: query.limit,
      more: rows.length === query.limit,
      rows: rows.map((t) => ({
        id: t.id,
        direction: t.direction,
        ticker: t.currency,
        amount: t.amount,
        atMs: t.createdAt * 1000,
      })),
    };
  }
}
