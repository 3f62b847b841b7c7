import type { IpcError, Reply } from '../api.ts';

/**
 * The error to show next to one field: main names the field at fault as a dotted path
 * (`orders.0.price`); a form asks for its own field, or for a whole group by prefix (`orders.0`).
 */
export function errorFor(error: IpcError | undefined, field: string): IpcError | undefined {
  if (!error?.field) return undefined;
  return error.field === field || error.field.startsWith(`${field}.`) ? error : undefined;
}

/** Errors that no field claims, for the form's general message. */
export function unclaimedError(error: IpcError | undefined, fields: readonly string[]): IpcError | undefined {
  if (!error) return undefined;
  return fields.some((f) => errorFor(error, f)) ? undefined : error;
}

/**
 * Says how a request ended in the manager's error field (`say`): its error, or none once the answer
 * is a value; true, with the value readable, when it is one.
 */
export function settled<T>(
  reply: Reply<T>,
  say: (error: IpcError | undefined) => void,
): reply is Extract<Reply<T>, { ok: true }> {
  say(reply.ok ? undefined : reply.error);
  return reply.ok;
}
