/**
 * Setup of the integration suites: every answer and push a sandbox of the test file sends is held to
 * the exchange's published schema as it is sent; a test during which the sandbox sent anything
 * else fails, naming each difference once.
 */
import { afterAll, afterEach } from 'vitest';
import { watchEverySandbox } from '../../../main/sandbox/traffic.ts';
import { checkSent, type Violation } from './traffic.ts';

const found = new Map<string, Violation & { count: number }>();

const stop = watchEverySandbox((message) => {
  const v = checkSent(message);
  if (!v) return;
  const key = `${v.what}\n${v.differences.join('\n')}`;
  const known = found.get(key);
  if (known) known.count += 1;
  else found.set(key, { ...v, count: 1 });
});

function report(): void {
  if (found.size === 0) return;
  const lines = [...found.values()].map(
    (v) =>
      `${v.what}${v.count > 1 ? ` (${v.count} times)` : ''}\n    ${v.differences.slice(0, 8).join('\n    ')}\n    sent: ${v.sample}`,
  );
  found.clear();
  throw new Error(`The sandbox sent what the exchange does not publish:\n${lines.join('\n')}`);
}

afterEach(report);
afterAll(() => {
  stop();
  report();
});
