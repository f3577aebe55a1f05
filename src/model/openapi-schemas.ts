/** `/api/openapi.json`: the document itself is written by src/api/openapi.ts; its answer is checked only for what it is. */
import { z } from 'zod';

export const openApiDocumentSchema = z
  .object({ openapi: z.literal('3.1.0').describe('The OpenAPI version of the document') })
  .catchall(z.unknown().describe('The rest of the OpenAPI document (info, paths, components, …)'));
