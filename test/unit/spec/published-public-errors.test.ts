/**
 * Every error answer the exchange's public v4 file publishes (its 4xx examples) goes through the
 * client's reading of failed answers: each is read from its body (never "HTTP 422" alone), and a
 * validation bag names the field it is about.
 */
import { describe, expect, it } from 'vitest';
import { classifyResponse } from '../../../main/exchange/classify-response.ts';
import { publishedOperations } from '../../support/contract/rest.ts';

const cases = publishedOperations()
  .filter((op) => op.file.endsWith('public/http-v4.yaml'))
  .flatMap((op) =>
    [...op.answers.values()]
      .filter((a) => /^4\d\d$/.test(a.status) && a.status !== '429')
      .flatMap((a) =>
        a.examples.map(
          (ex) => [`${op.method} ${op.path} ${a.status} ${ex.where}`, Number(a.status), ex.value] as const,
        ),
      ),
  );

describe("the public file's error examples, through the client", () => {
  it('are there to read', () => {
    expect(cases.length).toBeGreaterThan(3);
  });

  it.each(cases)('%s', (_name, status, body) => {
    const error = classifyResponse(status, body);
    expect(error).not.toBeNull();
    expect(error?.message).not.toMatch(/HTTP \d{3}/);
    const keys = typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body) : [];
    if (keys.length > 0 && !keys.some((k) => ['code', 'message', 'errors', 'success', 'result'].includes(k)))
      expect(keys).toContain(error?.field);
  });
});
