import type {
  ConnectionHealthView,
  ConnectionSettingsView,
  ConnectionStatus,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { settled } from './errors.ts';

export interface ConnectionForm {
  kind: 'sandbox' | 'live';
  restUrl: string;
  wsUrl: string;
}

/**
 * Which exchange the app talks to (embedded sandbox or live), for the top bar's badge, and the one it
 * connects to at the next start (Settings).
 */
export class ConnectionManager {
  status = $state<ConnectionStatus | undefined>();
  error = $state<IpcError | undefined>();
  settings = $state<ConnectionSettingsView | undefined>();
  /** The last failure of reading or saving the settings, or of a restart. */
  settingsError = $state<IpcError | undefined>();
  saving = $state(false);
  /** Main's model of the connections (`connection.health`): pushed on every change. */
  health = $state<ConnectionHealthView | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    const reply = await this.#api.connection.status();
    if (settled(reply, (error) => (this.error = error))) this.status = reply.value;
  }

  #returns: Array<() => void> = [];

  /**
   * Runs `refresh` each time the exchange answers again after it could not be reached, so an open
   * screen catches up without a reload; returns the stop.
   */
  onReturn(refresh: () => void): () => void {
    this.#returns = [...this.#returns, refresh];
    return () => {
      this.#returns = this.#returns.filter((r) => r !== refresh);
    };
  }

  /** Reads the connection model now and follows its pushes; returns the stop. */
  follow(): () => void {
    const stop = this.#api.on('connection.health', (view) => {
      const wasDown = this.offline;
      this.health = view;
      if (wasDown && view.exchange.state === 'reachable') for (const refresh of this.#returns) refresh();
    });
    void this.#api.connection.health().then((reply) => {
      if (reply.ok && !this.health) this.health = reply.value;
    });
    return stop;
  }

  /** The exchange is known not to answer: actions that need it are off, screens show the cache. */
  get offline(): boolean {
    return this.health?.exchange.state === 'unreachable';
  }

  /**
   * Why an action that needs the exchange cannot run now, in words; undefined when it can. `account`
   * adds that account's refused key.
   */
  blockedReason(account?: string): string | undefined {
    const health = this.health;
    if (!health) return undefined;
    if (health.exchange.state === 'unreachable')
      return 'The exchange cannot be reached: this waits until it answers again. Nothing is queued.';
    const trouble = account ? health.accounts.find((a) => a.account === account) : undefined;
    if (trouble && trouble.kind !== 'no_permission') return trouble.message;
    return undefined;
  }

  async loadSettings(): Promise<void> {
    const reply = await this.#api.connection.saved();
    if (settled(reply, (error) => (this.settingsError = error))) this.settings = reply.value;
  }

  /** The form's first values: the saved choice, the live addresses blank while the sandbox is chosen. */
  formOf(settings: ConnectionSettingsView): ConnectionForm {
    const c = settings.choice;
    return c.kind === 'live'
      ? { kind: 'live', restUrl: c.restUrl, wsUrl: c.wsUrl }
      : { kind: 'sandbox', restUrl: '', wsUrl: '' };
  }

  /** Saves the choice for the next start; answers whether it was saved. Errors name `restUrl`/`wsUrl`. */
  async save(form: ConnectionForm): Promise<boolean> {
    this.saving = true;
    try {
      const reply = await this.#api.connection.configure(
        form.kind === 'sandbox'
          ? { kind: 'sandbox' }
          : { kind: 'live', restUrl: form.restUrl, wsUrl: form.wsUrl },
      );
      if (!reply.ok) {
        this.settingsError = reply.error;
        return false;
      }
      this.settings = reply.value;
      this.settingsError = undefined;
      return true;
    } finally {
      this.saving = false;
    }
  }

  async restart(): Promise<void> {
    const reply = await this.#api.app.restart();
    if (!reply.ok) this.settingsError = reply.error;
  }

  /** The running exchange as accounts name it (see ConnectionStatus.id); undefined until known. */
  get id(): string | undefined {
    return this.status?.id;
  }

  /** "Sandbox" or "Live"; undefined until known. */
  get label(): string | undefined {
    if (!this.status) return undefined;
    return this.status.kind === 'live' ? 'Live' : 'Sandbox';
  }
}
