/**
 * The team desk's rules as this profile keeps them (`profiles/<profile>/desk-rules.json`): which desk
 * it joined, the operator's roles there, the desk's four-eyes policy, and the keys of the desk's
 * accounts. They are read from the team store at each connect and on each change, and kept when the
 * store cannot be reached or the profile leaves the desk: a profile that joined a team keeps the
 * team's rules for the team's accounts, so what needs a second operator waits and is never sent alone.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeJsonFile } from '../../json-file.ts';
import type { Logger } from '../../log.ts';
import { DEFAULT_POLICY, type DeskPolicy } from '../../policy/desk-policy.ts';
import type { DeskRole } from '../../policy/desk-roles.ts';

const policySchema = z.strictObject({
  transferLimits: z.record(z.string(), z.string()),
  keyPermissions: z.boolean(),
  keyResets: z.boolean(),
  withdrawalKeys: z.boolean(),
  approvalMinutes: z.number().int(),
});

const rulesSchema = z.strictObject({
  desk: z.string(),
  /** "desk_a on db.example:5432", for sentences. */
  name: z.string(),
  operator: z.string(),
  roles: z.array(z.enum(['viewer', 'trader', 'treasurer', 'admin'])),
  policy: policySchema,
  /** The approved proposal that set the policy in force (null: the default policy), who sent it and when. */
  policyFrom: z.string().nullable(),
  policySet: z.strictObject({ by: z.string(), atMs: z.number() }).optional(),
  /** The API keys and account ids of the desk's accounts (a key stays the desk's once it was). */
  keys: z.array(z.string()),
  accounts: z.array(z.string()),
});
export type DeskRulesState = z.infer<typeof rulesSchema>;

export { policySchema };

export class DeskRules {
  readonly #file: string;
  readonly #log: Logger;
  #state: DeskRulesState | undefined;
  #keys = new Set<string>();
  #accounts = new Set<string>();

  constructor(file: string, log: Logger) {
    this.#file = file;
    this.#log = log;
    this.#state = this.#read();
    this.#index();
  }

  #read(): DeskRulesState | undefined {
    let raw: string;
    try {
      raw = readFileSync(this.#file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      return rulesSchema.parse(JSON.parse(raw));
    } catch (error) {
      // Unreadable rules are not no rules: the strictest ones hold until the desk is reached again.
      this.#log.log(
        'warn',
        `the team desk's rules in ${this.#file} could not be read; the strictest apply`,
        error,
      );
      return {
        desk: 'unknown',
        name: 'the team desk',
        operator: '',
        roles: [],
        policy: DEFAULT_POLICY,
        policyFrom: null,
        keys: [],
        accounts: [],
      };
    }
  }

  #index(): void {
    this.#keys = new Set(this.#state?.keys ?? []);
    this.#accounts = new Set(this.#state?.accounts ?? []);
  }

  /** The rules in force, or undefined for a profile that never joined a team (it works alone). */
  get state(): DeskRulesState | undefined {
    return this.#state;
  }

  get policy(): DeskPolicy {
    return this.#state?.policy ?? DEFAULT_POLICY;
  }

  get roles(): readonly DeskRole[] {
    return this.#state?.roles ?? [];
  }

  /** Whether the desk's rules apply to the account (by its id or its key). */
  governs(accountId: string | undefined, apiKey: string | undefined): boolean {
    if (!this.#state) return false;
    // A profile whose rules could not be read treats every account as the desk's.
    if (this.#state.desk === 'unknown') return true;
    return (
      (accountId !== undefined && this.#accounts.has(accountId)) ||
      (apiKey !== undefined && apiKey !== '' && this.#keys.has(apiKey))
    );
  }

  /**
   * Merges what the store said (the desk joined, the roles, the policy) and the desk's accounts (kept
   * once they were the desk's); written when something changed. Answers whether something did.
   */
  update(
    patch: Partial<Omit<DeskRulesState, 'keys' | 'accounts'>> & {
      desk: string;
      name: string;
      operator: string;
    },
    accounts: ReadonlyArray<{ id: string; apiKey: string }> = [],
  ): boolean {
    const before = this.#state;
    const keys = new Set(before?.keys ?? []);
    const ids = new Set(before?.accounts ?? []);
    for (const a of accounts) {
      ids.add(a.id);
      if (a.apiKey) keys.add(a.apiKey);
    }
    const next: DeskRulesState = {
      roles: before?.roles ?? [],
      policy: before?.policy ?? DEFAULT_POLICY,
      policyFrom: before?.policyFrom ?? null,
      ...(before?.policySet ? { policySet: before.policySet } : {}),
      ...patch,
      keys: [...keys].sort(),
      accounts: [...ids].sort(),
    };
    if (patch.policyFrom === null) delete next.policySet;
    if (JSON.stringify(next) === JSON.stringify(before)) return false;
    this.#state = next;
    this.#index();
    this.#write(next);
    return true;
  }

  /** Adds accounts of the desk (they stay the desk's); nothing while the profile never joined one. */
  addAccounts(accounts: ReadonlyArray<{ id: string; apiKey: string }>): void {
    const state = this.#state;
    if (!state) return;
    const fresh = accounts.filter(
      (a) => !this.#accounts.has(a.id) || (a.apiKey !== '' && !this.#keys.has(a.apiKey)),
    );
    if (fresh.length === 0) return;
    this.update({ desk: state.desk, name: state.name, operator: state.operator }, fresh);
  }

  #write(next: DeskRulesState): void {
    try {
      writeJsonFile(this.#file, next);
    } catch (error) {
      this.#log.log(
        'warn',
        "the team desk's rules could not be written; they hold while the app runs",
        error,
      );
    }
  }
}
