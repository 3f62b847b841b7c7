/**
 * Every descriptor of the endpoint registry carries its request and answer schemas, and they read the
 * exchange's published examples of its endpoint: each published request example, without the signing
 * fields (`request`, `nonce`), is taken by the request schema, and each published answer (the contract
 * files' examples, and the older ones kept where the files publish none) is read by the answer schema.
 * A WebSocket method's descriptor likewise: its published request's params and its published answers
 * (the contract files' and the order methods' pages' copies).
 * The app reads every answer through its descriptor's schema (`ExchangeHttp`), so this is the reading
 * the app does.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  REST,
  REST_ENDPOINTS,
  WS,
  WS_METHODS,
  type RestEndpoint,
  type WsMethod,
} from '../../../main/exchange/registry/index.ts';
import { unreadAnswer } from '../../../main/exchange/schemas/primitives.ts';
import { messageExamples, requestExamples } from '../../support/contract/examples.ts';
import { fixtureNames, restFixture, restFixtures, wsFixture } from '../../support/published.ts';

const at = (e: RestEndpoint): string => `${e.method} ${e.path}`;

/**
 * Published request examples in a form the app never sends, each with why: the request schema is the
 * body the client sends, and these show another the exchange also takes.
 */
const NOT_SENT: Readonly<Record<string, string>> = {
  'POST /api/v4/main-account/transfer request example "usingMethod"':
    'the retired `method` (deposit, withdraw, …): the app names both balances, `from` and `to`',
};

/**
 * The example as the request schema reads it: fields the app never writes (a withdrawal's
 * `beneficiary`, a convert's `quoteId`) are no part of the body it sends, so they are left aside
 * even by a schema that refuses them in a proposal (`four-eyes/bodies.ts`).
 */
function requestRead(schema: z.ZodType, example: unknown): ReturnType<z.ZodType['safeParse']> {
  const { request: _r, nonce: _n, ...body } = example as Record<string, unknown>;
  return (schema instanceof z.ZodObject ? schema.loose() : schema).safeParse(body);
}

const issues = (r: ReturnType<z.ZodType['safeParse']>): string[] =>
  r.success ? [] : r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);

type Example = { where: string; value: unknown };
/** Every published answer by endpoint, and the request of each kept older one (the files publish none). */
const answers = new Map<string, Example[]>();
const keptRequests = new Map<string, Example[]>();
for (const name of fixtureNames('rest'))
  for (const f of restFixtures(name)) {
    answers.set(f.endpoint, [
      ...(answers.get(f.endpoint) ?? []),
      { where: f.source.section, value: f.response },
    ]);
    if (f.source.spec !== 'published' && f.request)
      keptRequests.set(f.endpoint, [{ where: `${name}.json request`, value: f.request }]);
  }
/** The published request examples of an endpoint: the contract files', or a kept older one's. */
const requestsOf = (e: RestEndpoint): Example[] => [
  ...requestExamples(at(e)),
  ...(keptRequests.get(at(e)) ?? []),
];

describe('every descriptor', () => {
  it('has a request and an answer schema, and says why when it reads nothing of the answer', () => {
    for (const e of REST_ENDPOINTS) {
      expect(e.request, at(e)).toBeInstanceOf(z.ZodType);
      expect(e.answer, at(e)).toBeInstanceOf(z.ZodType);
      // an answer taken whatever it holds is one the app reads nothing of: the descriptor says why
      expect([at(e), e.answer === unreadAnswer], e.unread).toEqual([at(e), e.unread !== undefined]);
      if (e.unread !== undefined) expect(e.unread.length, at(e)).toBeGreaterThan(20);
      // a public endpoint is read with no query of its own, or one whose every field is optional
      if (e.method === 'GET') expect(e.request.safeParse({}).success, at(e)).toBe(true);
    }
  });

  const withRequests = REST_ENDPOINTS.filter((e) => requestsOf(e).length > 0);
  it.each(withRequests.map((e) => [at(e), e] as const))('%s takes its published request examples', (_, e) => {
    expect(withRequests.length).toBeGreaterThan(25);
    const refused = requestsOf(e)
      .filter((ex) => NOT_SENT[ex.where] === undefined)
      .flatMap((ex) => issues(requestRead(e.request, ex.value)).map((i) => `${ex.where}: ${i}`));
    expect(refused).toEqual([]);
  });

  const withAnswers = REST_ENDPOINTS.filter((e) => answers.has(at(e)));
  it.each(withAnswers.map((e) => [at(e), e] as const))('%s reads its published answers', (_, e) => {
    expect(withAnswers.length).toBeGreaterThan(60);
    const refused = (answers.get(at(e)) ?? []).flatMap((ex) =>
      issues(e.answer.safeParse(ex.value)).map((i) => `${ex.where}: ${i}`),
    );
    expect(refused).toEqual([]);
  });

  it('names only published examples the app does not send', () => {
    const published = new Set(REST_ENDPOINTS.flatMap((e) => requestExamples(at(e)).map((ex) => ex.where)));
    expect(Object.keys(NOT_SENT).filter((w) => !published.has(w))).toEqual([]);
  });

  it("would find a schema paired with another endpoint's answer, or a body the exchange does not take", () => {
    // the check above can fail: an order's schema refuses the markets' published answer…
    expect(REST.orderNew.answer.safeParse(restFixture('public-markets').response).success).toBe(false);
    // …and a request schema refuses a body in another form (a leverage the exchange does not offer)
    expect(issues(requestRead(REST.leverage.request, { leverage: 4, nonce: 1 }))).not.toEqual([]);
  });
});

/** A WebSocket method's published answers (`result`): the contract files' and the kept copies. */
function wsAnswers(m: WsMethod): Example[] {
  const kept = fixtureNames('ws').includes(m.method) ? [wsFixture(m.method)] : [];
  return [
    ...messageExamples(m.method).map((ex) => ({
      where: ex.where,
      value: (ex.value as { result?: unknown }).result,
    })),
    ...kept.map((f) => ({ where: f.source.section, value: (f.message as { result?: unknown }).result })),
  ];
}

describe('every WebSocket method descriptor', () => {
  it('has a params and an answer schema, and says why when it reads nothing of the answer', () => {
    for (const m of WS_METHODS) {
      expect(m.params, m.method).toBeInstanceOf(z.ZodType);
      expect(m.answer, m.method).toBeInstanceOf(z.ZodType);
      expect([m.method, m.answer === unreadAnswer], m.unread).toEqual([m.method, m.unread !== undefined]);
    }
  });

  it.each(WS_METHODS.map((m) => [m.method, m] as const))(
    '%s takes its published requests and reads its answers',
    (_, m) => {
      const requests = messageExamples(`${m.method}>`).map((ex) => ({
        where: ex.where,
        value: (ex.value as { params?: unknown }).params,
      }));
      const refused = [
        ...requests.flatMap((ex) => issues(m.params.safeParse(ex.value)).map((i) => `${ex.where}: ${i}`)),
        ...wsAnswers(m).flatMap((ex) => issues(m.answer.safeParse(ex.value)).map((i) => `${ex.where}: ${i}`)),
      ];
      expect(refused).toEqual([]);
    },
  );

  it('has published answers of every order method the pages show, and finds one of another shape', () => {
    expect(WS_METHODS.filter((m) => wsAnswers(m).length > 0).length).toBeGreaterThan(12);
    // an order's schema refuses the two legs a TP/SL pair answers
    const pair = wsAnswers(WS.collateralTpSlPlace)[0]?.value;
    expect(WS.orderLimitPlace.answer.safeParse(pair).success).toBe(false);
  });
});
