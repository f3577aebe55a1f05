/**
 * English that reads as English: no Chinese character in any English text the project writes from the demo
 * data, the archive's answers (every file the build renders from the demo archive) and the live ones (the local
 * server over the mock upstream: the live list and details, flash news, the summary, bootstrap's briefing, the
 * other basins' cyclones).
 * Landfall places are in English there (`land[].positionEn`, the flash item's "made landfall at …"). The same over
 * the real archive and the real upstream captures: test/real-data/english-text.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSite } from '../../build/build-site.ts';
import { parseDataFile } from '../../src/api/data-files.ts';
import { DEMO_SOURCES_DIR } from '../../src/config/paths.ts';
import { englishTexts, type EnglishTexts } from '../helpers/english-text.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('English text from the demo archive', () => {
  it('carries no Chinese character in any file the build renders, landfall places included', async () => {
    const { files } = await renderSite({ sourcesDir: DEMO_SOURCES_DIR });
    const found: EnglishTexts = { texts: [], withHan: [] };
    let read = 0;
    for (const { file, body } of files) {
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      // The JSON answers and data files (gzipped or not); the HTML, XML and text files are not answers in English fields.
      if (!file.endsWith('.gz') && !/^[[{]/.test(bytes.subarray(0, 1).toString())) continue;
      englishTexts(parseDataFile(file, bytes), file, found);
      read += 1;
    }
    expect(read).toBeGreaterThan(100);
    expect(found.withHan).toEqual([]);
    // RAMMASUN's three landfalls, in English, in its detail.
    const rammasun = found.texts.filter((t) => t.startsWith('api/v1/typhoons/201409.data.land') && t.includes('.positionEn: '));
    expect(rammasun.map((t) => t.replace(/^.*positionEn: /, ''))).toEqual([
      'the coast of Wengtian Town, Wenchang, Hainan',
      'the coast of Longtang Town, Xuwen, Guangdong',
      'Guangpo Town, Fangchenggang, Guangxi',
    ]);
  });
});

describe('English text from the live data (mock upstream)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const get = async (path: string) => {
    const res = await fetch(`${server.baseUrl}${path}`);
    expect(res.status, path).toBe(200);
    return res.json();
  };

  it('carries no Chinese character in the live list, details, flash news, summary and briefing', async () => {
    const found: EnglishTexts = { texts: [], withHan: [] };
    const live = (await get('/api/v1/typhoons')) as { data: { list: { code: string }[] } };
    const codes = live.data.list.map((t) => t.code);
    expect(codes.length).toBeGreaterThan(0);
    const paths = [
      '/api/typhoons',
      '/api/v1/typhoons',
      ...codes.flatMap((code) => [`/api/typhoons/${code}`, `/api/v1/typhoons/${code}`]),
      '/api/v1/flash',
      '/api/llm/summary',
      '/api/v1/bootstrap',
      '/api/global/typhoons',
    ];
    for (const path of paths) englishTexts(await get(path), path, found);
    expect(found.withHan).toEqual([]);
    const landfall = found.texts.filter((t) => /contentEn: .*made landfall at/.test(t));
    expect(landfall.length).toBeGreaterThan(0);
    for (const text of landfall) expect(text).toMatch(/made landfall at the northeastern coast of Luzon, the Philippines \(demo\) around/);
    expect(found.texts.filter((t) => t.includes('.positionEn: '))).toContainEqual(
      expect.stringMatching(/positionEn: the northeastern coast of Luzon, the Philippines \(demo\)$/),
    );
  });
});
