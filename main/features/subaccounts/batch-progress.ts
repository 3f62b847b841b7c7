/** How far a batch of new sub-accounts is: its counts, as the journal has them, and each account's view. */
import type { BatchAccountView } from '../../views/subaccounts.ts';
import type { StepRecord } from './journal.ts';

export type Counts = { total: number; done: number; failed: number };

/** How many accounts of a batch are done and how many stopped on an error, as the journal counts. */
export class Tally {
  readonly #state = new Map<number, 'done' | 'failed' | 'open'>();
  readonly #counts: Counts = { total: 0, done: 0, failed: 0 };

  constructor(steps: readonly StepRecord[]) {
    for (const step of steps) this.set(step);
  }

  set(step: StepRecord): void {
    const before = this.#state.get(step.n);
    const now = step.stage === 'done' ? 'done' : step.errorCode !== null ? 'failed' : 'open';
    this.#state.set(step.n, now);
    if (before === undefined) this.#counts.total++;
    else if (before !== 'open') this.#counts[before]--;
    if (now !== 'open') this.#counts[now]++;
  }

  counts(): Counts {
    return { ...this.#counts };
  }
}

/** One account of a batch as the screen lists it. */
export function accountView(s: StepRecord): BatchAccountView {
  return {
    n: s.n,
    alias: s.alias,
    stage: s.stage,
    ...(s.subAccountId ? { subAccountId: s.subAccountId } : {}),
    ...(s.apiKeyId ? { accountId: s.accountId } : {}),
    ...(s.errorCode ? { error: { code: s.errorCode, message: s.errorMessage ?? '' } } : {}),
    ...(s.pending ? { unsure: true } : {}),
  };
}
