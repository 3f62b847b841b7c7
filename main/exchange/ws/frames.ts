/**
 * One WebSocket frame from the exchange as the client reads it, without ever throwing: a push it can
 * route, an answer to one of its requests, something it has no use for, or something it cannot read.
 * What cannot be read says why, in words for the log (never the frame itself, which may be huge).
 */
import { isChannel, pushTopic, type Channel } from './channels.ts';

/** The largest frame the client reads (the exchange's are a few kB; a depth snapshot tens of kB). */
export const MAX_FRAME_BYTES = 1024 * 1024;

/** An error message of the exchange is cut to this length before it reaches an error or the log. */
const MAX_MESSAGE_CHARS = 300;

export type Frame =
  | { readonly kind: 'push'; readonly channel: Channel; readonly params: unknown; readonly topic: string }
  | {
      readonly kind: 'reply';
      readonly id: number;
      readonly result: unknown;
      readonly error: { code: number; message: string } | undefined;
    }
  /** A frame for nothing the client follows: another channel's push, an unknown method. */
  | { readonly kind: 'ignored' }
  | { readonly kind: 'unreadable'; readonly reason: string };

const unreadable = (reason: string): Frame => ({ kind: 'unreadable', reason });

function fields(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** An answer's `error`, as `{code, message}` whatever the exchange put there. */
function errorOf(value: unknown): { code: number; message: string } | undefined {
  if (value === null || value === undefined) return undefined;
  const e = fields(value);
  const code = e?.['code'];
  const message = e?.['message'];
  return {
    code: typeof code === 'number' && Number.isSafeInteger(code) ? code : 2,
    message:
      typeof message === 'string'
        ? message.length > MAX_MESSAGE_CHARS
          ? `${message.slice(0, MAX_MESSAGE_CHARS)}…`
          : message
        : 'an error the app cannot read',
  };
}

/** Reads one text frame. Never throws. */
export function readFrame(text: string): Frame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return unreadable('a message that is not JSON');
  }
  const frame = fields(value);
  if (!frame) return unreadable('a message that is not a JSON object');
  const id = frame['id'];
  if (id === null || id === undefined) {
    const method = frame['method'];
    if (typeof method !== 'string') return unreadable('a push without a method name');
    if (!method.endsWith('_update')) return { kind: 'ignored' };
    const channel = method.slice(0, -'_update'.length);
    if (!isChannel(channel)) return { kind: 'ignored' };
    const params = frame['params'];
    const topic = pushTopic(channel, params);
    if (topic === undefined) return unreadable(`a ${channel} push that does not name its market`);
    return { kind: 'push', channel, params, topic };
  }
  if (typeof id !== 'number' || !Number.isSafeInteger(id))
    return unreadable('an answer whose id is no number');
  return { kind: 'reply', id, result: frame['result'], error: errorOf(frame['error']) };
}
