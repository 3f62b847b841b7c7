/**
 * The app's error base, free of any layer: the exchange client, the cache, the vault and the services
 * throw these with a stable code and a sentence a person can read. Whether one reaches the person is
 * not decided here but by one list (`main/readable-errors.ts`), which the IPC router and the services'
 * batches read alike; anything else becomes "internal error" with a log reference.
 */

/**
 * An error as a person is shown it, and as it crosses the bridge: readable, never a stack trace or a
 * secret. What the router answers for a refused call and what a service returns for a failed item of
 * a batch.
 */
export interface IpcError {
  /** Machine-readable family: `invalid_input`, `unknown_procedure`, `forbidden`, `internal`, ... */
  code: string;
  /** A sentence a desk operator understands. */
  message: string;
  /** The input field at fault, as a dotted path (`orders.0.price`), when one is. */
  field?: string;
  /** Valid values near the refused one (the largest amount the balance covers...), for a one-click fix. */
  suggestions?: string[];
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

  toView(): IpcError {
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

/**
 * A field path as words: its last named part, split at capitals and underscores ("clientOrderId" ->
 * "Client order id"), with the item it belongs to when it sits in a list ("Price of item 2").
 */
export function fieldWords(path: readonly string[]): string {
  const named = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? 'value';
  const words = named
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  const index = path.findLast((p) => /^\d+$/.test(p));
  const label = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  return index === undefined ? label : `${label} of item ${String(Number(index) + 1)}`;
}
