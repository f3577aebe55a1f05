/**
 * The crosswalk on the real archive and the other agencies' real files, checked against what we did not make: an
 * independent CMA↔JMA match of every storm (TYPHOON_CROSSCHECK_DATA, CI gives it: .ci/run; matched by its own rule),
 * JTWC's 2013 b-deck archive, each agency's published figures for HAIYAN (2013), and every agency track's link
 * figures counted again here from the track's own points.
 */
import fs from 'node:fs';
import { DATA_FILES } from '../../src/api/data-files.ts';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { searchArchive } from '../../src/archive/search.ts';
import { MATCH_DISTANCE_KM } from '../../src/archive/track-agreement.ts';
import type { AgencyLink, AgencyTrackPoint } from '../../src/model/agency-comparison-schemas.ts';
import type { HkoTrack, JtwcTrack } from '../../src/model/agency-track-schemas.ts';
import { greatCircleKm } from '../../src/model/geo.ts';
import type { Typhoon } from '../../src/model/typhoon-schemas.ts';
import { parseAgencyFile } from '../../src/sources/agencies/agency-files.ts';
import { describeRealData, realData } from '../helpers/real-data.ts';
import { renderArchive, type RenderedArchive } from '../helpers/rendered-archive.ts';
import { agenciesFor } from '../helpers/sources.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';

interface IndexRow {
  year: string;
  cma_seq: string;
  cma_first_utc: string;
  jma_nii_id: string;
}

/** YYYYMMDDHH in UTC, as the index writes a time. */
const utcHour = (time: string) => new Date(time).toISOString().slice(0, 13).replace(/[-T]/g, '');

/**
 * How far a track agrees with the archive's own, counted without the crosswalk's code: at every instant both have,
 * the distance between the two centres; those within the match distance agree; their median, to 0.1 km.
 */
function countedAgreement(own: readonly AgencyTrackPoint[], track: readonly AgencyTrackPoint[]): Omit<AgencyLink, 'method'> {
  const ownAt = new Map(own.map((p) => [Date.parse(p.time), p]));
  const km = track.flatMap((p) => {
    const o = ownAt.get(Date.parse(p.time));
    return o ? [greatCircleKm(o, p)] : [];
  });
  const agreeing = km.filter((d) => d <= MATCH_DISTANCE_KM).sort((a, b) => a - b);
  const mid = agreeing.length >> 1;
  const median =
    agreeing.length === 0
      ? null
      : agreeing.length % 2
        ? (agreeing[mid] as number)
        : ((agreeing[mid - 1] as number) + (agreeing[mid] as number)) / 2;
  return {
    agreeingFixes: agreeing.length,
    sharedFixes: km.length,
    medianDistanceKm: median === null ? null : Math.round(median * 10) / 10,
  };
}

describeRealData('archive', 'the crosswalk on the real archive', (sourcesDir) => {
  awaitSharedBuild(sourcesDir);
  let site: RenderedArchive;
  beforeAll(async () => {
    if (!agenciesFor(sourcesDir)) throw new Error('the crosswalk checks need TYPHOON_AGENCY_SOURCES beside TYPHOON_SOURCES');
    site = await renderArchive(sourcesDir);
  });

  describeRealData('crosscheck', 'against the independent CMA↔JMA match, 1951–2018', (extraDir) => {
    it('gives at least 99% of the matched storms their JMA number, and no storm a wrong one', () => {
      const rows: IndexRow[] = parse(fs.readFileSync(path.join(extraDir, 'derived/storm_index_cma_isc_jma.csv')), {
        columns: true,
        bom: true,
      });
      const byEntry = new Map<string, Typhoon>();
      for (const t of site.details.values())
        if (t.cma) byEntry.set(`${t.cma.year}/${t.cma.seq}/${utcHour(t.points[0]?.time as string)}`, t);
      // One JMA number per pair: the index pairs 1956 Ivy and 1964 Louise with two JMA storms each (CMA merged them).
      const pairs = rows.filter((r) => Number(r.year) >= 1951 && Number(r.year) <= 2018 && r.cma_seq && /^\d{6}$/.test(r.jma_nii_id));
      const found = pairs.map((r) => ({ row: r, storm: byEntry.get(`${Number(r.year)}/${Number(r.cma_seq)}/${r.cma_first_utc}`) }));
      // The index names a few entries by a first time CMA's file does not have; every other pair is one of our storms.
      expect(found.filter((f) => !f.storm).length).toBeLessThanOrEqual(3);
      const linked = found.filter((f) => f.storm);
      const wrong = linked.filter((f) => f.storm?.ids.jma !== null && f.storm?.ids.jma !== f.row.jma_nii_id.slice(2));
      const right = linked.filter((f) => f.storm?.ids.jma === f.row.jma_nii_id.slice(2));
      expect(wrong.map((f) => `${f.storm?.code}: ${f.storm?.ids.jma} ≠ ${f.row.jma_nii_id}`)).toEqual([]);
      expect(linked.length).toBeGreaterThan(1700);
      expect(right.length / linked.length).toBeGreaterThanOrEqual(0.99);
    });
  });

  it('links every storm of JTWC 2013 that reached tropical-storm strength', () => {
    const agencies = realData('agencies') as string;
    const { tracks } = parseAgencyFile('jtwc', 'jtwc/bwp2013.zip', fs.readFileSync(path.join(agencies, 'jtwc/bwp2013.zip')));
    const storms = (tracks as JtwcTrack[]).filter((t) => t.points.some((p) => (p.windKt ?? 0) >= 35));
    expect(storms.length).toBe(27); // of the 33 b-decks; the rest stayed depressions
    const linked = new Set([...site.details.values()].map((t) => t.ids.jtwc));
    expect(storms.map((t) => t.id.toLowerCase()).filter((id) => !linked.has(id))).toEqual([]);
  });

  it('links every HKO storm of 2013 and 2019, and agrees with the JMA number HKO writes', () => {
    const agencies = realData('agencies') as string;
    const hko = ['hko/HKO2013BST.csv', 'hko/HKO2019BST.csv'].flatMap(
      (file) => parseAgencyFile('hko', file, fs.readFileSync(path.join(agencies, file))).tracks as HkoTrack[],
    );
    expect(hko).toHaveLength(61);
    const byHko = new Map([...site.details.values()].filter((t) => t.ids.hko).map((t) => [t.ids.hko, t]));
    expect(hko.filter((t) => !byHko.has(t.id)).map((t) => t.id)).toEqual([]);
    for (const t of hko) if (t.jmaCode) expect(byHko.get(t.id)?.ids.jma, t.id).toBe(t.jmaCode);
  });

  it('reports every ambiguous match and leaves it null, never guessed', () => {
    const report = site.data(DATA_FILES.dataQuality);
    const ambiguous = report.problems.filter((p) => p.code === 'crosswalk-ambiguous');
    expect(ambiguous.map((p) => p.action)).toEqual(expect.arrayContaining(['ids.jma of 195629 left null', 'ids.jma of 196429 left null']));
    for (const p of ambiguous)
      expect(site.details.get(/of (\S+) left null/.exec(p.action)?.[1] as string)?.ids[p.field.slice(4) as 'jma']).toBeNull();
  });

  it("gives every agency track the figures of its own agreement with the archive's track, wherever the track was read", () => {
    const years = [...new Set([...site.details.values()].map((t) => t.year))];
    const comparisons = years.flatMap((year) => Object.values(site.data(DATA_FILES.agencyComparison.of(year))));
    const checked = comparisons.flatMap((c) =>
      c.agencies.slice(1).map((a) => ({
        code: c.code,
        agency: a.agency,
        source: a.source,
        link: a.link,
        counted: countedAgreement(c.agencies[0]?.points ?? [], a.points),
      })),
    );
    const figures = (link: AgencyLink | null) =>
      link && { agreeingFixes: link.agreeingFixes, sharedFixes: link.sharedFixes, medianDistanceKm: link.medianDistanceKm };
    expect(checked.length).toBe(1953); // on the sample files: 1,851 JMA tracks, 36 JTWC b-decks, 61 HKO tracks, 5 from IBTrACS
    expect(checked.filter((c) => JSON.stringify(figures(c.link)) !== JSON.stringify(c.counted))).toEqual([]);
    // The tracks taken from IBTrACS's columns are among them: YAGI's JTWC and HKO tracks, and EWINIAR's, PEIPAH's and TAPAH's JTWC tracks.
    expect(
      checked
        .filter((c) => c.source === 'ibtracs')
        .map((c) => `${c.code} ${c.agency}`)
        .sort(),
    ).toEqual(['202401 jtwc', '202411 hko', '202411 jtwc', '202515 jtwc', '202516 jtwc']);
  });

  it("tells YAGI's and TAPAH's tracks from IBTrACS by their own figures, not the IBTrACS record's", () => {
    const links = (code: string, year: number) => {
      const c = site.data(DATA_FILES.agencyComparison.of(year))[code];
      return Object.fromEntries((c?.agencies ?? []).slice(1).map((a) => [a.agency, { source: a.source, id: a.id, ...a.link }]));
    };
    // Measured from the raw files (CH2024BST.txt, CH2025BST.txt, the IBTrACS CSVs' USA_/HKO_ columns where IFLAG
    // says O, the JMA copy), independently of this code: the IBTrACS records themselves agree with CMA at
    // 36 of 36 instants, median 0 km (YAGI) and 12 of 12, 21.7 km (TAPAH).
    expect(links('202411', 2024)).toEqual({
      jma: { source: 'jma-bst', id: '2411', method: 'track-match', agreeingFixes: 31, sharedFixes: 31, medianDistanceKm: 11.1 },
      jtwc: { source: 'ibtracs', id: 'wp122024', method: 'ibtracs', agreeingFixes: 31, sharedFixes: 31, medianDistanceKm: 11.1 },
      hko: { source: 'ibtracs', id: null, method: 'ibtracs', agreeingFixes: 34, sharedFixes: 34, medianDistanceKm: 10.7 },
    });
    expect(links('202516', 2025)).toEqual({
      jtwc: { source: 'ibtracs', id: 'wp222025', method: 'ibtracs', agreeingFixes: 8, sharedFixes: 8, medianDistanceKm: 22.9 },
    });
  });

  it('finds HAIYAN and YAGI by any of their ids', () => {
    const index = site.data(DATA_FILES.searchIndex);
    for (const id of ['1330', 'WP312013', 'wp312013', '2013-0031'])
      expect(searchArchive(index, id)[0], id).toMatchObject({ code: '201330', matchedBy: 'id' });
    for (const id of ['2411', 'wp122024', '2024244N09137'])
      expect(searchArchive(index, id)[0], id).toMatchObject({ code: '202411', matchedBy: 'id' });
  });

  it('answers HAIYAN with CMA, JMA, JTWC and HKO side by side, each with its own published figures', () => {
    const haiyan = site.data(DATA_FILES.agencyComparison.of(2013))['201330'];
    if (!haiyan) throw new Error('no agencies for 201330');
    expect(haiyan.ids).toEqual({ cma: '201330', jma: '1330', jtwc: 'wp312013', hko: '2013-0031', ibtracs: null });
    const figures = haiyan.agencies.map((a) => [a.agency, a.source, a.windPeriod, a.maxSpeed, a.maxSpeedKt, a.minPressure]);
    // Each agency's peak as it published it: CMA 78 m/s (2-minute) and 890 hPa; JMA 125 kt (10-minute) and
    // 895 hPa; JTWC 170 kt (1-minute) and 895 mb; HKO 155 kt (10-minute) and 890 hPa. 1 kt = 1852/3600 m/s.
    expect(figures).toEqual([
      ['cma', 'cma-bst', '2min', 78, null, 890],
      ['jma', 'jma-bst', '10min', 64.3, 125, 895],
      ['jtwc', 'jtwc-bdeck', '1min', 87.5, 170, 895],
      ['hko', 'hko-bst', '10min', 79.7, 155, 890],
    ]);
    const detail = site.details.get('201330') as Typhoon;
    expect(detail.provenance).toMatchObject({ maxSpeed: 'cma', minPressure: 'cma', peakGrade: 'cma' });
    expect(haiyan.agencies[0]?.points).toHaveLength(detail.points.length);
    for (const a of haiyan.agencies.slice(1)) expect(a.link).toMatchObject({ method: 'track-match', agreeingFixes: expect.any(Number) });
  });
});
