/** `/api/openapi.json`: this API described in OpenAPI 3.1, generated from the route table. */
import { renderOpenApi } from '../openapi.ts';
import type { ResourceHandler } from '../serve.ts';

export const openapi: ResourceHandler = async () => ({ payload: renderOpenApi() });
