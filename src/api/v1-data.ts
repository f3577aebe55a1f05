/**
 * The v1 family's one shape for collections: a collection route (its `list` in the route table) answers its array
 * as `data.list` and the array's full count as `data.total`, whatever the web family calls them (`typhoons`,
 * `storms`, `years`), followed by the collection's own fields (`page`, `size`, `pages` when paged; `year`,
 * `keyword`, `stale`, `fetchedAt` and the like). The body writer (./serve.ts) and the OpenAPI document
 * (./openapi.ts) both read the route's declaration here, so the answers and their description cannot differ.
 * Routes whose answers depend on the archive built also say which one it is (`data.dataset`: demo or real).
 */
import { z } from 'zod';
import type { Answer } from './bind.ts';
import type { Resource } from './route-table.ts';

/**
 * The v1 `data` of an answer: a collection's array as `list` with `total` first, anything else as it is; a route
 * that says which archive it answers from (`dataset` in the table) ends with `dataset`.
 */
export function v1Data(resource: Resource, answer: Answer): unknown {
  const data = resource.list ? collection(resource, resource.list.key, answer.payload) : answer.payload;
  return resource.dataset ? withDataset(resource, answer, data) : data;
}

/** A body (an object) with `dataset` last, as the route declares: the v1 data, or the web body. */
export function withDataset(resource: Resource, answer: Answer, body: unknown): unknown {
  if (answer.dataset === undefined)
    throw new Error(`${resource.id}: its answer says which archive it comes from, and the handler gave none`);
  return { ...(body as object), dataset: answer.dataset };
}

function collection(resource: Resource, key: string, payload: unknown) {
  const { [key]: list, total, ...rest } = payload as Record<string, unknown>;
  if (!Array.isArray(list)) throw new Error(`${resource.id}: its collection field ${key} is not an array`);
  // A payload that counts its collection (a page of a longer list, a list cut at 20) says so; else the list is all of it.
  return { list, total: typeof total === 'number' ? total : list.length, ...rest };
}

export const datasetSchema = z
  .object({
    kind: z
      .enum(['demo', 'real'])
      .describe("demo: the demo archive, a few storms kept for demonstration, not the real data; real: built from the agencies' archives"),
    storms: z.number().int().describe('Storms the archive holds, as counted by the build'),
  })
  .nullable()
  .describe(
    'The archive the answer comes from; null when it does not come from the archive (a storm of the live snapshot or the upstream service)',
  )
  .meta({ id: 'Dataset' });

const totalSchema = z.number().int().describe('How many there are in all (more than the list holds when it is a page or cut short)');

/** The web body's schema of a route that says which archive it answers from: the body with `dataset` beside the payload. */
export const webDatasetSchema = (body: z.ZodType) => z.intersection(body, z.object({ dataset: datasetSchema }));

/** The schema of `v1Data`'s result, from the route's data schema (a paged route's already has `list` and `total`). */
export function v1DataSchema(resource: Resource): z.ZodType {
  const data = collectionSchema(resource);
  return resource.dataset ? z.intersection(data, z.object({ dataset: datasetSchema })) : data;
}

function collectionSchema(resource: Resource): z.ZodType {
  const schema = resource.dataSchema;
  if (!resource.list || !(schema instanceof z.ZodObject)) return schema;
  const { [resource.list.key]: list, total, ...rest } = schema.shape as Record<string, z.ZodType>;
  if (!list) throw new Error(`${resource.id}: its data schema has no field ${resource.list.key}`);
  return z.object({ list, total: total ?? totalSchema, ...rest });
}
