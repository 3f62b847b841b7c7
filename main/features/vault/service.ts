/**
 * The history vault as the desk uses it: how far back each account's record goes and how safe it is
 * from the exchange's six-month horizon, a sync of every part now, a check against the exchange, a
 * backup of the archive and a restore from one.
 */
import { join } from 'node:path';
import type { Cache } from '../../cache/index.ts';
import { UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { HistoryService } from '../../services/history.ts';
import { HORIZON_S } from '../../sync/deals.ts';
import type { AccountRecord } from '../../vault/records.ts';
import { checkAccount } from './check.ts';
import { vaultJob } from './jobs/sources.ts';
import type {
  AccountArchiveView,
  ArchiveRisk,
  BackupView,
  ConsistencyView,
  RestoreView,
  VaultStatusView,
} from './views.ts';

const DAY = 86_400;
/** Under this many days before what followed the last sync passes the horizon, the record is being lost. */
const LOSING_DAYS = 14;

export interface VaultServiceDeps {
  cache: Cache;
  accounts: AccountService;
  history: HistoryService;
  platform: Platform;
  log: Logger;
  profileDir: string;
  /** The exchange connection the app is on: its accounts are the desk's now. */
  connectionId: string;
  /** Whether the profile is in a team desk now (the shared store is the vault then). */
  inTeam: () => boolean;
  /** How often every account syncs by itself (ms); undefined: no schedule. */
  scheduleMs?: number | undefined;
  now?: () => number;
}

/** The jobs whose `syncedUntil` say how far an account's history is complete. */
function jobsOf(a: AccountRecord, subs: string[]): string[] {
  const own = ['orders', 'closed_pnl', 'funding', 'converts', 'wallet'] as const;
  return [
    `deals:${a.id}`,
    `positions:${a.id}`,
    `borrows:${a.id}`,
    ...own.map((kind) => vaultJob(kind, a.id)),
    ...(a.kind === 'main' ? subs.map((sub) => vaultJob('transfers', a.id, sub)) : []),
  ];
}

export class VaultService {
  readonly #d: VaultServiceDeps;
  readonly #now: () => number;

  constructor(deps: VaultServiceDeps) {
    this.#d = deps;
    this.#now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  }

  /** The accounts of the connection the app is on. */
  #accounts(): AccountRecord[] {
    const connection = this.#d.connectionId;
    return this.#d.accounts.registry.list((a) => a.connection === connection);
  }

  /** The exchange ids of a main account's registered sub-accounts. */
  subAccountsOf(main: string): string[] {
    const account = this.#d.accounts.registry.get(main);
    if (!account || account.kind !== 'main') return [];
    return this.#d.accounts.registry
      .list((a) => a.kind === 'sub' && a.connection === account.connection && a.subAccountId !== null)
      .map((a) => a.subAccountId as string);
  }

  async status(): Promise<VaultStatusView> {
    const now = this.#now();
    const horizon = now - HORIZON_S;
    const accounts = this.#accounts();
    const [checkpoints, extents] = await Promise.all([
      this.#d.history.checkpoints(),
      this.#d.cache.vault.extent(
        accounts.map((a) => a.id),
        horizon,
      ),
    ]);
    const scheduleMs = this.#d.scheduleMs ?? null;
    const views = accounts.map((a, i): AccountArchiveView => {
      const synced = jobsOf(a, this.subAccountsOf(a.id))
        .map((job) => (checkpoints.get(job) as { syncedUntil?: number } | undefined)?.syncedUntil)
        .filter((t): t is number => typeof t === 'number' && t > 0);
      const dealsSynced = (checkpoints.get(`deals:${a.id}`) as { syncedUntil?: number } | undefined)
        ?.syncedUntil;
      const syncedUntil = dealsSynced ? Math.min(...synced) : null;
      const daysToHorizon = syncedUntil === null ? null : Math.floor((syncedUntil + HORIZON_S - now) / DAY);
      return {
        account: a.id,
        label: a.label,
        syncedUntil,
        risk: riskOf(syncedUntil, daysToHorizon, now, scheduleMs),
        daysToHorizon,
        running: this.#d.history.running(a.id),
        families: extents[i]?.families ?? [],
      };
    });
    return { horizon, scheduleMs, team: this.#d.inTeam(), accounts: views };
  }

  /** Syncs every part of the given accounts' history now (queued behind running ones); answers those queued. */
  sync(accountIds?: readonly string[]): string[] {
    return this.#d.history.start(accountIds ?? this.#accounts().map((a) => a.id));
  }

  async check(accountId: string): Promise<ConsistencyView> {
    const account = this.#d.accounts.registry.get(accountId);
    if (!account)
      throw new UserFacingError('not_found', 'That account is not in the registry any more.', 'accountId');
    const caller = (await this.#d.accounts.caller(accountId)).inBackground();
    return checkAccount({
      cache: this.#d.cache,
      caller,
      account: accountId,
      kind: account.kind,
      subAccounts: this.subAccountsOf(accountId),
      checkpoints: await this.#d.history.checkpoints(),
      now: this.#now(),
    });
  }

  async backup(): Promise<BackupView> {
    const day = new Date(this.#now() * 1000).toISOString().slice(0, 10);
    const file = await this.#d.platform.chooseFileToSave('Back up the archive', `txc-archive-${day}.sqlite`, [
      { name: 'TXC Desk archive', extensions: ['sqlite'] },
    ]);
    if (!file) return { file: null, bytes: 0, deals: 0 };
    if (file === this.#d.cache.file)
      throw new UserFacingError('invalid_input', 'Choose another file than the archive itself.', 'file');
    const report = await this.#d.cache.meta.backup(file);
    this.#d.log.log('info', `archive backed up to ${file} (${String(report.bytes)} bytes)`);
    return { file: report.file, bytes: report.bytes, deals: report.deals };
  }

  async restore(): Promise<RestoreView> {
    if (this.#d.inTeam())
      throw new UserFacingError(
        'forbidden',
        "On a team desk the shared store is the archive: restore it from the desk's PostgreSQL backup (pg_restore); this computer's copy follows it by itself.",
      );
    const file = await this.#d.platform.chooseFileToOpen('Restore the archive from a backup', [
      { name: 'TXC Desk archive', extensions: ['sqlite'] },
    ]);
    if (!file) return { file: null, savedBefore: null, deals: 0, records: 0 };
    const savedBefore = join(this.#d.profileDir, `archive-before-restore-${String(this.#now())}.sqlite`);
    const yes = await this.#d.platform.confirm({
      title: "Replace the archive's history with this backup?",
      facts: [
        { label: 'Backup file', value: file },
        {
          label: 'Replaced',
          value:
            'deals, positions, borrows, mining, balances, orders, closed positions, funding, deposits, withdrawals, transfers and converts',
        },
        { label: 'Kept', value: 'the log of signed requests, webhooks, batches' },
        { label: 'The archive as it is now', value: `saved first to ${savedBefore}` },
      ],
      action: 'Restore',
      cancel: "Don't restore",
      warning:
        'History synced after the backup was taken is read again from the exchange only for its last six months.',
    });
    if (!yes) return { file: null, savedBefore: null, deals: 0, records: 0 };
    await this.#d.cache.meta.backup(savedBefore);
    const report = await this.#d.cache.meta.restore(file);
    this.#d.log.log('info', `archive restored from ${file}; the one before was saved to ${savedBefore}`);
    return {
      file,
      savedBefore,
      deals: report.rows['deals'] ?? 0,
      records: report.rows['vault_records'] ?? 0,
    };
  }
}

function riskOf(
  syncedUntil: number | null,
  daysToHorizon: number | null,
  now: number,
  scheduleMs: number | null,
): ArchiveRisk {
  if (syncedUntil === null || daysToHorizon === null) return 'never';
  if (daysToHorizon <= LOSING_DAYS) return 'losing';
  const promised = scheduleMs === null ? DAY : (2 * scheduleMs) / 1000;
  return now - syncedUntil > promised ? 'soon' : 'ok';
}
