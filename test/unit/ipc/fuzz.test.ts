import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procedureNames } from '../../../main/ipc/contract.ts';
import { createTestCore, type TestCore } from '../../support/core.ts';
import { prng, randomValue } from '../../support/random.ts';

const PAYLOADS_PER_PROCEDURE = 1_000;

let core: TestCore;
beforeAll(async () => {
  core = await createTestCore();
});
afterAll(() => core.close());

describe('router under malformed input', () => {
  it.each(procedureNames)(
    `%s: ${PAYLOADS_PER_PROCEDURE} random payloads all answer a typed error or a valid result`,
    async (name) => {
      const rand = prng([...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7));
      const codes = new Map<string, number>();
      for (let i = 0; i < PAYLOADS_PER_PROCEDURE; i++) {
        const input = randomValue(rand);
        const reply = await core.router.dispatch(name, input, { origin: 'fuzz' });
        if (reply.ok) {
          expect(() => structuredClone(reply.value)).not.toThrow();
          codes.set('ok', (codes.get('ok') ?? 0) + 1);
        } else {
          expect(reply.error.code, `${JSON.stringify(reply.error)}`).not.toBe('internal');
          expect(reply.error.message.length).toBeGreaterThan(0);
          expect(reply.error.message.length).toBeLessThan(500);
          // Written for a person: no path of the input's fields, no validator's own wording.
          const { message, field } = reply.error;
          if (field?.includes('.')) expect(message).not.toContain(field);
          expect(message).not.toMatch(/Invalid input|Too (big|small)|expected [a-z]+,|received /);
          codes.set(reply.error.code, (codes.get(reply.error.code) ?? 0) + 1);
        }
      }
      expect(
        core.logged.filter((line) => line.startsWith('error')),
        'no handler failed unexpectedly',
      ).toEqual([]);
      expect([...codes.values()].reduce((a, b) => a + b, 0)).toBe(PAYLOADS_PER_PROCEDURE);
      expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('amount');
    },
    // Payloads a procedure accepts do the real work against the sandbox (a mining poll reads every
    // mining account), so the procedures that take an empty input run some hundred real calls.
    30_000,
  );

  it('answers random procedure names with unknown_procedure', async () => {
    const rand = prng(99);
    for (let i = 0; i < PAYLOADS_PER_PROCEDURE; i++) {
      const name = randomValue(rand);
      const reply = await core.router.dispatch(name, randomValue(rand), { origin: 'fuzz' });
      if (typeof name === 'string' && procedureNames.includes(name as never)) continue;
      expect(reply.ok ? 'ok' : reply.error.code).toBe('unknown_procedure');
    }
  });
});
