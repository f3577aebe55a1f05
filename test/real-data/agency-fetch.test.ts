/**
 * `sources fetch` for the other agencies over the real samples (TYPHOON_AGENCY_SOURCES), served by the loopback
 * site of test/helpers/agency-site.ts. Over our fixtures: test/unit/agency-fetch.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { fetchAgencyTracks } from '../../src/sources/agencies/fetch-agencies.ts';
import { files, options, serveAgencySite, tempDest } from '../helpers/agency-site.ts';
import { describeRealData } from '../helpers/real-data.ts';

serveAgencySite();

describeRealData('agencies', 'sources fetch over the real agency samples', (dir) => {
  it('installs the official JMA zip, a JTWC year, HKO years and the IBTrACS ACTIVE list', async () => {
    files.clear();
    files.set('/jma/bst_all.zip', fs.readFileSync(path.join(dir, 'jma/bst_all.zip_from_mskim2801_TCRI_20190403.zip')));
    files.set(
      '/ibtracs/ibtracs.WP.list.v04r01.csv',
      fs.readFileSync(path.join(dir, 'ibtracs/ibtracs.last3years.list.v04r01.YAGI_2024244N09137.csv')),
    );
    files.set('/ibtracs/ibtracs.ACTIVE.list.v04r01.csv', fs.readFileSync(path.join(dir, 'ibtracs/ibtracs.ACTIVE.list.v04r01.csv')));
    files.set('/hko/HKO2013BST.csv', fs.readFileSync(path.join(dir, 'hko/HKO2013BST.csv')));
    files.set('/hko/HKO2019BST.csv', fs.readFileSync(path.join(dir, 'hko/HKO2019BST.csv')));
    files.set('/jtwc/2013/2013s-bwp/bwp2013.zip', fs.readFileSync(path.join(dir, 'jtwc/bwp2013.zip')));
    const dest = tempDest();
    const report = await fetchAgencyTracks(options(dest, { years: { hko: [2013, 2019], jtwc: [2013] } }));
    expect(report.failed).toEqual([]);
    expect(report.installed).toHaveLength(6);
    const manifests = ['jma', 'jtwc', 'hko', 'ibtracs'].map(
      (a) => JSON.parse(fs.readFileSync(path.join(dest, 'agencies', a, '.FETCHED.json'), 'utf8')).files,
    );
    expect(manifests.map((m) => Object.values(m).map((e) => (e as { storms: number }).storms))).toEqual([[1784], [33], [33, 28], [5, 1]]);
  });
});
