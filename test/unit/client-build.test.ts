/**
 * The typed client's build is what a web app imports: `tsc -p clients/typescript` must give ESM JavaScript with
 * its declarations, and the built module must load and make a client.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fs from 'fs-extra';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config/paths.ts';

const run = promisify(execFile);
const CLIENT = path.join(PROJECT_ROOT, 'clients', 'typescript');

describe('the typed client build (tsc -p clients/typescript)', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'typhoon-client-'));
  afterAll(() => fs.remove(outDir));

  it('writes ESM with declarations that load and make a client', async () => {
    const tsc = path.join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    await run(process.execPath, [tsc, '-p', CLIENT, '--outDir', outDir]);
    const modules = ['envelope', 'index', 'paging', 'revalidation', 'schema'];
    expect(fs.readdirSync(outDir).sort()).toEqual(modules.flatMap((m) => [`${m}.d.ts`, `${m}.js`]));
    expect(fs.readFileSync(path.join(outDir, 'schema.d.ts'), 'utf8')).toContain('"/api/v1/typhoons/{code}"');
    // Loaded from inside the project, so that `openapi-fetch` resolves as it does in an app that installed it.
    const built = path.join(CLIENT, `.test-build-${process.pid}`);
    await fs.copy(outDir, built);
    try {
      const client = await import(path.join(built, 'index.js'));
      expect(client.FEED_PATHS).toEqual(['/feeds/flash.xml', '/feeds/flash.atom']);
      expect(typeof client.createTyphoonClient({ baseUrl: 'http://127.0.0.1:9/' }).GET).toBe('function');
    } finally {
      await fs.remove(built);
    }
  }, 120_000);
});
