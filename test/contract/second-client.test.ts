/**
 * A second generator over the same document: @hey-api/openapi-ts (a devDependency; 0.95.0 is its last release that
 * runs on Node 20) writes an SDK with its fetch client from the document the server serves, with the server as its
 * base URL. The SDK must compile with tsc (strict, the settings of a web app's bundler), and every operation of the
 * document, GET and the v1 preflights, is then called through its SDK function with its parameters' examples: each
 * answer has a status and a media type the operation documents, and was read without a parse error (the feeds as
 * text). Nothing is fetched but the document and the answers, from the local server.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_PATHS } from '../../clients/typescript/src/index.ts';
import { documentedMediaTypes, type OpenApiDocument, operationRequests, WALKED_METHODS } from '../helpers/openapi-walk.ts';
import { startTestServer } from '../helpers/server.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';

let close = async () => {};
let work = '';
let sdkDir = '';
let doc: OpenApiDocument;

awaitSharedBuild();
beforeAll(async () => {
  const server = await startTestServer();
  close = server.close;
  const text = await (await fetch(`${server.baseUrl}/api/openapi.json`)).text();
  doc = JSON.parse(text);
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-hey-api-'));
  await fs.writeFile(path.join(work, 'openapi.json'), text);
  sdkDir = path.join(work, 'sdk');
  await createClient({
    input: path.join(work, 'openapi.json'),
    output: sdkDir,
    plugins: [{ name: '@hey-api/client-fetch', baseUrl: server.baseUrl }],
    logs: { level: 'silent' },
  });
}, 120_000);
afterAll(async () => {
  await close();
  if (work) await fs.rm(work, { recursive: true, force: true });
});

/** hey-api names an operation's function after its operationId, camel-cased: `v1-live-near` → `v1LiveNear`. */
const functionName = (operationId: string) => operationId.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const isFeed = (p: string) => (FEED_PATHS as readonly string[]).includes(p);

describe('second generator (@hey-api/openapi-ts)', () => {
  it('writes an SDK that tsc compiles, strict', async () => {
    // The SDK imports with `.js` suffixes and uses the DOM's fetch: a bundler's settings, as a web app has.
    const { options, errors } = ts.convertCompilerOptionsFromJson(
      {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: [],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      },
      work,
    );
    expect(errors).toEqual([]);
    const files = (await fs.readdir(sdkDir, { recursive: true })).filter((f) => f.endsWith('.ts')).map((f) => path.join(sdkDir, f));
    expect(files).toContain(path.join(sdkDir, 'sdk.gen.ts'));
    const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram(files, options));
    const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => work, getNewLine: () => '\n' };
    expect(ts.formatDiagnostics(diagnostics, host)).toBe('');
  }, 120_000);

  it('calls every operation of the document through its SDK function and reads every answer', async () => {
    // The SDK is written while the test runs, so the compiler cannot see its types here (the test above checks them,
    // strict): the walk looks each function up by name, checks it is one, and checks each answer's shape at run time.
    const sdk: Record<string, unknown> = await import(pathToFileURL(path.join(sdkDir, 'sdk.gen.ts')).href);
    const requests = operationRequests(doc, WALKED_METHODS);
    const seen: string[] = [];
    for (const { path: route, method, operation, pathParams, query } of requests) {
      const call = sdk[functionName(operation.operationId)];
      if (typeof call !== 'function')
        throw new Error(`${operation.operationId}: no function ${functionName(operation.operationId)} in the SDK`);
      const result: unknown = await call({ path: pathParams, query, parseAs: isFeed(route) ? 'text' : 'json' });
      if (typeof result !== 'object' || result === null || !('response' in result) || !(result.response instanceof Response)) {
        throw new Error(`${operation.operationId}: the SDK answered without a response`);
      }
      const { response } = result;
      const label = `${method.toUpperCase()} ${operation.operationId} ${response.url}`;
      const documented = documentedMediaTypes(doc, operation, response.status);
      expect(documented, `${label}: ${response.status} is not documented`).not.toEqual([]);
      expect(documented, label).toContain(response.headers.get('content-type')?.split(';')[0] ?? '');
      const data = 'data' in result ? result.data : undefined;
      const error = 'error' in result ? result.error : undefined;
      if (response.ok) {
        expect(error, label).toBeUndefined();
        expect(typeof data, label).toBe(isFeed(route) ? 'string' : 'object');
      } else {
        expect(error, label).toBeDefined();
      }
      seen.push(`${response.status} ${method} ${operation.operationId}`);
    }
    // Every operation of the document, whatever its method, is one of those walked.
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item).filter((key) => HTTP_METHODS.includes(key)));
    expect(seen.length).toBe(operations.length);
    expect(seen.filter((s) => s.includes(' options ')).length).toBeGreaterThan(0);
  }, 120_000);
});
