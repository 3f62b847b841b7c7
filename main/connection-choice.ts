/**
 * Which exchange the app connects to at start: the embedded sandbox, or the live exchange at the
 * addresses the person gives. One shape for the `connection.configure` input and for `connection.json`
 * (read back at start by `features/connection/settings.ts`). Free of Node imports: the renderer's
 * type-check reads it through the contract.
 */
import { z } from 'zod';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An address of the given secure scheme, or of the plain one on this machine only (a local sandbox). */
function address(secure: 'https:' | 'wss:', plain: 'http:' | 'ws:', what: string) {
  return z
    .string()
    .trim()
    .max(255)
    .refine(
      (text) => {
        try {
          const url = new URL(text);
          if (url.username || url.password || url.search || url.hash) return false;
          return url.protocol === secure || (url.protocol === plain && LOOPBACK.has(url.hostname));
        } catch {
          return false;
        }
      },
      {
        message: `must be a ${secure.slice(0, -1)}:// address of the ${what} (${plain.slice(0, -1)}:// only on this machine), with no query`,
      },
    )
    .transform((text) => text.replace(/\/+$/, ''));
}

/** The exchange to connect to at the next start (`connection.configure`). */
export const connectionChoice = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('sandbox') }),
  z.strictObject({
    kind: z.literal('live'),
    /** The REST base address ({base_url}); requests go to `<restUrl>/api/v4/...`. */
    restUrl: address('https:', 'http:', 'REST base'),
    /** The WebSocket host ({ws_url}); the app connects to `<wsUrl>/ws`. */
    wsUrl: address('wss:', 'ws:', 'WebSocket host'),
  }),
]);
export type ConnectionChoice = z.output<typeof connectionChoice>;
