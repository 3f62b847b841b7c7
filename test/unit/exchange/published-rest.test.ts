/**
 * The exchange's published REST examples (its OpenAPI files, `test/support/published.ts`) fed to the
 * app's endpoint readers, each through the same function (and response schema) the app calls: every
 * example is read, every value the app keeps under the example's name is the example's value, and the
 * call goes to the endpoint the example documents. Older published shapes (a list around the
 * modified order, a flat trade balance, `stop_loss` legs) are read too.
 */
import { describe, expect, it } from 'vitest';
import { REST_ENDPOINTS } from '../../../main/exchange/registry/index.ts';
import { unreadAnswer } from '../../../main/exchange/schemas/primitives.ts';
import { publishedOperations } from '../../support/contract/rest.ts';
import { UNPUBLISHED } from '../../support/contract/traffic.ts';
import { fixtureNames, restFixture, restFixtures, valueDiff } from '../../support/published.ts';
import { answering, INSIDE, READS } from '../../support/published-reads.ts';

describe('every published REST example is read by the endpoint the app calls', () => {
  it('has a reader for every kept example, and an example for every reader', () => {
    expect(Object.keys(READS).sort()).toEqual(fixtureNames('rest'));
  });

  it('has an example of every endpoint of the registry the files publish', () => {
    const fed = new Set(fixtureNames('rest').map((n) => restFixture(n).endpoint));
    // a success published with no body at all (no schema, no example) has nothing to read: the
    // descriptor reads nothing of it (`unreadAnswer`, with its reason)
    const bodiless = (e: (typeof REST_ENDPOINTS)[number]) => {
      const op = publishedOperations().find((o) => o.method === e.method && o.path === e.path);
      const ok = op ? [...op.answers.values()].filter((a) => a.status.startsWith('2')) : [];
      return (
        e.answer === unreadAnswer && ok.length > 0 && ok.every((a) => !a.schema && a.examples.length === 0)
      );
    };
    const missing = REST_ENDPOINTS.filter((e) => !bodiless(e))
      .map((e) => `${e.method} ${e.path}`)
      .filter((e) => !fed.has(e) && UNPUBLISHED.rest[e] === undefined);
    expect(missing).toEqual([]);
  });

  /** Every example of every name: each success answer its endpoint publishes (`public-fee` has two). */
  const examples = fixtureNames('rest').flatMap((name) =>
    restFixtures(name).map((f, i) => [i === 0 ? name : `${name}, ${f.source.section}`, name, i] as const),
  );

  it.each(examples)('%s', async (_label, name, index) => {
    const a = answering(name, index);
    // a published answer the schema refuses rejects here (the app would say it cannot read it)
    await (READS[name] as (x: typeof a) => Promise<unknown>)(a);
    // every value the app's reading keeps under the example's own names is the example's value
    // (a deal's role reads as its word: checked by codes.ts's tests)
    const { response: published, endpoint } = restFixtures(name)[index] ?? restFixture(name);
    const inside = INSIDE[name];
    const diff = valueDiff(a.parsed.at(-1), inside ? inside(published) : published, ['.role']);
    expect(diff, diff.join('; ')).toEqual([]);
    // the call went to the endpoint the example documents
    expect(a.paths.at(-1)).toBe(endpoint.split(' ')[1]?.replace('{market}', 'BTC_PERP'));
  });
});
