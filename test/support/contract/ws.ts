/**
 * The WebSocket half of the published contract: per method (`ordersPending_request`, `ping`), the
 * request's message and the answer's; per push (`ordersPending_update`), its message. Each message
 * carries its payload schema and the examples published with it.
 */
import { isObject, publishedFiles, type Json, type JsonObject } from './files.ts';
import type { PublishedExample } from './rest.ts';

export interface PublishedMessage {
  file: string;
  /** The message's key in its file: `ordersPendingRequest`. */
  key: string;
  schema: JsonObject;
  examples: PublishedExample[];
}

export interface PublishedMethod {
  method: string;
  request: PublishedMessage;
  /** The answer's message, when the file publishes one (`<request key>Response`). */
  answer?: PublishedMessage;
}

export interface WsContract {
  methods: Map<string, PublishedMethod>;
  pushes: Map<string, PublishedMessage>;
}

const constMethod = (schema: JsonObject): string | undefined => {
  const props = isObject(schema.properties) ? schema.properties : undefined;
  const fromAllOf = Array.isArray(schema.allOf)
    ? schema.allOf.filter(isObject).map(constMethod).find(Boolean)
    : undefined;
  const method = props && isObject(props.method) ? props.method.const : undefined;
  return typeof method === 'string' ? method : fromAllOf;
};

let cache: WsContract | undefined;

/** Every WebSocket method and push the exchange publishes. */
export function wsContract(): WsContract {
  if (cache) return cache;
  const methods = new Map<string, PublishedMethod>();
  const pushes = new Map<string, PublishedMessage>();
  for (const file of publishedFiles().filter((f) => f.name.startsWith('asyncapi/'))) {
    const messages = isObject(file.doc.components) ? file.doc.components.messages : undefined;
    if (!isObject(messages)) continue;
    const all = new Map<string, PublishedMessage>();
    for (const [key, m] of Object.entries(messages)) {
      if (!isObject(m) || !isObject(m.payload)) continue;
      const examples = (Array.isArray(m.examples) ? m.examples : []).filter(isObject).map((ex, i) => ({
        where: `${file.name} ${key} example "${typeof ex.name === 'string' ? ex.name : i}"`,
        value: ex.payload as Json,
      }));
      all.set(key, { file: file.name, key, schema: m.payload, examples });
    }
    for (const msg of all.values()) {
      const method = constMethod(msg.schema);
      if (!method) continue;
      if (method.endsWith('_update')) pushes.set(method, msg);
      else {
        const answer = all.get(`${msg.key.replace(/Request$/, '')}Response`);
        methods.set(method, { method, request: msg, ...(answer ? { answer } : {}) });
      }
    }
  }
  cache = { methods, pushes };
  return cache;
}
