/**
 * The parsers of tropical disturbances on the recorded samples: JTWC's advisories, formation alert and b-decks, and
 * the sample ATCF b-decks' invest tracks. On the own fixtures and public copies of real bulletins:
 * test/unit/disturbance-parsers.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { investTrackSchema } from '../../src/model/disturbance-product-schemas.ts';
import { parseAtcfDeck } from '../../src/upstream/atcf.ts';
import { atcfIdYear, investTrack } from '../../src/upstream/invest-track.ts';
import { parseJtwcTcfa } from '../../src/upstream/jtwc-tcfa.ts';
import { parseJtwcRss } from '../../src/upstream/jtwc.ts';
import { advisory, alertOf, disturbances, messages } from '../helpers/disturbance-parsing.ts';
import { read } from '../helpers/read-text.ts';
import { describeRealData } from '../helpers/real-data.ts';

describeRealData('upstream', 'recorded JTWC disturbance products', (SHARED) => {
  it('abpwweb.txt: the 22 Aug 15Z reissue, REF C unreadable, 94W LOW, 97W became tropical depression 19W', () => {
    const { advisory: a, problems } = advisory(read(SHARED, 'jtwc/abpwweb.txt'));
    expect(a).toMatchObject({
      product: 'ABPW10',
      issuedAt: '2026-08-22T15:00:00Z',
      reissued: true,
      validFrom: '2026-08-22T15:00:00Z',
      validUntil: '2026-08-23T06:00:00Z',
    });
    expect(a.references).toEqual([
      { letter: 'A', time: '2026-08-22T13:51:00Z' },
      { letter: 'B', time: '2026-08-22T13:52:00Z' },
      { letter: 'C', time: null },
    ]);
    expect(problems).toEqual([{ line: 7, message: 'REF C: the time group "2213513AUG2026" cannot be read: left out' }]);
    expect(
      a.areas[0]?.cyclones.items.map((c) => [
        c.system?.id,
        c.name,
        c.classification,
        c.time,
        c.position,
        c.windKt,
        c.gustKt,
        c.warning?.heading,
      ]),
    ).toEqual([
      ['17W', 'SAUDEL', 'TYPHOON', '2026-08-22T12:00:00Z', { lat: 19.6, lng: 144.8 }, 105, 130, 'WTPN31 PGTW'],
      ['18W', 'NARRA', 'TROPICAL DEPRESSION', '2026-08-22T12:00:00Z', { lat: 21, lng: 108 }, 30, 40, 'WTPN32 PGTW'],
      ['19W', 'NINETEEN', 'TROPICAL DEPRESSION', '2026-08-22T12:00:00Z', { lat: 12.2, lng: 135.4 }, 30, 40, 'WTPN33 PGTW'],
    ]);
    expect(disturbances(a)).toEqual([
      {
        paragraph: '1.B.(1)',
        system: { id: '94W', number: 94, basin: 'WP', invest: true },
        label: 'INVEST',
        status: 'suspect',
        previousPosition: { lat: 26.5, lng: 123.7 },
        position: { lat: 26.7, lng: 122.6 },
        wind: { kt: { from: 27, to: 32 }, ms: { from: 13.9, to: 16.5 }, period: '1min' },
        pressureMb: 1000,
        potential: { level: 'LOW', withinHours: 24, change: 'remains' },
        formationAlert: null,
        becameStorm: null,
      },
      {
        paragraph: '1.B.(2)',
        system: { id: '97W', number: 97, basin: 'WP', invest: true },
        label: 'INVEST',
        status: 'warning',
        previousPosition: { lat: 11.4, lng: 135.9 },
        position: null,
        wind: null,
        pressureMb: null,
        potential: null,
        formationAlert: null,
        becameStorm: {
          paragraph: '1.A.(3)',
          system: { id: '19W', number: 19, basin: 'WP', invest: false },
          name: 'NINETEEN',
          classification: 'TROPICAL DEPRESSION',
        },
      },
    ]);
    expect(a.areas.map((area) => [area.region, area.disturbances.noOthers, area.subtropical.stated])).toEqual([
      ['western-north-pacific', true, 'none'],
      ['south-pacific', false, 'none'],
    ]);
  });

  it('abioweb.txt: nothing in either Indian Ocean area', () => {
    const { advisory: a, problems } = advisory(read(SHARED, 'jtwc/abioweb.txt'));
    expect(problems).toEqual([]);
    expect(a).toMatchObject({
      product: 'ABIO10',
      issuedAt: '2026-08-22T18:00:00Z',
      validUntil: '2026-08-23T18:00:00Z',
      reissued: false,
      references: [],
    });
    expect(a.areas.flatMap((area) => [area.cyclones.stated, area.disturbances.stated, area.subtropical.stated])).toEqual(
      Array(6).fill('none'),
    );
  });

  it('the RSS lists the TCFA WTPN21 as ep9126, whose .tcw gives the 91E alert box', () => {
    const tcfa = parseJtwcRss(read(SHARED, 'jtwc/jtwc.2026-08-22T1840Z.rss'), []).find((s) => s.kind === 'tcfa');
    expect(tcfa).toMatchObject({ productId: 'ep9126', kind: 'tcfa', tcwFile: 'ep9126.tcw', warningFile: 'ep9126web.txt' });
    const { alert, problems } = alertOf(parseJtwcTcfa(read(SHARED, 'jtwc', tcfa!.tcwFile!), { productId: tcfa!.productId }));
    expect(problems).toEqual([]);
    expect(alert).toEqual({
      form: 'jmv',
      heading: 'WTPN21 PHNC',
      system: { id: '91E', number: 91, basin: 'EP', invest: true },
      reissued: true,
      baseTime: '2026-08-22T00:00:00Z',
      issuedAt: '2026-08-22T07:00:00Z',
      expiresAt: '2026-08-23T07:00:00Z',
      line: { from: { lat: 9.1, lng: -115.5 }, to: { lat: 15.1, lng: -116.9 } },
      halfWidthNm: 160,
      halfWidthKm: 296.32,
      box: [
        { lat: 9.6835, lng: -112.8669 },
        { lat: 15.6901, lng: -114.2075 },
        { lat: 14.478, lng: -119.5773 },
        { lat: 8.4976, lng: -118.1244 },
      ],
      centre: { lat: 9.3, lng: -115.6, time: '2026-08-22T00:00:00Z' },
      textSays: null,
      movement: { toward: 'W', speedKt: 11, speedKmh: 20 },
      formationWithinHours: { from: 12, to: 24 },
      wind: { kt: { from: 17, to: 22 }, ms: { from: 8.7, to: 11.3 }, period: '1min' },
      pressureMb: 1006,
      potential: { level: 'HIGH', withinHours: 24, change: 'stated' },
      references: [{ letter: 'A', time: '2026-08-21T06:00:00Z' }],
      history: [
        { time: '2026-08-20T00:00:00Z', lat: 9.5, lng: -110, windKt: 15, windMs: 7.7 },
        { time: '2026-08-20T06:00:00Z', lat: 9.2, lng: -111, windKt: 15, windMs: 7.7 },
        { time: '2026-08-20T12:00:00Z', lat: 8.9, lng: -112.1, windKt: 15, windMs: 7.7 },
        { time: '2026-08-20T18:00:00Z', lat: 8.5, lng: -113, windKt: 20, windMs: 10.3 },
        { time: '2026-08-21T00:00:00Z', lat: 8.4, lng: -114, windKt: 20, windMs: 10.3 },
        { time: '2026-08-21T06:00:00Z', lat: 8.4, lng: -114.9, windKt: 20, windMs: 10.3 },
        { time: '2026-08-21T12:00:00Z', lat: 9, lng: -115, windKt: 20, windMs: 10.3 },
        { time: '2026-08-21T18:00:00Z', lat: 9.2, lng: -114.5, windKt: 20, windMs: 10.3 },
        { time: '2026-08-22T00:00:00Z', lat: 9.3, lng: -115.6, windKt: 20, windMs: 10.3 },
      ],
    });
  });

  it('no recorded b-deck of the upstream samples is an invest: their INVEST rows are the early rows of numbered storms', () => {
    const decks = fs.readdirSync(path.join(SHARED, 'atcf')).filter((f) => f.endsWith('.dat'));
    expect(decks.length).toBe(5);
    for (const file of [...decks.map((f) => path.join(SHARED, 'atcf', f)), path.join(SHARED, 'jtwc/bwp092026.ucar.dat')]) {
      const { track, problems } = investTrack(read(file));
      expect(track).toBeNull();
      expect(messages(problems).at(-1)).toMatch(/^[A-Z]{2} \d{2} is not an invest/);
    }
  });
});

describeRealData('decks', 'invest b-decks', (DECKS) => {
  it('bwp992025.dat (99W, April 2025): four 6-hourly points', () => {
    const { track, problems } = investTrack(read(DECKS, 'geoips/bwp992025.dat'));
    expect(problems).toEqual([]);
    investTrackSchema.parse(track);
    expect(track).toEqual({
      atcfId: 'wp992025',
      basin: 'WP',
      number: 99,
      year: 2025,
      windPeriod: '1min',
      points: [
        { time: '2025-04-28T00:00:00Z', lat: 5.9, lng: 131.1, windKt: 15, windMs: 7.7, pressureMb: 1008, type: 'DB' },
        { time: '2025-04-28T06:00:00Z', lat: 6, lng: 131.3, windKt: 15, windMs: 7.7, pressureMb: 1008, type: 'DB' },
        { time: '2025-04-28T12:00:00Z', lat: 6.1, lng: 131.5, windKt: 15, windMs: 7.7, pressureMb: 1008, type: 'DB' },
        { time: '2025-04-28T18:00:00Z', lat: 6.2, lng: 131.7, windKt: 15, windMs: 7.7, pressureMb: 1007, type: 'DB' },
      ],
    });
  });

  it("every sample deck: an invest track only for 99W, and the ATCF id year of each deck is its file name's", () => {
    const files = fs.readdirSync(path.join(DECKS, 'geoips'));
    const invests = files.filter((f) => investTrack(read(DECKS, 'geoips', f)).track);
    expect(invests).toEqual(['bwp992025.dat']);
    for (const file of files) {
      const [first] = parseAtcfDeck(read(DECKS, 'geoips', file)).records;
      expect(`b${first!.basin.toLowerCase()}${first!.number}${atcfIdYear(first!.basin, first!.time)}.dat`).toBe(file);
    }
  });
});
