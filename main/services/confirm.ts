/**
 * The main process's own question before money moves or a key changes. The renderer may have shown
 * a review step of its own, but the renderer is not trusted: nothing in this list happens unless the
 * person answered the native dialog that main raised with the facts main is about to send.
 */
import { UserFacingError } from '../errors.ts';
import { plainConfirmation } from '../dialog-text.ts';
import type { Confirmation, Platform } from '../platform.ts';

/** Refused because the person did not press the action in main's native confirmation. */
export class NotConfirmedError extends UserFacingError {
  constructor(action: string, message?: string) {
    super(
      'not_confirmed',
      message ?? `Nothing was done: "${action}" was not confirmed in the app's own dialog.`,
    );
    this.name = 'NotConfirmedError';
  }
}

/**
 * Asks the native question, every text it shows made plain (no control or bidirectional characters,
 * no line breaks, hosts in punycode), and throws `NotConfirmedError` unless the person confirmed it.
 */
export async function requireConfirmation(
  platform: Pick<Platform, 'confirm'>,
  question: Confirmation,
  /** What the refusal says when the person declined (default: the action was not confirmed). */
  declined?: string,
): Promise<void> {
  const plain = plainConfirmation(question);
  if (!(await platform.confirm(plain))) throw new NotConfirmedError(plain.action, declined);
}
