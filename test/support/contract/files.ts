/**
 * The exchange's published contract (`../shared/spec/published`: OpenAPI for REST, AsyncAPI for the
 * WebSocket), read as it is and never edited: each YAML file parsed once, its local `$ref`s resolved.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
/** The published files beside the repository (`../shared`), or beside the folder of worktrees. */
export const PUBLISHED_DIR = [
  join(repo, '../shared/spec/published'),
  join(repo, '../../shared/spec/published'),
].find((d) => existsSync(d));

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .flatMap((path) =>
      statSync(path).isDirectory() ? yamlFiles(path) : path.endsWith('.yaml') ? [path] : [],
    );
}

export interface PublishedFile {
  /** Relative to the published folder: `openapi/private/http-trade-v4.yaml`. */
  name: string;
  /** The document with every local `$ref` replaced by what it points at (shared, not copied). */
  doc: JsonObject;
}

const pointer = (doc: Json, ref: string): Json => {
  let at: Json = doc;
  for (const raw of ref.replace(/^#\//, '').split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(at) && !Array.isArray(at)) throw new Error(`unresolvable $ref ${ref}`);
    const next: Json | undefined = Array.isArray(at) ? at[Number(key)] : at[key];
    if (next === undefined) throw new Error(`unresolvable $ref ${ref}`);
    at = next;
  }
  return at;
};

/** Every local `$ref` resolved; a node reached twice is the same object (no schema of theirs is recursive). */
function resolveRefs(doc: JsonObject): JsonObject {
  const done = new Map<Json, Json>();
  const visit = (node: Json, depth: number): Json => {
    if (depth > 64) throw new Error('the published file nests deeper than 64 levels (a recursive $ref?)');
    if (Array.isArray(node)) return node.map((v) => visit(v, depth + 1));
    if (!isObject(node)) return node;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) return visit(pointer(doc, ref), depth + 1);
    const known = done.get(node);
    if (known !== undefined) return known;
    const out: JsonObject = {};
    done.set(node, out);
    for (const [k, v] of Object.entries(node)) out[k] = visit(v, depth + 1);
    return out;
  };
  return visit(doc, 0) as JsonObject;
}

/**
 * The files as parsed, read from a copy in `node_modules/.cache` made by the first reader of these
 * exact texts (parsing a megabyte of YAML takes a second, and every test file reads them).
 */
function parsedFiles(dir: string): Array<{ name: string; doc: JsonObject }> {
  const texts = yamlFiles(dir)
    .filter((path) => /\/(openapi|asyncapi)\//.test(path))
    .sort()
    .map((path) => ({ name: relative(dir, path), text: readFileSync(path, 'utf8') }));
  const hash = createHash('sha256');
  for (const t of texts) hash.update(t.name).update('\0').update(t.text).update('\0');
  const cacheDir = join(repo, 'node_modules', '.cache', 'txc-contract');
  const copy = join(cacheDir, `published-${hash.digest('hex').slice(0, 16)}.json`);
  if (existsSync(copy))
    return JSON.parse(readFileSync(copy, 'utf8')) as Array<{ name: string; doc: JsonObject }>;
  const parsed = texts.map((t) => ({ name: t.name, doc: parse(t.text) as JsonObject }));
  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${copy}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(parsed));
  renameSync(tmp, copy);
  return parsed;
}

let cache: PublishedFile[] | undefined;

/** Every OpenAPI and AsyncAPI file of the published contract, parsed once. */
export function publishedFiles(): PublishedFile[] {
  if (cache) return cache;
  if (!PUBLISHED_DIR) throw new Error('the published contract is not at ../shared/spec/published');
  cache = parsedFiles(PUBLISHED_DIR).map(({ name, doc }) => ({ name, doc: resolveRefs(doc) }));
  return cache;
}
