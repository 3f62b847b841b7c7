import {
  isProcedureName,
  procedures,
  type IpcError,
  type ProcedureName,
  type Procedures,
  type Reply,
} from './contract.ts';
import type { CallContext, HandlersOf } from '../views/schemas.ts';
import { randomBytes } from 'node:crypto';
import { internalError, invalidInput } from './errors.ts';
import { readable } from '../readable-errors.ts';

export type { CallContext } from '../views/schemas.ts';

/** One handler per procedure of the contract; a missing or extra one is a compile error. */
export type Handlers = HandlersOf<Procedures>;

export interface RouterOptions {
  /**
   * Where unexpected failures are reported, with the reference the caller was given (the logger
   * redacts them); the report should keep the stack.
   */
  onInternalError?: (procedure: ProcedureName, error: unknown, reference: string) => void;
}

export interface Router {
  /** Validates `input` against the procedure's schema and runs its handler; never throws. */
  dispatch(name: unknown, input: unknown, ctx: CallContext): Promise<Reply<unknown>>;
}

export function createRouter(handlers: Handlers, options: RouterOptions = {}): Router {
  return {
    async dispatch(name, input, ctx) {
      if (!isProcedureName(name)) {
        return fail({
          code: 'unknown_procedure',
          message: `There is no procedure named ${describe(name)}.`,
        });
      }
      const parsed = procedures[name].input.safeParse(input);
      if (!parsed.success) return fail(invalidInput(parsed.error));
      try {
        const handler = handlers[name] as (input: unknown, ctx: CallContext) => unknown;
        return { ok: true, value: await handler(parsed.data, ctx) };
      } catch (error) {
        const shown = readable(error);
        if (shown) return fail(shown);
        const reference = randomBytes(4).toString('hex');
        options.onInternalError?.(name, error, reference);
        return fail(internalError(reference));
      }
    },
  };
}

function fail(error: IpcError): Reply<never> {
  return { ok: false, error };
}

function describe(name: unknown): string {
  if (typeof name !== 'string') return `of type ${name === null ? 'null' : typeof name}`;
  const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
  return JSON.stringify(shown);
}
