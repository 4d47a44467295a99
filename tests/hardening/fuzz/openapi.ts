import type { FastifyInstance } from 'fastify';

/** The parts of a JSON Schema (as fastify-type-provider-zod writes them) that the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path template, e.g. `/api/properties/{id}`. */
  path: string;
  parameters: Parameter[];
  body?: { contentType: string; schema: JsonSchema };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface OpenApiOperation {
  parameters?: { name: string; in: Parameter['in']; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Every operation the running app documents in GET /api/openapi.json. */
export async function operationsOf(app: Pick<FastifyInstance, 'inject'>): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  const doc = res.json<OpenApiDocument>();
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const upper = method.toUpperCase();
      if (!isMethod(upper)) continue;
      const [contentType, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: upper,
        path,
        parameters: (op.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required ?? p.in === 'path',
          schema: p.schema ?? {},
        })),
        body: contentType ? { contentType, schema: content?.schema ?? {} } : undefined,
      });
    }
  }
  return operations;
}

function isMethod(value: string): value is Operation['method'] {
  return METHODS.has(value);
}

/** The URL of an operation with its path parameters filled in (already encoded by the caller). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_all, name: string) => values[name] ?? 'x');
}

export const pathParameters = (op: Operation) => op.parameters.filter((p) => p.in === 'path');
export const queryParameters = (op: Operation) => op.parameters.filter((p) => p.in === 'query');
export const headerParameters = (op: Operation) => op.parameters.filter((p) => p.in === 'header');
export const label = (op: Operation) => `${op.method} ${op.path}`;
