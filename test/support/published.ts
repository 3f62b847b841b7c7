/**
 * The exchange's published examples by name: from its contract files (`../shared/spec/published`,
 * read through `contract/examples.ts`) where they publish one, otherwise kept as test data under
 * `test/fixtures/published` (each file names where it was copied from: the order methods' pages,
 * ccxt's copies, the spec's own records); and the one comparison the conformance tests hold the
 * sandbox's own answers to: the same fields, each of the same kind, as the published example.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Decimal } from 'decimal.js';
import { join } from 'node:path';
import { answerExamples, messageExamples, requestExamples } from './contract/examples.ts';

const ROOT = join(import.meta.dirname, '..', 'fixtures', 'published');

export interface Source {
  repo?: string;
  package?: string;
  spec?: string;
  path?: string;
  commit?: string;
  section: string;
}

export interface WsFixture {
  source: Source;
  note?: string;
  /** The whole frame as published: `{id, result, error}` or `{id: null, method, params}`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  message: any;
}

export interface RestFixture {
  source: Source;
  note?: string;
  /** `POST /api/v4/orders` or `GET /api/v4/public/markets`. */
  endpoint: string;
  request?: Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  response: any;
}

const read = <T>(...parts: string[]): T => JSON.parse(readFileSync(join(ROOT, ...parts), 'utf8')) as T;

import { PUBLISHED_REST, PUBLISHED_WS } from './published-names.ts';

export { PUBLISHED_REST, PUBLISHED_WS };

const publishedSource = (where: string): Source => ({ spec: 'published', section: where });

/** A WebSocket example by name (`ordersPending_update`, `ccxt/deals_update`). */
export function wsFixture(name: string): WsFixture {
  const published = PUBLISHED_WS[name];
  if (!published) return read<WsFixture>('ws', `${name}.json`);
  const ex = messageExamples(published[0])[published[1]];
  if (!ex) throw new Error(`no published example ${published[1]} of ${published[0]}`);
  return { source: publishedSource(ex.where), message: ex.value };
}

/** Every REST example of a name (`orders`, `order-new`): each success answer the files publish for its endpoint. */
export function restFixtures(name: string): RestFixture[] {
  const endpoint = PUBLISHED_REST[name];
  if (!endpoint) return [read<RestFixture>('rest', `${name}.json`)];
  const answers = answerExamples(endpoint);
  if (answers.length === 0) throw new Error(`${endpoint} publishes no answer example`);
  const [request] = requestExamples(endpoint);
  return answers.map((answer) => ({
    source: publishedSource(answer.where),
    endpoint,
    ...(request && typeof request.value === 'object' && request.value !== null
      ? { request: request.value as Record<string, unknown> }
      : {}),
    response: answer.value,
  }));
}

/** A REST example by name (`orders`, `order-new`): the first its endpoint publishes. */
export function restFixture(name: string): RestFixture {
  return restFixtures(name)[0] as RestFixture;
}

/** The names of every example of a kind (`ws`, `ws/ccxt`, `rest`): the kept files and the published ones. */
export function fixtureNames(dir: 'ws' | 'ws/ccxt' | 'rest'): string[] {
  const kept = readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length));
  const published =
    dir === 'rest' ? Object.keys(PUBLISHED_REST) : dir === 'ws' ? Object.keys(PUBLISHED_WS) : [];
  return [...new Set([...kept, ...published])].sort();
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Two published values as one: objects field by field (deeply), otherwise the first. */
function merge(a: unknown, b: unknown): unknown {
  if (a === undefined || a === null) return b;
  if (!isRecord(a) || !isRecord(b)) return a;
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = merge(out[k], v);
  return out;
}

/** What one JSON value is, as far as the shape goes. */
function kind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'string') return /^-?\d+(\.\d+)?$/.test(v) ? 'decimal string' : 'string';
  return typeof v;
}

export interface ShapeRules {
  /**
   * Paths (`$.records[]`, `$`) of objects keyed by names (tickers, markets): each value is held to the
   * published values' shape, whatever its key.
   */
  keyed?: readonly string[];
  /** Paths of published fields the sandbox may leave out, each with why. */
  optional?: Readonly<Record<string, string>>;
  /** Paths of fields the sandbox sends beyond the published example, each with why (the spec names it). */
  extra?: Readonly<Record<string, string>>;
  /** Paths whose value may be of another kind than published, each with why. */
  loose?: Readonly<Record<string, string>>;
  /**
   * `allowed`: fields beyond the example are not differences (the contract tests hold every answer to
   * the published schema, which names every field the exchange may send).
   */
  extras?: 'allowed';
}

/**
 * Where `actual` (the sandbox's answer) is not in the shape of `published`, field by field: a field
 * missing, one more than published, or a value of another kind (a decimal string where a decimal
 * string is published, a number for a number, ...). A published null stands for "null or a value".
 * Empty when the shapes agree.
 */
export function shapeDiff(actual: unknown, published: unknown, rules: ShapeRules = {}, path = '$'): string[] {
  if (rules.loose?.[path] !== undefined) return [];
  if (published === null) return [];
  // where the schema allows null (checked against the schema itself), a value may be null
  if (actual === null && rules.extras === 'allowed') return [];
  const want = kind(published);
  const got = kind(actual);
  if (want !== got) {
    // a decimal string is a string: a published word may be a digit string in the sandbox, not the reverse
    if (!(want === 'string' && got === 'decimal string'))
      return [`${path}: ${got} where the published example has ${want}`];
  }
  if (Array.isArray(published)) {
    const items = actual as unknown[];
    if (published.length === 0) return [];
    // a published array of one kind of item: every item the sandbox sends is held to the first
    const tuple = published.some((p) => kind(p) !== kind(published[0]));
    if (tuple) {
      if (items.length !== published.length)
        return [
          `${path}: ${String(items.length)} items where the published example has ${String(published.length)}`,
        ];
      return published.flatMap((p, i) => shapeDiff(items[i], p, rules, `${path}[${String(i)}]`));
    }
    return items.flatMap((item) => shapeDiff(item, published[0], rules, `${path}[]`));
  }
  if (typeof published !== 'object') return [];
  const want_ = published as Record<string, unknown>;
  const got_ = actual as Record<string, unknown>;
  if (rules.keyed?.includes(path)) {
    // every published value together: the fields any of them shows
    const sample = Object.values(want_).reduce(merge, undefined);
    return Object.values(got_).flatMap((v) => shapeDiff(v, sample, rules, `${path}{}`));
  }
  const out: string[] = [];
  for (const [key, value] of Object.entries(want_)) {
    const at = `${path}.${key}`;
    if (!(key in got_)) {
      if (rules.optional?.[at] === undefined) out.push(`${at}: missing`);
      continue;
    }
    out.push(...shapeDiff(got_[key], value, rules, at));
  }
  if (rules.extras === 'allowed') return out;
  for (const key of Object.keys(got_)) {
    const at = `${path}.${key}`;
    if (!(key in want_) && rules.extra?.[at] === undefined) out.push(`${at}: not in the published example`);
  }
  return out;
}

const isNumeric = (v: unknown): boolean =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));

/**
 * Where the app's reading of a published example holds a different value under a name the example
 * uses: every field both name must agree (a number read as its decimal string, or a digit string as
 * its number, is the same value). `words`: fields (by the end of their path, `.side`) whose numbers
 * the app reads as words on purpose, each checked by the codes' own tests. Fields the app drops or
 * renames are not compared.
 */
export function valueDiff(
  read: unknown,
  published: unknown,
  words: readonly string[] = [],
  path = '$',
): string[] {
  if (words.some((w) => path.endsWith(w))) return [];
  if (Array.isArray(published) && Array.isArray(read))
    return published.flatMap((p, i) =>
      i < read.length ? valueDiff(read[i], p, words, `${path}[${String(i)}]`) : [],
    );
  if (isRecord(published) && isRecord(read))
    return Object.entries(published).flatMap(([k, v]) =>
      k in read ? valueDiff(read[k], v, words, `${path}.${k}`) : [],
    );
  if (read === published) return [];
  if (isNumeric(read) && isNumeric(published) && new Decimal(read as string).eq(published as string))
    return [];
  return [`${path}: read ${JSON.stringify(read)} where the example has ${JSON.stringify(published)}`];
}
