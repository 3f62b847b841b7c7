/**
 * The REST half of the published contract: every operation (method and path) of the OpenAPI files,
 * with its request schema and examples and its answers' schemas and examples by HTTP status.
 */
import { isObject, publishedFiles, type Json, type JsonObject } from './files.ts';

export interface PublishedExample {
  /** Where it is published: `POST /api/v4/orders 200 example`, `... description json #3`. */
  where: string;
  value: Json;
}

export interface PublishedAnswer {
  status: string;
  /** Absent when the status is published without a JSON body (a 503 from the gateway). */
  schema?: JsonObject;
  examples: PublishedExample[];
}

export interface PublishedOperation {
  file: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As published, with its `{market}` placeholders. */
  path: string;
  matches: (path: string) => boolean;
  summary: string;
  description: string;
  request?: { schema?: JsonObject; examples: PublishedExample[] };
  answers: Map<string, PublishedAnswer>;
  /** JSON blocks of the operation's own description: the error answers it lists. */
  describedErrors: PublishedExample[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function contentExamples(where: string, media: JsonObject): PublishedExample[] {
  const out: PublishedExample[] = [];
  if (media.example !== undefined) out.push({ where: `${where} example`, value: media.example });
  if (isObject(media.examples)) {
    for (const [name, ex] of Object.entries(media.examples)) {
      if (isObject(ex) && ex.value !== undefined)
        out.push({ where: `${where} example "${name}"`, value: ex.value });
    }
  }
  return out;
}

function jsonBlocks(where: string, text: string): PublishedExample[] {
  const out: PublishedExample[] = [];
  let n = 0;
  for (const m of text.matchAll(/```json\s*\n([\s\S]*?)```/g)) {
    n += 1;
    try {
      out.push({ where: `${where} description json #${n}`, value: JSON.parse(m[1] ?? '') as Json });
    } catch {
      // A block that is not JSON (an ellipsis, a comment) is prose, not an example.
    }
  }
  return out;
}

const pathMatcher = (path: string): ((p: string) => boolean) => {
  const re = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
  return (p) => re.test(p);
};

let cache: PublishedOperation[] | undefined;

/** Every REST operation the exchange publishes. */
export function publishedOperations(): PublishedOperation[] {
  if (cache) return cache;
  cache = [];
  for (const file of publishedFiles().filter((f) => f.name.startsWith('openapi/'))) {
    const paths = file.doc.paths;
    if (!isObject(paths)) continue;
    for (const [path, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      for (const m of METHODS) {
        const op = item[m];
        if (!isObject(op)) continue;
        const method = m.toUpperCase() as PublishedOperation['method'];
        const at = `${method} ${path}`;
        const media =
          isObject(op.requestBody) && isObject(op.requestBody.content)
            ? op.requestBody.content['application/json']
            : undefined;
        const answers = new Map<string, PublishedAnswer>();
        for (const [status, res] of Object.entries(isObject(op.responses) ? op.responses : {})) {
          const json = isObject(res) && isObject(res.content) ? res.content['application/json'] : undefined;
          answers.set(status, {
            status,
            ...(isObject(json) && isObject(json.schema) ? { schema: json.schema } : {}),
            examples: isObject(json) ? contentExamples(`${at} ${status}`, json) : [],
          });
        }
        const description = typeof op.description === 'string' ? op.description : '';
        cache.push({
          file: file.name,
          method,
          path,
          matches: pathMatcher(path),
          summary: typeof op.summary === 'string' ? op.summary : '',
          description,
          ...(isObject(media)
            ? {
                request: {
                  ...(isObject(media.schema) ? { schema: media.schema } : {}),
                  examples: contentExamples(`${at} request`, media),
                },
              }
            : {}),
          answers,
          describedErrors: jsonBlocks(at, description),
        });
      }
    }
  }
  return cache;
}

/** The published operation a request reaches (`POST`, `/api/v4/orders`), if any. */
export function operationOf(method: string, path: string): PublishedOperation | undefined {
  const m = method.toUpperCase();
  return publishedOperations().find((op) => op.method === m && op.matches(path));
}
