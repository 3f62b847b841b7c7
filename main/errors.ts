/**
 * The app's error base, free of any layer: the exchange client, the cache, the vault and the services
 * throw these with a stable code and a sentence a person can read. Whether one reaches the person is
 * not decided here but by the IPC router's whitelist (`main/ipc/user-facing.ts`); anything else
 * becomes "internal error" with a log reference.
 */

/** An error's form where it is shown: a code, a sentence and, when there is one, the field at fault. */
export interface ErrorView {
  code: string;
  message: string;
  field?: string;
}

/** An error with a stable `code`, a readable message and optionally the input field at fault. */
export class CodedError extends Error {
  readonly code: string;
  readonly field: string | undefined;

  constructor(code: string, message: string, field?: string) {
    super(message);
    this.name = 'CodedError';
    this.code = code;
    this.field = field;
  }

  toIpcError(): ErrorView {
    return this.field === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, field: this.field };
  }
}

/** A failure the person at the desk can act on, raised by a service (a refusal, a missing account, ...). */
export class UserFacingError extends CodedError {
  constructor(code: string, message: string, field?: string) {
    super(code, message, field);
    this.name = 'UserFacingError';
  }
}
