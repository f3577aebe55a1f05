/**
 * The operations of the OpenAPI document the server serves, as the generated-client tests walk them: each with its
 * parameters' examples (a new route is covered without touching a test), and the media types each documented
 * status answers with.
 */

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  example?: string | number;
}
type Ref = { $ref: string };
export interface OpenApiOperation {
  operationId: string;
  parameters?: (OpenApiParameter | Ref)[];
  responses: Record<string, Ref | { content?: Record<string, unknown> }>;
}
export const WALKED_METHODS = ['get', 'options'] as const;
export type WalkedMethod = (typeof WALKED_METHODS)[number];
export interface OpenApiDocument {
  paths: Record<string, { parameters?: (OpenApiParameter | Ref)[] } & Partial<Record<WalkedMethod, OpenApiOperation>>>;
  components: { parameters: Record<string, OpenApiParameter>; responses: Record<string, { content?: Record<string, unknown> }> };
}

/** One operation's request: its path and method, and its parameters' examples as strings. */
export interface OperationRequest {
  path: string;
  method: WalkedMethod;
  operation: OpenApiOperation;
  pathParams: Record<string, string>;
  query: Record<string, string>;
}

const refName = (ref: Ref) => ref.$ref.split('/').pop() ?? '';

function resolveParameter(doc: OpenApiDocument, p: OpenApiParameter | Ref): OpenApiParameter {
  if (!('$ref' in p)) return p;
  const found = doc.components.parameters[refName(p)];
  if (!found) throw new Error(`No parameter ${p.$ref}`);
  return found;
}

/** Every operation of the given methods, in the document's order. */
export function operationRequests(doc: OpenApiDocument, methods: readonly WalkedMethod[]): OperationRequest[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    methods.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      const params = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolveParameter(doc, p));
      const values = (where: OpenApiParameter['in']) =>
        Object.fromEntries(params.filter((p) => p.in === where && p.example !== undefined).map((p) => [p.name, String(p.example)]));
      return [{ path, method, operation, pathParams: values('path'), query: values('query') }];
    }),
  );
}

/** The media types a documented answer of that status has ('' for one without a body, the 304). */
export function documentedMediaTypes(doc: OpenApiDocument, operation: OpenApiOperation, status: number): string[] {
  const response = operation.responses[String(status)];
  if (!response) return [];
  const resolved = '$ref' in response ? doc.components.responses[refName(response)] : response;
  return Object.keys(resolved?.content ?? { '': null });
}
