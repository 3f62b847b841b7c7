import type { DeskPolicyView, IpcError, ProposalView, ProposedView } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import { proposedWords } from '../format/proposed.ts';
import { settled } from './errors.ts';

/** A policy as the form edits it: the limits one per line ("USDT 10000"). */
export interface PolicyForm {
  limits: string;
  keyPermissions: boolean;
  keyResets: boolean;
  withdrawalKeys: boolean;
  minutes: string;
}

export function policyForm(p: DeskPolicyView): PolicyForm {
  return {
    limits: Object.entries(p.transferLimits)
      .map(([t, v]) => `${t} ${v}`)
      .join('\n'),
    keyPermissions: p.keyPermissions,
    keyResets: p.keyResets,
    withdrawalKeys: p.withdrawalKeys,
    minutes: String(p.approvalMinutes),
  };
}

/** The form as a policy, or the first thing wrong with it in words. */
export function policyOf(form: PolicyForm): DeskPolicyView | IpcError {
  const transferLimits: Record<string, string> = {};
  for (const [i, line] of form.limits.split('\n').entries()) {
    const text = line.trim();
    if (!text) continue;
    const [ticker = '', amount = '', ...rest] = text.split(/\s+/);
    if (!amount || rest.length > 0)
      return {
        code: 'invalid_input',
        message: `Line ${String(i + 1)} of the transfer limits: write a currency and an amount, like "USDT 10000".`,
        field: 'transferLimits',
      };
    transferLimits[ticker.toUpperCase()] = amount.replace(/,/g, '');
  }
  const minutes = Number(form.minutes);
  if (!Number.isInteger(minutes))
    return {
      code: 'invalid_input',
      message: 'Write the minutes as a whole number.',
      field: 'approvalMinutes',
    };
  return {
    transferLimits,
    keyPermissions: form.keyPermissions,
    keyResets: form.keyResets,
    withdrawalKeys: form.withdrawalKeys,
    approvalMinutes: minutes,
  };
}

/**
 * The desk's proposals (Approvals): read from main, again whenever main says they changed (a
 * teammate proposed, decided or sent one: LISTEN/NOTIFY on the team store), and what this operator
 * does with them. Every decision and send is asked again in main's own dialog.
 */
export class ApprovalsManager {
  list = $state<ProposalView[]>([]);
  loaded = $state(false);
  error = $state<IpcError | undefined>();
  selectedId = $state<string | undefined>();
  busy = $state<'approve' | 'reject' | 'send' | 'policy' | undefined>();
  /** The last decision's or send's failure, in main's words. */
  actionError = $state<IpcError | undefined>();
  /** What the last send or policy proposal came to, in words. */
  result = $state<string | undefined>();
  /** When the list was last read (ms). */
  readAtMs = $state<number | undefined>();
  readonly #api: TxcApi;
  #reading: Promise<void> | undefined;
  #again = false;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  get selected(): ProposalView | undefined {
    return this.list.find((p) => p.id === this.selectedId) ?? this.list[0];
  }

  get waiting(): ProposalView[] {
    return this.list.filter((p) => p.state === 'waiting' || p.state === 'approved');
  }

  /** How many wait for this operator: to approve or reject, or approved and theirs to send. */
  get mine(): number {
    return this.list.filter((p) => p.canDecide || p.canSend).length;
  }

  get done(): ProposalView[] {
    return this.list.filter((p) => p.state !== 'waiting' && p.state !== 'approved');
  }

  /** Reads the list (one read at a time; a change during one reads again after it). */
  load(): Promise<void> {
    if (this.#reading) {
      this.#again = true;
      return this.#reading;
    }
    this.#reading = (async () => {
      do {
        this.#again = false;
        const reply = await this.#api.approvals.list();
        this.loaded = true;
        this.readAtMs = Date.now();
        if (settled(reply, (error) => (this.error = error))) this.list = reply.value;
      } while (this.#again);
    })().finally(() => (this.#reading = undefined));
    return this.#reading;
  }

  follow(): () => void {
    return this.#api.on('approvals.changed', () => void this.load());
  }

  select(id: string): void {
    this.selectedId = id;
    this.actionError = undefined;
    this.result = undefined;
  }

  async decide(id: string, decision: 'approved' | 'rejected', reason = ''): Promise<boolean> {
    this.busy = decision === 'approved' ? 'approve' : 'reject';
    const reply = await this.#api.approvals.decide({
      id,
      decision,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    });
    this.busy = undefined;
    if (!reply.ok) {
      if (reply.error.code !== 'not_confirmed') this.actionError = reply.error;
      return false;
    }
    this.actionError = undefined;
    this.result = undefined;
    this.#replace(reply.value);
    return true;
  }

  async send(id: string): Promise<boolean> {
    this.busy = 'send';
    const reply = await this.#api.approvals.send({ id });
    this.busy = undefined;
    if (!reply.ok) {
      if (reply.error.code !== 'not_confirmed') this.actionError = reply.error;
      await this.load();
      return false;
    }
    this.actionError = undefined;
    this.result = reply.value.result;
    this.#replace(reply.value.proposal);
    return true;
  }

  /** Proposes the policy of `form`; answers the failure in words (undefined when proposed). */
  async proposePolicy(form: PolicyForm): Promise<IpcError | undefined> {
    const policy = policyOf(form);
    if ('code' in policy) return policy;
    this.busy = 'policy';
    const reply = await this.#api.approvals.proposePolicy(policy);
    this.busy = undefined;
    if (!reply.ok) return reply.error.code === 'not_confirmed' ? undefined : reply.error;
    const proposed: ProposedView = reply.value;
    this.result = proposedWords(proposed);
    await this.load();
    if (proposed.proposed[0]) this.selectedId = proposed.proposed[0].id;
    return undefined;
  }

  #replace(view: ProposalView): void {
    this.list = this.list.map((p) => (p.id === view.id ? view : p));
  }
}
