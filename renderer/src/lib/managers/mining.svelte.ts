import { recall } from './known.svelte.ts';
import type {
  MinerInfoView,
  MiningAlertView,
  MiningRewardView,
  WatcherLinkView,
  WorkerSampleView,
} from '../../../../main/ipc/contract.ts';
import type { ChartSeries } from '../format/chart.ts';
import type { IpcError, TxcApi } from '../api.ts';
import type { PreferenceStore } from './storage.ts';
import { MiningPayoutState } from './mining-payout.svelte.ts';
import { MiningWorkersState, WORKERS_EVERY_MS } from './mining-workers.svelte.ts';
import { ReplyGuard, type Asked } from './reply-guard.ts';

const CHOSEN_KEY = 'txc.mining.chosen';
const HOURS_KEY = 'txc.mining.hours';

/** The chart's time ranges, in hours. */
export const RANGES: ReadonlyArray<{ hours: number; label: string }> = [
  { hours: 1, label: '1 hour' },
  { hours: 6, label: '6 hours' },
  { hours: 24, label: '24 hours' },
  { hours: 72, label: '3 days' },
];

/** Links expiring within this many days are flagged. */
export const SOON_DAYS = 14;
const DAY_MS = 86_400_000;

export type LinkState = 'never' | 'live' | 'soon' | 'expired';

/** Whether a watcher link still works, and in words until when. */
export function linkExpiry(link: WatcherLinkView, nowMs: number): { state: LinkState; words: string } {
  if (link.liveUntilMs === null) return { state: 'never', words: 'Never expires' };
  const left = link.liveUntilMs - nowMs;
  if (left <= 0) {
    const days = Math.floor(-left / DAY_MS);
    return { state: 'expired', words: days === 0 ? 'Expired today' : `Expired ${String(days)} d ago` };
  }
  const days = Math.floor(left / DAY_MS);
  const words = days === 0 ? 'Expires within a day' : `Expires in ${String(days)} d`;
  return { state: days < SOON_DAYS ? 'soon' : 'live', words };
}

/** The chart's three series from the stored readings. */
export function workerSeries(samples: readonly WorkerSampleView[]): ChartSeries[] {
  return [
    { id: 'online', label: 'Online', points: samples.map((s) => ({ t: s.sampledAtMs, v: s.online })) },
    { id: 'offline', label: 'Offline', points: samples.map((s) => ({ t: s.sampledAtMs, v: s.offline })) },
    { id: 'low', label: 'Low', points: samples.map((s) => ({ t: s.sampledAtMs, v: s.low })) },
  ];
}

/** An alert kept on the Mining screen, with when it arrived. */
export interface ShownAlert extends MiningAlertView {
  atMs: number;
  seq: number;
}

/**
 * The Mining screen's state for the working account: its mining accounts, the chosen one's workers
 * (live from the exchange), stored worker readings for the chart, cached rewards, watcher links, and
 * the alerts the mining watch raised while the screen was open. Each part loads and fails on its own.
 */
export class MiningManager {
  accountId = $state<string | undefined>();
  miningAccounts = $state<Array<{ name: string; createdAt: number }>>([]);
  accountsLoading = $state(false);
  accountsError = $state<IpcError | undefined>();
  /** Mining accounts were read at least once for the account. */
  accountsLoaded = $state(false);
  chosen = $state<string | undefined>();

  info = $state<MinerInfoView | undefined>();
  infoError = $state<IpcError | undefined>();
  infoLoading = $state(false);
  samples = $state.raw<WorkerSampleView[]>([]);
  samplesError = $state<IpcError | undefined>();
  hours = $state(24);
  rewards = $state.raw<MiningRewardView[]>([]);
  rewardsError = $state<IpcError | undefined>();
  rewardsLoading = $state(false);
  links = $state<WatcherLinkView[]>([]);
  linksError = $state<IpcError | undefined>();
  linksLoading = $state(false);
  updatedAtMs = $state<number | undefined>();
  /** The workers shown are the saved ones (the exchange did not answer): not refreshed since `updatedAtMs`. */
  infoSaved = $state(false);
  /** The mining accounts listed are the saved ones: when they were read. */
  accountsSavedAt = $state<number | undefined>();

  alerts = $state<ShownAlert[]>([]);
  polling = $state(false);
  pollError = $state<IpcError | undefined>();
  /** What the last "Check now" found, in words. */
  pollResult = $state<string | undefined>();
  /** The chosen mining account's workers one by one, with their hashrate over the chart's range. */
  readonly workers: MiningWorkersState;
  /** Where the chosen mining account's rewards are paid, and the form that changes it. */
  readonly payout: MiningPayoutState;

  readonly #api: TxcApi;
  readonly #store: PreferenceStore;
  readonly #now: () => number;
  /** Another account or mining account shown makes the answers about the one before stale. */
  readonly #shown = new ReplyGuard();
  #seq = 0;

  constructor(api: TxcApi, store: PreferenceStore, now: () => number = Date.now) {
    this.#api = api;
    this.#store = store;
    this.#now = now;
    this.workers = new MiningWorkersState(api);
    this.payout = new MiningPayoutState(api);
    const hours = Number(store.getItem(HOURS_KEY));
    if (RANGES.some((r) => r.hours === hours)) this.hours = hours;
  }

  get series(): ChartSeries[] {
    return workerSeries(this.samples);
  }

  /** Shows an account (the window's working account): reads its mining accounts and the chosen one. */
  async show(accountId: string | undefined): Promise<void> {
    if (accountId === this.accountId && this.accountsLoaded) return;
    this.#shown.dropAll();
    this.accountId = accountId;
    this.miningAccounts = [];
    this.accountsLoaded = false;
    this.accountsError = undefined;
    this.accountsSavedAt = undefined;
    this.chosen = undefined;
    this.#clearDetails();
    this.alerts = [];
    this.pollResult = undefined;
    this.pollError = undefined;
    if (accountId) await this.loadAccounts();
  }

  async loadAccounts(): Promise<void> {
    const accountId = this.accountId;
    if (!accountId) return;
    const asked = this.#shown.newest();
    this.accountsLoading = true;
    const reply = await this.#api.mining.accounts({ accountId });
    // Not answered: the mining accounts last seen, with when, if any were.
    const saved = reply.ok ? undefined : (await recall(this.#api, 'mining.accounts', [accountId]))[accountId];
    if (asked.stale) return;
    this.accountsLoading = false;
    this.accountsLoaded = true;
    if (!reply.ok && !saved) {
      this.accountsError = reply.error;
      return;
    }
    this.accountsError = reply.ok ? undefined : reply.error;
    this.accountsSavedAt = saved?.asOfMs;
    const listed = reply.ok ? reply.value : (saved?.value ?? []);
    this.miningAccounts = listed;
    const remembered = this.#store.getItem(CHOSEN_KEY);
    const keep = listed.find((m) => m.name === (this.chosen ?? remembered)) ?? listed[0];
    await this.choose(keep?.name);
  }

  async choose(name: string | undefined): Promise<void> {
    this.#shown.dropAll();
    this.chosen = name;
    this.#clearDetails();
    if (name) this.#store.setItem(CHOSEN_KEY, name);
    await this.refresh();
  }

  async setHours(hours: number): Promise<void> {
    this.hours = hours;
    this.#store.setItem(HOURS_KEY, String(hours));
    await Promise.all([this.loadSamples(), this.loadWorkers()]);
  }

  /** Reads everything about the chosen mining account again. */
  async refresh(): Promise<void> {
    await Promise.all([
      this.loadInfo(),
      this.loadSamples(),
      this.loadWorkers(),
      this.loadRewards(),
      this.loadLinks(),
      this.loadPayout(),
    ]);
  }

  async loadPayout(): Promise<void> {
    const target = this.#target();
    if (target) await this.payout.load(target.input, target.asked);
  }

  /** Reads the chosen mining account's workers one by one over the chart's range. */
  async loadWorkers(): Promise<void> {
    const target = this.#target();
    if (target) await this.workers.load(target.input, this.hours, target.asked);
  }

  /** The screen's timer: workers counts each time, the workers one by one when theirs are old. */
  async tick(): Promise<void> {
    const readAt = this.workers.readAtMs;
    const old = readAt === undefined || this.#now() - readAt >= WORKERS_EVERY_MS;
    await Promise.all([this.loadInfo(), this.loadSamples(), ...(old ? [this.loadWorkers()] : [])]);
  }

  async loadInfo(): Promise<void> {
    const target = this.#target();
    if (!target) return;
    this.infoLoading = true;
    const reply = await this.#api.mining.info(target.input);
    const { accountId, miningAccount } = target.input;
    const saved = reply.ok
      ? undefined
      : (await recall(this.#api, 'mining.workers', [accountId], miningAccount))[accountId];
    if (target.asked.stale) return;
    this.infoLoading = false;
    if (reply.ok) {
      this.info = reply.value;
      this.updatedAtMs = this.#now();
      this.infoSaved = false;
    } else if (saved && (this.info === undefined || this.infoSaved)) {
      this.info = saved.value;
      this.updatedAtMs = saved.asOfMs;
      this.infoSaved = true;
    } else if (this.info !== undefined) this.infoSaved = true;
    this.infoError = reply.ok ? undefined : reply.error;
  }

  async loadSamples(): Promise<void> {
    const target = this.#target();
    if (!target) return;
    const reply = await this.#api.mining.workerSamples({ ...target.input, hours: this.hours });
    if (target.asked.stale) return;
    if (reply.ok) this.samples = reply.value;
    this.samplesError = reply.ok ? undefined : reply.error;
  }

  async loadRewards(): Promise<void> {
    const target = this.#target();
    if (!target) return;
    this.rewardsLoading = true;
    const reply = await this.#api.mining.rewards({ ...target.input, limit: 400 });
    if (target.asked.stale) return;
    this.rewardsLoading = false;
    if (reply.ok) this.rewards = reply.value;
    this.rewardsError = reply.ok ? undefined : reply.error;
  }

  async loadLinks(): Promise<void> {
    const target = this.#target();
    if (!target) return;
    this.linksLoading = true;
    const reply = await this.#api.mining.watcherLinks(target.input);
    if (target.asked.stale) return;
    this.linksLoading = false;
    if (reply.ok) this.links = reply.value;
    this.linksError = reply.ok ? undefined : reply.error;
  }

  /** Asks main to read every mining account now (as the watch does each minute), then shows the result. */
  async pollNow(): Promise<void> {
    this.polling = true;
    const reply = await this.#api.mining.pollNow();
    this.polling = false;
    if (!reply.ok) {
      this.pollError = reply.error;
      this.pollResult = undefined;
      return;
    }
    this.pollError = undefined;
    const n = reply.value.length;
    this.pollResult =
      n === 0
        ? 'Checked: no worker went offline or low.'
        : `Checked: ${String(n)} alert${n === 1 ? '' : 's'}.`;
    await Promise.all([this.loadInfo(), this.loadSamples(), this.loadWorkers(), this.loadRewards()]);
  }

  /** An alert from the mining watch: kept when it is about this account; the chosen one is read again. */
  alert(alert: MiningAlertView): void {
    if (alert.account !== this.accountId) return;
    this.#seq += 1;
    this.alerts = [{ ...alert, atMs: this.#now(), seq: this.#seq }, ...this.alerts].slice(0, 20);
    if (alert.miningAccount === this.chosen)
      void Promise.all([this.loadInfo(), this.loadSamples(), this.loadWorkers()]);
  }

  /** Listens to the mining watch's alerts; returns a function that stops. */
  listen(): () => void {
    return this.#api.on('mining.alert', (a) => this.alert(a));
  }

  #target(): { input: { accountId: string; miningAccount: string }; asked: Asked } | undefined {
    const accountId = this.accountId;
    const miningAccount = this.chosen;
    if (!accountId || !miningAccount) return undefined;
    return { input: { accountId, miningAccount }, asked: this.#shown.newest() };
  }

  #clearDetails(): void {
    this.info = undefined;
    this.infoError = undefined;
    this.infoLoading = false;
    this.samples = [];
    this.samplesError = undefined;
    this.rewards = [];
    this.rewardsError = undefined;
    this.rewardsLoading = false;
    this.links = [];
    this.linksError = undefined;
    this.linksLoading = false;
    this.workers.clear();
    this.payout.clear();
    this.updatedAtMs = undefined;
  }
}
