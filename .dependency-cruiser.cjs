/**
 * The layer rules (docs/maintainers/architecture.md): imports only run downward, never in a circle. Each room may import
 * its own files and the rooms below it; `npm run lint` checks this on every run.
 *
 *   entry points   build/, bench/, test/, functions/ (generated)
 *   serving        src/server (the local server), src/demo (the mock upstream)
 *   the run        src/jobs (the scheduled run)
 *   the API        src/api (route table, handlers, answers)
 *   text           src/flash (flash news, the briefing, proven AI text)
 *   live data      src/live (north-western Pacific), src/global (other basins), src/warnings (warnings in force), src/dump (the offline dump)
 *   the archive    src/archive
 *   forecasts      src/forecasts (official forecast issuances, their verification, baselines, cones)
 *   inputs         src/sources (archive source files), src/content (news, knowledge, site files)
 *   plumbing       src/store (documents in the key-value store), src/upstream (HTTP client, upstream formats), src/console
 *   core           src/model (schemas, units, pure rules), src/config (paths and the environment)
 */
const LAYERS = [
  ['src/model', 'src/config'],
  ['src/store', 'src/upstream', 'src/console'],
  ['src/sources', 'src/content'],
  ['src/archive'],
  ['src/forecasts'],
  ['src/live', 'src/global', 'src/warnings', 'src/dump'],
  ['src/flash'],
  ['src/api'],
  ['src/jobs'],
  ['src/server', 'src/demo'],
];
const dir = (room) => `^${room}/`;
const above = (i) => LAYERS.slice(i + 1).flat();

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle makes a room depend on itself.',
      from: {},
      to: { circular: true },
    },
    ...LAYERS.flatMap((rooms, i) =>
      above(i).length === 0
        ? []
        : [
            {
              name: `no-upward-from-${rooms.map((r) => r.split('/')[1]).join('-')}`,
              severity: 'error',
              comment: `${rooms.join(', ')} may import only rooms below them`,
              from: { path: rooms.map(dir).join('|') },
              to: { path: above(i).map(dir).join('|') },
            },
          ],
    ),
    {
      name: 'no-sideways-live-global-dump',
      severity: 'error',
      comment: 'The north-western Pacific, the other basins, the warnings and the dump are siblings: none imports another.',
      from: { path: '^src/(live|global|warnings|dump)/' },
      to: { path: '^src/(live|global|warnings|dump)/', pathNot: '^src/$1/' },
    },
    {
      name: 'no-entry-points-from-src',
      severity: 'error',
      comment: 'src/ never imports the CLI, tests, benchmarks or generated functions.',
      from: { path: '^src/' },
      to: { path: '^(build|test|bench|functions)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|public|\\.public-builds|\\.cache)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
