/**
 * The two runs of the suite (docs/maintainers/testing.md, "Two lanes"). `npm test` (vitest.config.ts) is the fast one
 * the README promises; `npm run test:e2e` (vitest.e2e.config.ts) runs the suites that drive whole outside programs
 * or whole pipelines over the whole real archive, which hold a third of the suite's CPU. CI runs both, with the
 * real data; `npm run test:stress` runs both under its busy loops.
 */
export const E2E_SUITES = [
  // The docs page in headless Chromium, at two widths, on the demo and on the shared build.
  'test/contract/docs-page.test.ts',
  // Every documented example run with curl and jq, and the packed client compiled with tsc in an empty app.
  'test/contract/doc-examples.test.ts',
  // A third party's generator (@hey-api/openapi-ts) writes an SDK from the served document, and tsc compiles it.
  'test/contract/second-client.test.ts',
  // Builds of the CLI killed (SIGKILL) mid-publish, each in its own process.
  'test/unit/build-atomic.test.ts',
  // GeoJSON read by GDAL's ogrinfo: an active storm's and the real archive's.
  'test/contract/geojson-gdal.test.ts',
  'test/real-data/geojson-gdal.test.ts',
  // Whole pipelines over the whole real archive: the Zhejiang service replayed from its archive files and fetched
  // over loopback into a build, and the offline dump of every basin read back cell by cell.
  'test/real-data/zj-fetch-equivalence.test.ts',
  'test/real-data/dump.test.ts',
];
