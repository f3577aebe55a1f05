/** `/api/openapi.json`: this API described in OpenAPI 3.1, generated from the route table. */
import { renderOpenApi } from '../openapi.ts';
import type { ResourceHandler } from '../serve.ts';

/** The build renders it; its content (site.yaml) names the production server. */
export const openapi: ResourceHandler = async (ctx) => ({ payload: renderOpenApi(ctx.site?.content.site) });
