/** The refusals of an order send, in words a person reads: a rule broken, a batch's guard that moved. */
import { UserFacingError, type IpcError } from '../../errors.ts';
import type { GuardQuestion } from '../../rules/guards.ts';
import type { RuleIssue } from '../../rules/index.ts';

/** The order broke a pre-trade rule; nothing was sent. `issues` lists every rule it broke. */
export class RuleViolation extends UserFacingError {
  readonly issues: readonly RuleIssue[];

  constructor(issues: readonly RuleIssue[]) {
    const first = issues[0] ?? { field: 'order', message: 'The order is not valid.' };
    super('rule_violation', first.message, first.field);
    this.name = 'RuleViolation';
    this.issues = issues;
  }

  override toView(): IpcError {
    const suggestions = this.issues[0]?.suggestions;
    return suggestions?.length ? { ...super.toView(), suggestions: [...suggestions] } : super.toView();
  }
}

/**
 * An order of a batch trips a guard the person was not asked about in the batch's one question (the
 * market moved meanwhile); it was not sent. Sent again on its own, main asks.
 */
export class GuardsChanged extends UserFacingError {
  readonly questions: readonly GuardQuestion[];

  constructor(questions: readonly GuardQuestion[]) {
    const first = questions[0] as GuardQuestion;
    super(
      'needs_confirmation',
      `Not sent: since you confirmed, this order came to need a question you were not asked. ${questions.map((q) => q.message).join(' ')} Send it again to be asked.`,
      first.field,
    );
    this.name = 'GuardsChanged';
    this.questions = questions;
  }
}
