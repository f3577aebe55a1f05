/**
 * `npm run client:check-generators -- <dir>`: a second generator over the same OpenAPI document, to show the
 * document does not only suit openapi-typescript. @hey-api/openapi-ts (0.95.0, the last release that runs on
 * Node 20; it needs typescript beside it) is not a dependency of the project: install it once in a directory of
 * its own (`npm i --save-exact @hey-api/openapi-ts@0.95.0 typescript@5.9.3`) and name that directory. Nothing is
 * fetched: the document is rendered here, the SDK generated into a temporary directory and compiled with tsc.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renderOpenApi } from '../src/api/openapi.ts';

const toolDir = process.argv[2];
if (!toolDir) {
  console.error('Usage: npm run client:check-generators -- <directory where @hey-api/openapi-ts@0.95.0 is installed>');
  process.exit(2);
}

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-generators-'));
try {
  const document = path.join(work, 'openapi.json');
  await fs.writeFile(document, JSON.stringify(renderOpenApi()));
  const out = path.join(work, 'hey-api');
  const bin = path.join(path.resolve(toolDir), 'node_modules/.bin/openapi-ts');
  execFileSync(bin, ['-i', document, '-o', out, '-c', '@hey-api/client-fetch'], { stdio: 'inherit' });
  // The SDK imports without extensions and uses the DOM's fetch: a bundler's settings, as a web app has.
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types: [],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    },
    include: [out],
  };
  await fs.writeFile(path.join(work, 'tsconfig.json'), JSON.stringify(tsconfig));
  execFileSync(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '-p', path.join(work, 'tsconfig.json')], {
    stdio: 'inherit',
  });
  const files = await fs.readdir(out, { recursive: true });
  console.log(`@hey-api/openapi-ts: ${files.length} files generated and compiled with tsc, no error.`);
} finally {
  await fs.rm(work, { recursive: true, force: true });
}
