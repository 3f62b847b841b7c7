/**
 * The published examples of one endpoint or WebSocket message, as the contract files give them: an
 * answer's own examples, or where an answer has none, the example its schema's fields give one by
 * one (each property's `example`), put together.
 */
import { isObject, type Json, type JsonObject } from './files.ts';
import { operationOf, type PublishedExample } from './rest.ts';
import { wsContract } from './ws.ts';

/** The value a schema's own `example`s make: every property that has one (or holds one deeper). */
export function assembled(schema: Json | undefined): Json | undefined {
  if (!isObject(schema)) return undefined;
  if (schema.example !== undefined) return schema.example;
  // of alternatives, the first
  const first = Array.isArray(schema.oneOf)
    ? schema.oneOf[0]
    : Array.isArray(schema.anyOf)
      ? schema.anyOf[0]
      : undefined;
  if (first !== undefined) return assembled(first);
  if (Array.isArray(schema.allOf)) {
    const merged: JsonObject = {};
    for (const p of schema.allOf) {
      const v = assembled(p);
      if (isObject(v)) Object.assign(merged, v);
    }
    return merged;
  }
  if (isObject(schema.properties)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(schema.properties)) {
      const value = assembled(v);
      if (value !== undefined) out[k] = value;
    }
    return out;
  }
  if (schema.type === 'array' && schema.items !== undefined && !Array.isArray(schema.items)) {
    const item = assembled(schema.items);
    return item === undefined ? [] : [item];
  }
  return undefined;
}

function endpointParts(endpoint: string): [string, string] {
  const [method = '', path = ''] = endpoint.split(' ');
  return [method, path.replace(/\{[^}]+\}/g, 'X')];
}

/**
 * The published success answers of a REST endpoint (`POST /api/v4/orders`): its examples, or the one
 * its schema's field examples make.
 */
export function answerExamples(endpoint: string): PublishedExample[] {
  const op = operationOf(...endpointParts(endpoint));
  if (!op) throw new Error(`${endpoint} is not published`);
  for (const [status, answer] of op.answers) {
    if (!status.startsWith('2')) continue;
    if (answer.examples.length > 0) return answer.examples;
    const made = assembled(answer.schema);
    if (made !== undefined) return [{ where: `${endpoint} ${status} schema examples`, value: made }];
  }
  return [];
}

/** The published request examples of a REST endpoint (the body as the exchange shows it). */
export function requestExamples(endpoint: string): PublishedExample[] {
  return operationOf(...endpointParts(endpoint))?.request?.examples ?? [];
}

/**
 * The published examples of a WebSocket message: `ordersPending_update` (a push), `ping` (the answer
 * to that method), `ordersPending_subscribe>` (the request itself).
 */
export function messageExamples(name: string): PublishedExample[] {
  const c = wsContract();
  if (name.endsWith('>')) return c.methods.get(name.slice(0, -1))?.request.examples ?? [];
  return (c.pushes.get(name) ?? c.methods.get(name)?.answer)?.examples ?? [];
}
