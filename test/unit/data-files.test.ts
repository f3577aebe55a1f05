/**
 * The data files the build writes for functions (src/api/data-files.ts): one handle per file, which writes it and
 * reads it back as its type; a handler reads only the files its route declares (a type error otherwise, checked
 * by `npm run typecheck` through the `@ts-expect-error` below), and a build that does not write one stops.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { answerRequests } from '../../src/api/bind.ts';
import { DATA_FILES } from '../../src/api/data-files.ts';
import { unwrittenDataFiles } from '../../src/api/render-static.ts';
import { RESOURCES, ROUTES } from '../../src/api/route-table.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'typhoon-data-files-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = ({ file, body }: { file: string; body: string | Buffer }) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), body);
};

describe('a data file', () => {
  it('is written as JSON and read back as its type; a missing one reads as null', async () => {
    const versions = { android: { latest: '1.2.0', min: '1.0.0', url: 'https://x.example/a', notes: 'n' } };
    const rendered = await DATA_FILES.versions.render({ ...versions, ios: versions.android, harmony: versions.android });
    expect(rendered).toEqual({
      file: 'api/_data/versions.json',
      body: JSON.stringify({ ...versions, ios: versions.android, harmony: versions.android }),
    });
    expect(await DATA_FILES.versions.read(dir)).toBeNull();
    write(rendered);
    expect((await DATA_FILES.versions.read(dir))?.android.latest).toBe('1.2.0');
  });

  it('of a family is one file per key, gzipped when it says .gz, with the same bytes for the same data', async () => {
    const file = DATA_FILES.agencyComparison.of(2024);
    expect(file).toBe(DATA_FILES.agencyComparison.of(2024));
    expect(file.id).toBe('api/_data/agencies/*.json.gz');
    const rendered = await file.render({});
    expect(rendered.file).toBe('api/_data/agencies/2024.json.gz');
    expect(gunzipSync(rendered.body).toString()).toBe('{}');
    // Compressed off the main thread, to the same bytes as zlib's own one-call form at the same level.
    expect(rendered.body).toEqual(gzipSync('{}', { level: 9 }));
    expect((await file.render({})).body).toEqual(rendered.body);
    write(rendered);
    expect(await file.read(dir)).toEqual({});
  });

  it('that a route reads but the build did not write is named (the build stops on it)', () => {
    const declared = RESOURCES.flatMap((r) => r.reads ?? []).map((f) => f.id);
    const written = declared.map((id) => id.replace('*', '2024'));
    expect(unwrittenDataFiles(written)).toEqual([]);
    expect(unwrittenDataFiles(written.filter((f) => f !== DATA_FILES.searchIndex.path))).toEqual([DATA_FILES.searchIndex.path]);
    expect(unwrittenDataFiles(written.filter((f) => !f.startsWith('api/_data/agencies/')))).toEqual(['api/_data/agencies/*.json.gz']);
  });

  it('can be read by a handler only when its route declares it', () => {
    answerRequests(ROUTES['history-search'], async (ctx) => {
      await ctx.data(DATA_FILES.searchIndex);
      // @ts-expect-error history-search does not declare the archive's tracks: its function does not bundle them.
      await ctx.data(DATA_FILES.archiveTracks);
      return { payload: null, dataTime: null };
    });
    answerRequests(ROUTES['live-typhoons'], async (ctx) => {
      // @ts-expect-error live-typhoons reads no data file.
      await ctx.data(DATA_FILES.site);
      return { payload: null, dataTime: null };
    });
  });
});
