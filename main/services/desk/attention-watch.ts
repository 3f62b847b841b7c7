/**
 * Board rows needing attention, watched in main so it works whatever screen is open: after each board
 * refresh (from the rows the board built, no request of its own) the rows that entered attention
 * make one `desk.attention` event for the Events list and one desktop notice of the `deskAttention`
 * kind. The rules (liquidation within %, stale after minutes) are the board's, kept in a small JSON
 * file of the profile.
 */
import { readFileSync } from 'node:fs';
import { attentionRules } from '../../domains/desk/procedures.ts';
import type { AttentionRulesView, BoardRowView } from '../../ipc/contract.ts';
import type { EventHub } from '../../ipc/event-hub.ts';
import { writeJsonFile } from '../../json-file.ts';
import type { Logger } from '../../log.ts';
import {
  attentionNotice,
  attentionStep,
  DEFAULT_ATTENTION_RULES,
  type AttentionState,
} from './attention.ts';

export interface AttentionWatchOptions {
  /** The rules file (JSON). */
  file: string;
  events: EventHub;
  /** A desktop notice of the `deskAttention` kind (shown only while that kind is on). */
  notify: (title: string, body: string) => void;
  log: Logger;
  now?: () => number;
}

export class AttentionWatch {
  readonly #o: AttentionWatchOptions;
  #rules: AttentionRulesView;
  #state: AttentionState = new Map();

  constructor(options: AttentionWatchOptions) {
    this.#o = options;
    this.#rules = this.#read();
  }

  get rules(): AttentionRulesView {
    return { ...this.#rules };
  }

  /** Sets and keeps the rules; rows already in attention are judged by the new ones at the next refresh. */
  setRules(rules: AttentionRulesView): AttentionRulesView {
    const next = attentionRules.parse(rules);
    writeJsonFile(this.#o.file, next);
    this.#rules = next;
    return this.rules;
  }

  /** The rows one board refresh built: those entering attention make one event and one notice. */
  observe(rows: readonly BoardRowView[]): void {
    const now = (this.#o.now ?? Date.now)();
    const step = attentionStep(this.#state, rows, this.#rules, now);
    this.#state = step.state;
    const notice = attentionNotice(step.entered, this.#rules, now);
    if (!notice) return;
    this.#o.events.emit('desk.attention', notice);
    this.#o.notify(notice.title, notice.message);
  }

  #read(): AttentionRulesView {
    let raw: string;
    try {
      raw = readFileSync(this.#o.file, 'utf8');
    } catch {
      return { ...DEFAULT_ATTENTION_RULES };
    }
    try {
      return attentionRules.parse(JSON.parse(raw));
    } catch (error) {
      this.#o.log.log('warn', `the board attention rules in ${this.#o.file} are unreadable; using the defaults`, error);
      return { ...DEFAULT_ATTENTION_RULES };
    }
  }
}
