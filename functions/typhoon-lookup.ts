import type { FunctionConfig } from '../src/api/function-config.ts';
import { typhoonDetail, typhoonGeojson } from '../src/api/handlers/typhoon.ts';
import { serveFunction } from '../src/api/serve.ts';
import { requestLookup } from '../src/live/refresh-typhoons.ts';

// No config.path: reached through the _redirects rewrites of the typhoon and GeoJSON collections, for the codes
// no static file answers (active storms, storms the archive does not hold yet). Data files: the route table.
export default serveFunction({ 'typhoon-detail': typhoonDetail, 'typhoon-geojson': typhoonGeojson }, { lookupUpstream: requestLookup });

// The upstream tier checks storm names against the names table (src/sources/names-table.ts liveNamesTable).
export const config: FunctionConfig = {
  includedFiles: ['../public/api/_data/archive-report.json', '../content/names/typhoon-committee.yaml'],
};
