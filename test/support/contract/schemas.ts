/**
 * The published schemas as one validator reads them (ajv, compiled once per schema). The files are
 * read as they are; what the validator adds is what their dialects leave implicit:
 *
 * - an object schema that lists its `properties` and says nothing of others is closed: a field the
 *   exchange does not publish is a difference (`additionalProperties: false`); so is a tuple's extra
 *   element;
 * - OpenAPI 3.0's `nullable: true` is `null` among the schema's types (and values, for an `enum`);
 * - `allOf` parts are one object (their properties together), so closing each part alone does not
 *   refuse the other parts' fields.
 *
 * Formats (`int64`, `date-time`, ...) are documentation here, not checked: types, values, required
 * and unpublished fields are.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { isObject, type Json, type JsonObject } from './files.ts';

const normalized = new Map<Json, Json>();

function mergeAllOf(parts: JsonObject[], own: JsonObject): JsonObject {
  const out: JsonObject = {};
  const properties: JsonObject = {};
  const required = new Set<string>();
  for (const part of [...parts, own]) {
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties' && isObject(v)) Object.assign(properties, v);
      else if (k === 'required' && Array.isArray(v)) v.forEach((r) => required.add(String(r)));
      else if (!(k in out)) out[k] = v;
    }
  }
  if (Object.keys(properties).length > 0) out.properties = properties;
  if (required.size > 0) out.required = [...required];
  return out;
}

/** The schema as the validator reads it (see the file's comment); the published object is left as it is. */
export function normalize(node: Json): Json {
  if (Array.isArray(node)) return node.map(normalize);
  if (!isObject(node)) return node;
  const known = normalized.get(node);
  if (known !== undefined) return known;
  let src: JsonObject = node;
  if (Array.isArray(node.allOf) && node.allOf.every(isObject)) {
    const { allOf, ...own } = node;
    src = mergeAllOf(
      (allOf as JsonObject[]).map((p) => normalize(p) as JsonObject),
      own,
    );
  }
  const out: JsonObject = {};
  normalized.set(node, out);
  for (const [k, v] of Object.entries(src)) {
    // Examples and descriptions are not schema: leave them out of what is compiled.
    if (k === 'example' || k === 'examples' || k === 'description' || k.startsWith('x-')) continue;
    out[k] = k === 'properties' && isObject(v) ? mapValues(v, normalize) : normalize(v);
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  } else if ('nullable' in out) delete out.nullable;
  if (isObject(out.properties) && out.additionalProperties === undefined) out.additionalProperties = false;
  if (Array.isArray(out.items) && out.additionalItems === undefined) out.additionalItems = false;
  return out;
}

const mapValues = (o: JsonObject, f: (v: Json) => Json): JsonObject =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, logger: false });
const compiled = new WeakMap<JsonObject, ValidateFunction>();

/** The compiled validator of one published schema (compiled once, then reused). */
export function validatorOf(schema: JsonObject): ValidateFunction {
  const known = compiled.get(schema);
  if (known) return known;
  const fn = ajv.compile(normalize(schema) as JsonObject);
  compiled.set(schema, fn);
  return fn;
}

/** Each difference in one line: where in the value, and what the schema says. */
export function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const at = e.instancePath || '(the whole value)';
    if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      return `${at}: "${extra}" is not published`;
    }
    if (e.keyword === 'additionalItems') return `${at}: more elements than published`;
    return `${at}: ${e.message ?? e.keyword}`;
  });
}

/** The differences of `value` from `schema`, none when it conforms. */
export function differences(schema: JsonObject, value: unknown): string[] {
  const fn = validatorOf(schema);
  return fn(value) ? [] : describeErrors(fn.errors);
}
