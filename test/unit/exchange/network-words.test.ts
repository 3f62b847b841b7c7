// A failed send is told in words: the system's code (ECONNREFUSED…) is kept for the log only.
import { describe, expect, it } from 'vitest';
import { networkError } from '../../../main/exchange/errors.ts';

/** What undici throws: a "fetch failed" error whose cause carries the system code. */
function fetchFailed(code: string): Error {
  return new TypeError('fetch failed', {
    cause: Object.assign(new Error(`connect ${code} 127.0.0.1:9`), { code }),
  });
}

describe('networkError', () => {
  it('says what happened in words, never the system code', () => {
    for (const [code, words] of [
      ['ECONNREFUSED', 'nothing answered at its address'],
      ['ENOTFOUND', 'its address could not be found'],
      ['ECONNRESET', 'the connection was cut'],
      ['CERT_HAS_EXPIRED', 'its security certificate has expired'],
      ['EWHATEVER', 'the network did not carry the request'],
    ] as const) {
      const error = networkError(fetchFailed(code));
      expect(error.message).toBe(
        `Could not reach the exchange: ${words}. Check the network connection; nothing was confirmed.`,
      );
      expect(error.message).not.toContain(code);
      expect(error.systemCode).toBe(code);
    }
  });

  it('reads a code on the error itself, and a cause with none', () => {
    expect(networkError(Object.assign(new Error('x'), { code: 'ETIMEDOUT' })).message).toContain(
      'the connection timed out',
    );
    expect(networkError('gone').message).toContain('the network did not carry the request');
    expect(networkError('gone').systemCode).toBeUndefined();
  });
});
