/**
 * Holds each answer and push a sandbox sends to the exchange's published schema for it. What the
 * published files say nothing of is named in `UNPUBLISHED` with its reason; anything else the
 * sandbox sends that has no published schema is itself a difference.
 */
import type { SentMessage } from '../../../main/sandbox/traffic.ts';
import { isObject, type JsonObject } from './files.ts';
import { operationOf } from './rest.ts';
import { differences } from './schemas.ts';
import { wsContract } from './ws.ts';

/** What the sandbox sends that the published files have no schema for, and why it is sent. */
export const UNPUBLISHED = {
  rest: {
    'POST /api/v4/collateral-account/borrow-history':
      'exchange-api.md documents it (borrow history records); the published files do not list it yet',
    'POST /api/v4/main-account/withdrawable-balance':
      'exchange-api.md documents it (withdrawable balance); the published files do not list it yet',
    'POST /api/v4/main-account/refund-history':
      'exchange-api.md documents it (full refunds of deposits); the published files do not list it yet',
    'POST /api/v4/convert/auto-confirm':
      'exchange-api.md documents it (convert in one call); the published files do not list it yet',
  } as Record<string, string>,
  /** HTTP statuses every endpoint may answer whose bodies the published files give only in words. */
  statuses: {
    '401': 'authentication failures: data/error-codes.yaml lists their messages, no schema',
    '403': 'disabled key, endpoint not allowed for the key: data/error-codes.yaml lists their messages',
    '404': 'an unknown route: "HTTP 404" in the public file, no body published',
    '413': 'a body past the server limit: answered before the endpoint reads it',
    '429': 'rate limit and replayed nonce: data/rate-limits.yaml and error-codes.yaml, no schema',
    '453': 'an order type or flag not offered in the caller region (exchange-api.md), no schema',
    '500': 'an internal error: `{"error": [...]}` in words, no schema per endpoint',
    '503': 'maintenance and unavailability, answered by the gateway',
  } as Record<string, string>,
  ws: {
    premiumIndex:
      'the mark and index price channel: in exchange-api.md and the older docs, not in the AsyncAPI files',
    ADLQuantile: 'the auto-deleveraging quantile channel: in exchange-api.md, not in the AsyncAPI files',
    order: 'the order methods (`order_*`, `collateral_order_*`): published as pages, not as AsyncAPI files',
  } as Record<string, string>,
} as const;

/**
 * Fields `exchange-api.md` documents on an answer whose published schema lacks them: the sandbox sends
 * them (the app reads them where the exchange gives them) and each is checked here as the spec types
 * it. `at` walks the answer: `*` every element of a list or value of an object.
 */
export const SPEC_FIELDS: ReadonlyArray<{ endpoint: string; at: string; fields: string[]; why: string }> = [
  {
    endpoint: 'GET /api/v4/public/markets',
    at: '*',
    fields: ['tickSize', 'stepSize'],
    why: 'exchange-api.md: the price and quantity steps of the market record (empty when not provided)',
  },
  {
    endpoint: 'GET /api/v4/public/futures',
    at: 'result.*',
    fields: ['mark_price'],
    why: 'exchange-api.md: the mark price of the futures list (empty with no fresh snapshot)',
  },
  {
    endpoint: 'POST /api/v4/main-account/balance',
    at: '*',
    fields: ['pending_deposit_amount'],
    why: 'exchange-api.md: the part of the main balance held back by unconfirmed deposits',
  },
];

const DECIMAL_OR_EMPTY = /^(-?\d+(\.\d+)?)?$/;

/** The answer without the spec's own fields (each checked to be a decimal string or empty), and what was wrong with them. */
function withoutSpecFields(endpoint: string, body: unknown): { body: unknown; wrong: string[] } {
  const wrong: string[] = [];
  const strip = (node: unknown, steps: readonly string[], at: string, fields: readonly string[]): unknown => {
    if (steps.length === 0) {
      if (!isObject(node)) return node;
      for (const f of fields) {
        const v = node[f];
        if (v !== undefined && (typeof v !== 'string' || !DECIMAL_OR_EMPTY.test(v)))
          wrong.push(`${at}/${f}: not a decimal string`);
      }
      return Object.fromEntries(Object.entries(node).filter(([k]) => !fields.includes(k)));
    }
    const [step, ...rest] = steps;
    if (step === '*' && Array.isArray(node)) return node.map((v, i) => strip(v, rest, `${at}/${i}`, fields));
    if (!isObject(node)) return node;
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [
        k,
        step === '*' || step === k ? strip(v, rest, `${at}/${k}`, fields) : v,
      ]),
    );
  };
  let out = body;
  for (const r of SPEC_FIELDS.filter((r) => r.endpoint === endpoint))
    out = strip(out, r.at.split('.'), '', r.fields);
  return { body: out, wrong };
}

/** The WebSocket failure answer: not published per method; `{id, result: null, error: {code, message}}`. */
const WS_FAILURE: JsonObject = {
  type: 'object',
  required: ['id', 'result', 'error'],
  properties: {
    id: { type: ['integer', 'string', 'null'] },
    result: { type: 'null' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' } },
    },
  },
};

const unpublishedWs = (method: string): boolean =>
  /^(order|collateral_order)_/.test(method) ||
  Object.keys(UNPUBLISHED.ws).some((ch) => method.startsWith(`${ch}_`));

export interface Violation {
  /** `POST /api/v4/orders 200`, `ws ordersPending_update`. */
  what: string;
  differences: string[];
  sample: string;
}

const sampleOf = (v: unknown): string => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
};

function checkRest(m: Extract<SentMessage, { via: 'rest' }>): Violation | undefined {
  const what = `${m.method} ${m.path} ${m.status}`;
  const op = operationOf(m.method, m.path);
  if (!op) {
    if (UNPUBLISHED.rest[`${m.method} ${m.path}`] !== undefined || m.status === 404) return undefined;
    return { what, differences: ['this endpoint is not published'], sample: sampleOf(m.body) };
  }
  const status = String(m.status);
  const answer = op.answers.get(status) ?? op.answers.get(`${status[0]}XX`) ?? op.answers.get('default');
  if (!answer) {
    if (UNPUBLISHED.statuses[status] !== undefined) return undefined;
    const published = [...op.answers.keys()].join(', ');
    return {
      what,
      differences: [`status ${status} is not published (published: ${published})`],
      sample: sampleOf(m.body),
    };
  }
  if (!answer.schema) return undefined;
  const own = withoutSpecFields(`${m.method} ${op.path}`, m.body);
  const diff = [...own.wrong, ...differences(answer.schema, own.body)];
  return diff.length ? { what, differences: diff, sample: sampleOf(m.body) } : undefined;
}

function checkWs(m: Extract<SentMessage, { via: 'ws' }>): Violation | undefined {
  const frame = m.frame;
  if (!isObject(frame)) return { what: 'ws frame', differences: ['not an object'], sample: sampleOf(frame) };
  const contract = wsContract();
  if (!m.request) {
    const method = String(frame.method);
    const published = contract.pushes.get(method);
    if (!published) {
      if (unpublishedWs(method)) return undefined;
      return { what: `ws ${method}`, differences: ['this push is not published'], sample: sampleOf(frame) };
    }
    const diff = differences(published.schema, frame);
    return diff.length ? { what: `ws ${method}`, differences: diff, sample: sampleOf(frame) } : undefined;
  }
  const method = m.request.method;
  const what = `ws ${method} answer`;
  if (frame.error !== null) {
    const diff = differences(WS_FAILURE, frame);
    return diff.length
      ? { what: `${what} (failure)`, differences: diff, sample: sampleOf(frame) }
      : undefined;
  }
  const published = contract.methods.get(method);
  if (!published) {
    if (unpublishedWs(method)) return undefined;
    return { what, differences: ['this method is not published'], sample: sampleOf(frame) };
  }
  // A public channel's unsubscribe answer is not published: it is its subscribe answer's shape.
  const answer =
    published.answer ?? contract.methods.get(method.replace(/_unsubscribe$/, '_subscribe'))?.answer;
  if (!answer) return { what, differences: ['no published answer for this method'], sample: sampleOf(frame) };
  const diff = differences(answer.schema, frame);
  return diff.length ? { what, differences: diff, sample: sampleOf(frame) } : undefined;
}

/** The differences of one sent answer or push from its published schema; undefined when it conforms. */
export function checkSent(m: SentMessage): Violation | undefined {
  return m.via === 'rest' ? checkRest(m) : checkWs(m);
}
