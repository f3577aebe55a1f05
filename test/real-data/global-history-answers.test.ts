/**
 * What the endpoints of the archive of every basin answer from the real data (the run's shared build when it was made
 * from it: the real archive, and the real samples of the other basins assembled as test/helpers/global-sources.ts
 * does): the counts per basin and year equal the raw files', every HURDAT2 entry is its raw line (read here with a
 * reading of our own), and so is every row of the IBTrACS storms of the basins IBTrACS is the record of (from the
 * South Indian storm of 1851 to the South Pacific's of this decade), in the units the OpenAPI document states; Andrew
 * 1992, Wilma 2005 and Patricia 2015 with their peaks and landfalls, the storms within 100 km of Miami, and Haiyan
 * found by name with its agencies side by side.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assembleRealGlobalSources, hasRealGlobalSources, REAL_GLOBAL_FILES } from '../helpers/global-sources.ts';
import { recordsAndTracksByBasin } from '../helpers/global-geojson.ts';
import { startGlobalHistorySite, type GlobalHistorySite } from '../helpers/global-history-site.ts';
import { rawBasinYears } from '../helpers/raw-basin-years.ts';
import { rawHurdat2, rawIbtracs } from '../helpers/raw-global-tracks.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';

const MIAMI = '/api/v1/global/history/near?lat=25.7617&lng=-80.1918&radius=100';
describeRealData('archive', 'the archive of every basin through its endpoints, from the real data', (archiveDir) =>
  describeRealData('history', 'with the real samples of the other basins', () => {
    awaitSharedBuild(archiveDir);
    let folder = '';
    let site: GlobalHistorySite;
    const data = async (p: string) => {
      const { status, body } = await site.get(p);
      expect(status, p).toBe(200);
      return body.data;
    };

    beforeAll(async () => {
      if (!hasRealGlobalSources())
        throw new Error(
          'the other basins need TYPHOON_CROSSCHECK_DATA and TYPHOON_AGENCY_SOURCES beside TYPHOON_SOURCES and TYPHOON_HISTORY_SAMPLES',
        );
      folder = assembleRealGlobalSources(fs.mkdtempSync(path.join(os.tmpdir(), 'global-sources-')));
      site = await startGlobalHistorySite(archiveDir, { shared: 'real', dir: folder });
    }, 600_000);
    afterAll(async () => {
      await site?.close();
      if (folder) fs.rmSync(folder, { recursive: true, force: true });
    });

    it('counts the storms of each basin and year as the raw files have them (NA 1970–2018, EP 1949–2024, the IBTrACS lists)', async () => {
      const years = await data('/api/v1/global/history/years');
      const counted = Object.fromEntries(
        years.list
          .filter((y: { basin: string }) => y.basin !== 'WP')
          .map((y: { basin: string; year: number; storms: number }) => [`${y.basin} ${y.year}`, y.storms]),
      );
      expect(counted).toEqual(rawBasinYears(folder));
      expect(counted['NA 2005']).toBe(30); // the Atlantic file lacks Katrina (AL122005): NHC's 2005 has 31
      expect(years.coverage.basins.map((b: { basin: string; loaded: boolean; storms: number }) => [b.basin, b.loaded])).toEqual([
        ['NA', true],
        ['EP', true],
        ['WP', true],
        ['NI', true],
        ['SI', true],
        ['SP', true],
        ['SA', false],
      ]);
      expect(years.dataset).toEqual({
        kind: 'real',
        storms: years.coverage.basins.reduce((n: number, b: { storms: number }) => n + b.storms, 0),
      });
    });

    it('draws every record of every basin as GeoJSON, each with its track', () => {
      const { records, tracks, undrawn } = recordsAndTracksByBasin(site.publicDir);
      expect(undrawn).toEqual([]);
      expect(tracks).toEqual(records);
      expect(Object.keys(records).sort()).toEqual(['EP', 'NA', 'NI', 'SI', 'SP', 'WP']);
    });

    it('answers every HURDAT2 entry of both files as its raw line', async () => {
      for (const file of [REAL_GLOBAL_FILES.atlantic, REAL_GLOBAL_FILES.nepac]) {
        const raw = rawHurdat2(path.join(folder, 'hurdat2', file));
        expect(raw.size).toBeGreaterThan(700);
        for (const [atcf, entries] of raw) {
          // Read as the CDN serves it: the static file of the v1 answer.
          const storm = JSON.parse(fs.readFileSync(path.join(site.publicDir, 'api/v1/global/storms', `nhc-${atcf}`), 'utf8')).data;
          const ours = storm.points.map((p: Record<string, any>) => ({
            time: p.time,
            record: p.record,
            status: p.status,
            lat: p.lat,
            lng: p.lng,
            windKt: p.windKt,
            pressure: p.pressure,
            radii: [p.radius34, p.radius50, p.radius64].flatMap((r) => (r ? [r.ne, r.se, r.sw, r.nw] : [null, null, null, null])),
            rmw: p.rmw,
          }));
          // A threshold with no radius in any quadrant is null as a whole.
          const expected = entries.map((e) => ({
            ...e,
            radii: [0, 4, 8].flatMap((k) => {
              const q = e.radii.slice(k, k + 4);
              return q.every((r) => r === null) ? [null, null, null, null] : q;
            }),
          }));
          expect(ours, atcf).toEqual(expected);
        }
      }
    });

    it('answers every row of the IBTrACS storms formed in the NI, SI, SP and SA basins, in the units the OpenAPI states', async () => {
      const everyBasin = rawIbtracs(path.join(folder, 'ibtracs', REAL_GLOBAL_FILES.everyBasin));
      const active = rawIbtracs(path.join(folder, 'ibtracs', REAL_GLOBAL_FILES.active), true);
      expect(everyBasin.size).toBeGreaterThan(150);
      expect(active.size).toBeGreaterThan(0);
      for (const [sid, rows] of [...everyBasin, ...active]) {
        const storm = JSON.parse(fs.readFileSync(path.join(site.publicDir, 'api/v1/global/storms', `ibtracs-${sid}`), 'utf8')).data;
        const ours = storm.points.map((p: Record<string, unknown>) => ({
          time: p.time,
          status: p.status,
          lat: p.lat,
          lng: p.lng,
          windKt: p.windKt,
          speed: p.speed,
          pressure: p.pressure,
        }));
        expect(ours, sid).toEqual(rows);
        expect(
          storm.points.every((p: Record<string, unknown>) => p.record === null && p.radius34 === null && p.rmw === null),
          sid,
        ).toBe(true);
      }
      // The South Indian storm of 1851: IBTrACS's second-oldest record of the list, 19th-century times, no winds.
      const of1851 = await data('/api/v1/global/storms/ibtracs-1851080S15062');
      expect(of1851).toMatchObject({
        source: 'ibtracs',
        basin: 'SI',
        year: 1851,
        startTime: '1851-03-20T18:00:00Z',
        endTime: '1851-03-26T06:00:00Z',
        maxWindKt: null,
        windPeriod: null,
        windAgency: null,
        landRecorded: false,
      });
      expect(of1851.points).toHaveLength(45);
      // The spreadsheet's two-digit years: a South Pacific storm whose first fixes are of 31 December 2018, season 2019.
      const across = await data('/api/v1/global/storms/ibtracs-2019001S10162');
      expect(across).toMatchObject({ basin: 'SP', year: 2019, startTime: '2018-12-31T18:00:00Z' });
      // The ACTIVE list's provisional storm: the US agency's winds, 1-minute.
      expect(await data('/api/v1/global/storms/ibtracs-2025252S09069')).toMatchObject({
        provisional: true,
        windAgency: 'usa',
        windPeriod: '1min',
      });
      // The units are the OpenAPI document's: kt, m/s with 1852/3600, hPa, km.
      const openapi = (await site.get('/api/openapi.json')).body;
      const point = openapi.components.schemas.ArchivedTrackPoint.properties;
      expect(point.windKt.description).toContain('kt');
      expect(point.speed.description).toContain('m/s (1 kt = 1852/3600 m/s exactly');
      expect(point.pressure.description).toContain('hPa');
      expect(point.lng.description).toContain('degrees east');
      const answer = JSON.stringify(openapi.paths['/api/v1/global/storms/{id}'].get.responses['200'].content['application/json'].schema);
      expect(answer).toContain("Averaging period of the record's maximum sustained winds");
      expect(answer).toContain('#/components/schemas/ArchivedTrackPoint');
    });

    it('Andrew 1992, Wilma 2005 and Patricia 2015 answer with their HURDAT2 peaks and landfalls', async () => {
      const andrew = await data('/api/v1/global/storms/nhc-al041992');
      expect(andrew).toMatchObject({
        name: 'ANDREW',
        maxWindKt: 150,
        maxSpeed: 77.2,
        minPressure: 922,
        windPeriod: '1min',
        intensity: 'major',
      });
      expect(andrew.land.map((l: Record<string, unknown>) => [l.time, l.windKt, l.pressure])).toEqual([
        ['1992-08-23T21:00:00Z', 140, 923],
        ['1992-08-24T01:00:00Z', 130, 931],
        ['1992-08-24T08:40:00Z', 145, 926],
        ['1992-08-24T09:05:00Z', 145, 922],
        ['1992-08-26T08:30:00Z', 100, 956],
      ]);
      const wilma = (await site.get('/api/global/storms/nhc-al252005')).body;
      expect(wilma).toMatchObject({ maxWindKt: 160, maxSpeed: 82.3, minPressure: 882, minPressureTime: '2005-10-19T12:00:00Z' });
      expect(wilma.land.map((l: Record<string, unknown>) => [l.time, l.lat, l.lng, l.windKt])).toEqual([
        ['2005-10-21T21:45:00Z', 20.6, -86.8, 130],
        ['2005-10-22T03:30:00Z', 20.8, -86.9, 115],
        ['2005-10-24T10:30:00Z', 25.9, -81.7, 105],
      ]);
      const patricia = await data('/api/v1/global/storms/nhc-ep202015');
      expect(patricia).toMatchObject({ maxWindKt: 185, maxSpeed: 95.2, minPressure: 872, maxWindTime: '2015-10-23T12:00:00Z' });
      expect(patricia.land).toEqual([
        {
          time: '2015-10-23T23:00:00Z',
          lat: 19.4,
          lng: -105,
          status: 'HU',
          stage: 'tropical',
          windKt: 130,
          speed: 66.9,
          pressure: 932,
          place: null,
        },
      ]);
      expect(patricia.attribution.map((a: { source: string }) => a.source)).toEqual(['hurdat2']);
    });

    it('lists Andrew 1992 and Irene 1999 among the storms within 100 km of Miami, measured on the track', async () => {
      const first = await data(`${MIAMI}&size=50`);
      const pages = [first];
      for (let page = 2; page <= first.pages; page += 1) pages.push(await data(`${MIAMI}&size=50&page=${page}`));
      const near = pages.flatMap((p) => p.list);
      expect(near).toHaveLength(first.total);
      const ids = near.map((s: { id: string }) => s.id);
      expect(ids).toEqual(expect.arrayContaining(['nhc-al041992', 'nhc-al131999']));
      expect(near.find((s: { id: string }) => s.id === 'nhc-al041992').closestKm).toBeLessThan(35);
      expect(near.every((s: { basins: string[] }) => s.basins.includes('NA'))).toBe(true);
      expect(first.counts.byBasin).toEqual([{ basin: 'NA', count: first.total }]);
      expect((await data(`${MIAMI}&basin=EP`)).total).toBe(0);
    });

    it('finds "Haiyan" by name: the north-western Pacific record, its agencies side by side', async () => {
      const { archive } = await data('/api/v1/global/history?q=Haiyan');
      expect(archive.list[0]).toMatchObject({
        id: 'cma-201330',
        code: '201330',
        source: 'cma',
        name: 'HAIYAN',
        nameZh: '海燕',
        basin: 'WP',
        agencies: ['cma', 'jma', 'jtwc', 'hko'],
        ids: { jma: '1330', jtwc: 'wp312013' },
        matchedBy: 'name',
      });
      const agencies = await data('/api/v1/typhoons/201330/agencies');
      expect(agencies.agencies.map((a: { agency: string }) => a.agency)).toEqual(archive.list[0].agencies);
      expect((await data('/api/v1/global/history?q=Haiyan&basin=NA')).archive.total).toBe(0);
    });
  }),
);
