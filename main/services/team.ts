/**
 * The team desk as the app runs it: joining (Settings → Team desk, the password taken from the
 * clipboard into the keychain, the CA chosen in main's own dialog), the desk that follows the store
 * while joined, leaving, and what the Team screen shows. A join that fails changes nothing: the
 * settings are saved only once the server answered, the password and TLS checked and the schema
 * known. Whatever the store does, the app keeps working on the exchange.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TeamJoinInput, TeamMemberView, TeamView } from '../views/team.ts';
import { UserFacingError } from '../errors.ts';
import type { PageEvents } from './live/page-events.ts';
import type { Logger } from '../log.ts';
import type { Platform } from '../platform.ts';
import { TeamDesk } from '../team/desk.ts';
import { listMembers } from '../team/members.ts';
import { TeamProblem } from '../team/problems.ts';
import {
  newOrigin,
  readTeamSettings,
  teamPasswordId,
  tlsOptions,
  writeTeamSettings,
  type TeamSettings,
} from '../team/settings.ts';
import { TeamStore } from '../team/store.ts';
import type { AccountRegistry } from '../vault/registry.ts';
import type { SecretStore } from '../vault/secret-store.ts';
import { requireConfirmation } from './confirm.ts';

export interface TeamServiceOptions {
  profileDir: string;
  profile: string;
  secrets: SecretStore;
  registry: AccountRegistry;
  platform: Platform;
  events: PageEvents;
  log: Logger;
  appVersion: string;
  /** Passed to each store (tests shorten the waits). */
  retry?: { firstMs?: number; capMs?: number };
}

const NO_PASSWORD = new UserFacingError(
  'clipboard_empty',
  'Copy the team password to the clipboard first: the app reads it from there into the keychain and clears the clipboard.',
  'password',
);

export class TeamService {
  readonly #o: TeamServiceOptions;
  readonly #file: string;
  #desk: TeamDesk | undefined;
  /** The CA file chosen in main's dialog for the next join, and its certificates. */
  #chosenCa: { file: string; pem: string } | undefined;
  readonly #listeners = new Set<(desk: TeamDesk | undefined) => void>();

  constructor(options: TeamServiceOptions) {
    this.#o = options;
    this.#file = join(options.profileDir, 'team.json');
  }

  /** The desk while this profile is joined (connected or not). */
  get desk(): TeamDesk | undefined {
    return this.#desk;
  }

  /** Hears when the profile joins (a desk) or leaves (undefined); called at once with the current one. */
  onDesk(listener: (desk: TeamDesk | undefined) => void): () => void {
    this.#listeners.add(listener);
    listener(this.#desk);
    return () => this.#listeners.delete(listener);
  }

  /** At start: a profile that joined before follows its desk again (in the background). */
  async resume(): Promise<void> {
    const settings = readTeamSettings(this.#file, this.#o.log);
    if (!settings) return;
    const password = await this.#o.secrets.get(teamPasswordId(this.#o.profile)).catch(() => undefined);
    this.#begin(this.#store(settings, password ?? ''));
    this.#desk?.start();
  }

  #store(settings: TeamSettings, password: string): TeamStore {
    return new TeamStore({
      settings,
      password,
      log: this.#o.log,
      appVersion: this.#o.appVersion,
      ...(this.#o.retry ? { retry: this.#o.retry } : {}),
    });
  }

  #begin(store: TeamStore): void {
    const desk = new TeamDesk(store, this.#o.registry, this.#o.log);
    store.onState(() => this.#o.events.emit('team.state', this.view()));
    store.onNotify((table) => {
      if (table === 'operators') this.#o.events.emit('team.members', { atMs: Date.now() });
    });
    this.#desk = desk;
    for (const l of this.#listeners) l(desk);
    this.#o.events.emit('team.state', this.view());
  }

  view(): TeamView {
    const desk = this.#desk;
    if (!desk) return { joined: false };
    const s = desk.store.settings;
    const state = desk.store.state;
    return {
      joined: true,
      host: s.host,
      port: s.port,
      database: s.database,
      operator: s.operator,
      caFile: s.caFile,
      status: state.status,
      sinceMs: state.sinceMs,
      ...(state.problem ? { problem: state.problem } : {}),
    };
  }

  /** Picks the server's CA file in main's own dialog; the next join uses it. Answers its path. */
  async chooseCaFile(): Promise<string | null> {
    const file = await this.#o.platform.chooseFileToOpen('CA of the team server', [
      { name: 'PEM certificate', extensions: ['pem', 'crt', 'cer'] },
    ]);
    if (!file) return null;
    let pem: string;
    try {
      pem = readFileSync(file, 'utf8');
    } catch {
      throw new UserFacingError('invalid_input', `The file ${file} could not be read.`, 'caFile');
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----'))
      throw new UserFacingError('invalid_input', 'That file holds no certificate in PEM form.', 'caFile');
    this.#chosenCa = { file, pem };
    return file;
  }

  /**
   * Joins the desk: confirms in main's dialog, takes the password from the clipboard, connects and
   * checks the server (TLS, password, schema). Only then are the settings and password kept and the
   * desk followed; any failure is one sentence and leaves everything as it was.
   */
  async join(input: TeamJoinInput): Promise<TeamView> {
    const previous = this.#desk?.store.settings;
    const ca =
      input.ca === 'chosen'
        ? this.#chosenCa
        : input.ca === 'kept' && previous?.caPem
          ? { file: previous.caFile ?? '', pem: previous.caPem }
          : undefined;
    if (input.ca === 'chosen' && !ca)
      throw new UserFacingError('invalid_input', 'Choose the CA file of the team server first.', 'caFile');
    const settings: TeamSettings = {
      host: input.host,
      port: input.port,
      database: input.database,
      operator: input.operator,
      caFile: ca?.file ?? null,
      caPem: ca?.pem ?? null,
      origin: previous?.origin ?? readTeamSettings(this.#file)?.origin ?? newOrigin(),
    };
    tlsOptions(settings);
    await requireConfirmation(this.#o.platform, {
      title: `Join the team desk as "${settings.operator}"?`,
      facts: [
        { label: 'Server', value: `${settings.host}:${String(settings.port)}` },
        { label: 'Database', value: settings.database },
        { label: 'Operator', value: settings.operator },
        { label: 'TLS', value: ca ? `checked against ${ca.file}` : 'off (a server on this computer)' },
        {
          label: 'Shared',
          value: "this computer's accounts (never their secrets), history and signed requests",
        },
      ],
      action: 'Join team',
    });
    const password = await this.#o.platform.takeSecretFromClipboard();
    if (!password) throw NO_PASSWORD;
    const store = this.#store(settings, password);
    try {
      await store.connect();
    } catch (error) {
      await store.close();
      throw error instanceof TeamProblem
        ? error
        : new TeamProblem('failed', 'The team server could not be joined.');
    }
    await this.#end();
    await this.#o.secrets.set(teamPasswordId(this.#o.profile), password);
    writeTeamSettings(this.#file, settings);
    this.#chosenCa = undefined;
    this.#begin(store);
    // The store is connected already: the desk reads the registry (and shares this profile's) now.
    store.start();
    return this.view();
  }

  /** Leaves the team after main's confirmation: the desk is no longer followed, the password forgotten. */
  async leave(): Promise<TeamView> {
    const desk = this.#desk;
    if (!desk) return this.view();
    await requireConfirmation(this.#o.platform, {
      title: 'Leave the team desk?',
      facts: [
        { label: 'Server', value: `${desk.store.settings.host}:${String(desk.store.settings.port)}` },
        { label: 'Database', value: desk.store.settings.database },
        { label: 'Operator', value: desk.operator },
      ],
      action: 'Leave team',
      warning:
        "The accounts and history stay on this computer; teammates' changes no longer arrive. The desk's rules stay for its accounts: what needs a second operator's approval waits until this computer joins again.",
    });
    await this.#end();
    writeTeamSettings(this.#file, null);
    await this.#o.secrets.delete(teamPasswordId(this.#o.profile));
    this.#o.events.emit('team.state', this.view());
    return this.view();
  }

  async #end(): Promise<void> {
    const desk = this.#desk;
    if (!desk) return;
    this.#desk = undefined;
    for (const l of this.#listeners) l(undefined);
    await desk.close();
  }

  /** Tries to reach the server now. */
  async retry(): Promise<TeamView> {
    await this.#desk?.store.retryNow().catch(() => undefined);
    return this.view();
  }

  /** Who is in the team (the server's operator roles) and who is online now. */
  async members(): Promise<TeamMemberView[]> {
    const desk = this.#desk;
    if (!desk)
      throw new TeamProblem(
        'not_joined',
        'This computer has not joined a team desk: see Settings → Team desk.',
      );
    return listMembers(desk.store);
  }

  close(): Promise<void> {
    return this.#end();
  }
}
