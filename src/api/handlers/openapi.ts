/** `/api/openapi.json`: this API described in OpenAPI 3.1, generated from the route table. */
import { answerStatically } from '../bind.ts';
import { renderOpenApi } from '../openapi.ts';
import { ROUTES } from '../route-table.ts';

export const openapi = answerStatically(ROUTES.openapi, {
  instances: () => [{}],
  render: async ({ site }) => ({ payload: renderOpenApi(site.content.site), dataTime: site.releasedAt }),
});
