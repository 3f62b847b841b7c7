/**
 * The operator's roles on the team desk and the desk's four-eyes policy, as main holds them, for any
 * screen (Svelte context, like the connection): a screen offers only what the roles allow and says
 * why in main's own words. Main decides every request itself: this is only so nobody fills a form
 * that main would refuse.
 */
import { getContext, setContext } from 'svelte';
import type { DeskRulesView } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';

export type DeskRole = 'trader' | 'treasurer' | 'admin';

const ARTICLE: Record<DeskRole, string> = { trader: 'a trader', treasurer: 'a treasurer', admin: 'an admin' };

/** "Only a treasurer can send a withdrawal." (the same words main refuses with) */
export function roleRefusal(role: DeskRole, what: string): string {
  return `Only ${ARTICLE[role]} can ${what}.`;
}

export class DeskRulesManager {
  rules = $state<DeskRulesView | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    const reply = await this.#api.approvals.rules();
    if (reply.ok) this.rules = reply.value;
  }

  /** Reads the rules again whenever the desk's approvals, policy or state change; answers the stop. */
  follow(): () => void {
    const stops = [
      this.#api.on('approvals.changed', () => void this.load()),
      this.#api.on('team.state', () => void this.load()),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }

  /** The desk's rules apply on this computer (it joined a team). */
  get active(): boolean {
    return this.rules?.active ?? false;
  }

  /** Why the operator may not do `what` (needing `role`), or undefined when they may (or work alone). */
  refusal(role: DeskRole, what: string): string | undefined {
    const rules = this.rules;
    if (!rules?.active || rules.roles.includes(role)) return undefined;
    return roleRefusal(role, what);
  }
}

const KEY = Symbol('desk-rules');

export function provideDeskRules(rules: DeskRulesManager): void {
  setContext(KEY, rules);
}

/** The window's desk rules; undefined where none was provided (a component tested alone). */
export function useDeskRules(): DeskRulesManager | undefined {
  return getContext<DeskRulesManager | undefined>(KEY);
}
