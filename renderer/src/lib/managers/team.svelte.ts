import type { IpcError, TeamMemberView, TeamView } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import { sinceWords } from '../format/time.ts';
import { settled } from './errors.ts';

export { sinceWords };

export interface TeamForm {
  host: string;
  port: string;
  database: string;
  operator: string;
}

/**
 * The team desk this profile joined (Settings → Team desk), its state for the status bar, and who is
 * in the team (the Team screen). Main pushes the state on every change (`team.state`) and tells
 * when operators came or went (`team.members`).
 */
export class TeamManager {
  view = $state<TeamView | undefined>();
  members = $state<TeamMemberView[]>([]);
  membersError = $state<IpcError | undefined>();
  /** The last failure of joining or leaving, in main's words. */
  error = $state<IpcError | undefined>();
  busy = $state(false);
  /** The CA file picked in main's dialog for the next join. */
  chosenCa = $state<string | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** What the status bar says, or undefined when the profile works alone. */
  get status(): { text: string; trouble: boolean; title?: string } | undefined {
    const v = this.view;
    if (!v?.joined) return undefined;
    if (v.status === 'connected') return { text: 'Team desk: connected', trouble: false };
    if (v.status === 'connecting') return { text: 'Team desk: connecting…', trouble: false };
    const since = v.sinceMs === undefined ? '' : ` since ${sinceWords(v.sinceMs)}`;
    const text = v.status === 'refused' ? 'Team desk: not connected' : `Team desk: not reachable${since}`;
    return { text, trouble: true, ...(v.problem ? { title: v.problem } : {}) };
  }

  get operator(): string | undefined {
    return this.view?.joined ? this.view.operator : undefined;
  }

  async load(): Promise<void> {
    const reply = await this.#api.team.state();
    if (reply.ok) this.view = reply.value;
  }

  /** Follows main's pushes; returns the stop. */
  follow(): () => void {
    const stops = [
      this.#api.on('team.state', (view) => {
        this.view = view;
      }),
      this.#api.on('team.members', () => void this.loadMembers()),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }

  async loadMembers(): Promise<void> {
    if (!this.view?.joined) {
      this.members = [];
      return;
    }
    const reply = await this.#api.team.members();
    if (settled(reply, (error) => (this.membersError = error))) this.members = reply.value;
  }

  formOf(view: TeamView | undefined): TeamForm {
    return {
      host: view?.host ?? '',
      port: String(view?.port ?? 5432),
      database: view?.database ?? '',
      operator: view?.operator ?? '',
    };
  }

  async chooseCa(): Promise<void> {
    const reply = await this.#api.team.chooseCaFile();
    if (reply.ok) {
      if (reply.value) this.chosenCa = reply.value;
      this.error = undefined;
    } else this.error = reply.error;
  }

  /** Joins with the form; the password is on the clipboard (main takes it). True when joined. */
  async join(form: TeamForm, ca: 'chosen' | 'kept' | 'none'): Promise<boolean> {
    const port = Number(form.port);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      this.error = {
        code: 'invalid_input',
        message: 'The port is a whole number from 1 to 65535.',
        field: 'port',
      };
      return false;
    }
    this.busy = true;
    const reply = await this.#api.team.join({
      host: form.host.trim(),
      port,
      database: form.database.trim(),
      operator: form.operator.trim(),
      ca,
    });
    this.busy = false;
    if (!reply.ok) {
      this.error = reply.error;
      return false;
    }
    this.view = reply.value;
    this.error = undefined;
    this.chosenCa = undefined;
    return true;
  }

  async leave(): Promise<void> {
    this.busy = true;
    const reply = await this.#api.team.leave();
    this.busy = false;
    if (reply.ok) {
      this.view = reply.value;
      this.error = undefined;
    } else if (reply.error.code !== 'not_confirmed') this.error = reply.error;
  }

  async retry(): Promise<void> {
    const reply = await this.#api.team.retry();
    if (reply.ok) this.view = reply.value;
  }
}
