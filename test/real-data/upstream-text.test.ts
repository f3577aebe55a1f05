/**
 * Upstream free text is data, never markup: the recorded upstream samples and the other agencies' real best tracks
 * hold no name, place, code, forecast agency or advisory cyclone name the check rejects. The check itself: test/unit/upstream-text.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { TextRejection } from '../../src/model/upstream-text.ts';
import { names, places } from '../helpers/names.ts';
import { describeRealData } from '../helpers/real-data.ts';

describeRealData('upstream', 'the recorded upstream samples', (dir) => {
  it('have no name, place or code the check rejects', async () => {
    const { parseCurrentStorms } = await import('../../src/upstream/nhc-current.ts');
    const { parseJtwcRss, parseJtwcTcw } = await import('../../src/upstream/jtwc.ts');
    const { parseAtcfDeck } = await import('../../src/upstream/atcf.ts');
    const { normalizeZjInfo } = await import('../../src/upstream/zj-service.ts');
    const { normalizeNmcView } = await import('../../src/upstream/nmc-service.ts');
    const { stripJsonp } = await import('../../src/upstream/client.ts');
    const { parseJtwcAdvisory } = await import('../../src/upstream/jtwc-advisory.ts');
    const read = (...parts: string[]) => fs.readFileSync(path.join(dir, ...parts), 'utf8');
    const rejected: TextRejection[] = [];
    const text = { names, places, rejected };
    for (const file of fs.readdirSync(path.join(dir, 'nhc')).filter((f) => f.endsWith('.json')))
      parseCurrentStorms(JSON.parse(read('nhc', file)), rejected);
    parseJtwcRss(read('jtwc', 'jtwc.2026-08-22T1840Z.rss'), rejected);
    for (const file of fs.readdirSync(path.join(dir, 'jtwc')).filter((f) => f.endsWith('.tcw'))) parseJtwcTcw(read('jtwc', file), rejected);
    for (const file of ['abpwweb.txt', 'abioweb.txt']) rejected.push(...parseJtwcAdvisory(read('jtwc', file)).rejected);
    for (const file of fs.readdirSync(path.join(dir, 'atcf')).filter((f) => f.endsWith('.dat')))
      rejected.push(...parseAtcfDeck(read('atcf', file)).rejected);
    for (const file of fs.readdirSync(path.join(dir, 'zj')).filter((f) => f.startsWith('TyphoonInfo_') && !f.includes('excerpt')))
      normalizeZjInfo(JSON.parse(read('zj', file)), new Date(), text);
    for (const file of fs.readdirSync(path.join(dir, 'nmc')).filter((f) => f.startsWith('view_')))
      normalizeNmcView(JSON.parse(stripJsonp(read('nmc', file))), new Date(), text);
    expect(rejected).toEqual([]);
  });
});

describeRealData('agencies', "the other agencies' real best tracks", (dir) => {
  it('have no name the check rejects', async () => {
    const { readAgencySources } = await import('../../src/sources/agencies/read-agency-sources.ts');
    expect((await readAgencySources(dir)).rejected).toEqual([]);
  });
});
