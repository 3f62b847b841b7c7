import type { IpcError } from '../api.ts';

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
