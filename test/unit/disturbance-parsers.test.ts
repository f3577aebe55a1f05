/**
 * The parsers of tropical disturbances: JTWC's advisories (ABPW/ABIO) and formation alerts (.tcw ALERT and text),
 * invest tracks from b-decks, NHC's Tropical Weather Outlook. Each is checked against exact values read from the
 * files: the project's own fixtures in the same formats, verbatim public copies of real bulletins kept as
 * fixtures (demo/upstream/{jtwc,nhc}/SOURCES.md); the recorded samples in test/real-data/disturbance-parsers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { investTrack } from '../../src/upstream/invest-track.ts';
import { parseJtwcAdvisory } from '../../src/upstream/jtwc-advisory.ts';
import { parseJtwcTcfa, parseJtwcTcfaText } from '../../src/upstream/jtwc-tcfa.ts';
import { parseNhcOutlook } from '../../src/upstream/nhc-outlook.ts';
import { investTrackSchema, nhcOutlookSchema } from '../../src/model/disturbance-product-schemas.ts';
import { greatCircleKm } from '../../src/model/geo.ts';
import { ShapeError } from '../../src/model/parse-problems.ts';
import { dayTimeNear } from '../../src/model/time.ts';
import { advisory, alertOf, disturbances, messages } from '../helpers/disturbance-parsing.ts';
import { OWN_PAYLOADS } from '../helpers/mock.ts';
import { read } from '../helpers/read-text.ts';

const jtwc = (file: string) => read(OWN_PAYLOADS, 'jtwc', file);
const nhc = (file: string) => read(OWN_PAYLOADS, 'nhc', file);

describe('time groups without month or year', () => {
  it('take the date nearest the anchor, in the month before or after when that is nearer', () => {
    expect(dayTimeNear(31, 18, 0, new Date('2026-04-01T18:00:00Z'))?.toISOString()).toBe('2026-03-31T18:00:00.000Z');
    expect(dayTimeNear(1, 6, 0, new Date('2026-08-31T22:00:00Z'))?.toISOString()).toBe('2026-09-01T06:00:00.000Z');
    expect(dayTimeNear(22, 8, 0, new Date('2026-08-22T13:00:00Z'))?.toISOString()).toBe('2026-08-22T08:00:00.000Z');
    // 31 Dec is 15 days before the anchor, 31 Jan 16 days after it.
    expect(dayTimeNear(31, 0, 0, new Date('2026-01-15T00:00:00Z'))?.toISOString()).toBe('2025-12-31T00:00:00.000Z');
    // A day the anchor's month does not have is taken from a month that has it.
    expect(dayTimeNear(30, 12, 0, new Date('2026-02-27T00:00:00Z'))?.toISOString()).toBe('2026-01-30T12:00:00.000Z');
    expect(dayTimeNear(1, 0, 0, new Date('2026-12-31T20:00:00Z'))?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('JTWC significant tropical weather advisory: own fixtures', () => {
  it('a HIGH potential with its formation alert; the validity rolls over into September; a south Pacific invest west of 180', () => {
    const { advisory: a, problems } = advisory(jtwc('own-abpw-high-tcfa.txt'));
    expect(problems).toEqual([]);
    expect(a).toMatchObject({
      product: 'ABPW10',
      issuer: 'PGTW',
      issuedAt: '2026-08-31T22:00:00Z',
      reissued: true,
      validFrom: '2026-08-31T22:00:00Z',
      validUntil: '2026-09-01T06:00:00Z',
      references: [{ letter: 'A', time: '2026-08-31T21:30:00Z' }],
    });
    expect(
      a.areas.map((area) => [area.paragraph, area.region, area.cyclones.stated, area.disturbances.stated, area.disturbances.noOthers]),
    ).toEqual([
      [1, 'western-north-pacific', 'none', 'listed', true],
      [2, 'south-pacific', 'none', 'listed', true],
    ]);
    expect(disturbances(a)).toEqual([
      {
        paragraph: '1.B.(1)',
        system: { id: '98W', number: 98, basin: 'WP', invest: true },
        label: 'INVEST',
        status: 'suspect',
        previousPosition: { lat: 15.8, lng: 134.2 },
        position: { lat: 16.4, lng: 132.9 },
        wind: { kt: { from: 25, to: 30 }, ms: { from: 12.9, to: 15.4 }, period: '1min' },
        pressureMb: 1002,
        potential: { level: 'HIGH', withinHours: 24, change: 'upgraded' },
        formationAlert: { heading: 'WTPN21 PGTW', issuedAt: '2026-08-31T21:30:00Z', reference: 'A' },
        becameStorm: null,
      },
      {
        paragraph: '1.B.(2)',
        system: { id: '99W', number: 99, basin: 'WP', invest: true },
        label: 'INVEST',
        status: 'suspect',
        previousPosition: null,
        position: { lat: 8.1, lng: 151.6 },
        wind: { kt: { from: 15, to: 20 }, ms: { from: 7.7, to: 10.3 }, period: '1min' },
        pressureMb: 1008,
        potential: { level: 'MEDIUM', withinHours: 24, change: 'stated' },
        formationAlert: null,
        becameStorm: null,
      },
      {
        paragraph: '2.B.(1)',
        system: { id: '93P', number: 93, basin: 'SH', invest: true },
        label: 'INVEST',
        status: 'suspect',
        previousPosition: null,
        position: { lat: -15.2, lng: -178.4 },
        wind: { kt: { from: 20, to: 25 }, ms: { from: 10.3, to: 12.9 }, period: '1min' },
        pressureMb: 1004,
        potential: { level: 'LOW', withinHours: 24, change: 'stated' },
        formationAlert: null,
        becameStorm: null,
      },
    ]);
  });

  it('a cancelled, a dissipated and a dropped area: no current position, nothing estimated', () => {
    const { advisory: a, problems } = advisory(jtwc('own-abpw-cancelled.txt'));
    expect(problems).toEqual([]);
    expect(a).toMatchObject({ issuedAt: '2026-09-04T06:00:00Z', reissued: false, validUntil: '2026-09-05T06:00:00Z' });
    expect(
      disturbances(a).map((d) => [d.system?.id, d.status, d.previousPosition, d.position, d.wind, d.potential, d.formationAlert]),
    ).toEqual([
      [
        '98W',
        'cancelled',
        { lat: 17.9, lng: 129.6 },
        null,
        null,
        null,
        { heading: 'WTPN21 PGTW', issuedAt: '2026-09-04T06:00:00Z', reference: 'A' },
      ],
      ['99W', 'dissipated', { lat: 9, lng: 149.2 }, null, null, null, null],
      ['97W', 'dropped', { lat: 22, lng: 140.1 }, null, null, null, null],
    ]);
  });

  it("a cyclone's name that is no name ((ALL-CLEAR), (NO-NEED-TO-EVACUATE)) is left out and in `rejected`", () => {
    const text = jtwc('own-abpw-warning.txt').replace('(KOMPASU)', '(NO-NEED-TO-EVACUATE)').replace('(TWENTYFIVE)', '(ALL-CLEAR)');
    const { advisory: a, rejected } = advisory(text);
    expect(a.areas[0]?.cyclones.items.map((c) => [c.system?.id, c.name, c.windKt])).toEqual([
      ['24W', null, 45],
      ['25W', null, 30],
    ]);
    expect(rejected.map((r) => [r.kind, r.storm, r.field, r.reason])).toEqual([
      ['cyclone-name', '24W', 'cyclone 1.A.(1)', 'word'],
      ['cyclone-name', '25W', 'cyclone 1.A.(2)', 'word'],
    ]);
    expect(advisory(jtwc('own-abpw-warning.txt')).rejected).toEqual([]);
  });

  it('a disturbance now under a warning is linked to the cyclone it became; a subtropical depression; the cyclones in full', () => {
    const { advisory: a, problems } = advisory(jtwc('own-abpw-warning.txt'));
    expect(problems).toEqual([]);
    const [wnp] = a.areas;
    expect(wnp?.cyclones.noOthers).toBe(true);
    expect(wnp?.cyclones.items).toEqual([
      {
        paragraph: '1.A.(1)',
        system: { id: '24W', number: 24, basin: 'WP', invest: false },
        name: 'KOMPASU',
        classification: 'TROPICAL STORM',
        time: '2026-10-10T00:00:00Z',
        position: { lat: 18.2, lng: 121.9 },
        movement: { toward: 'WNW', speedKt: 12, speedKmh: 22 },
        windKt: 45,
        gustKt: 55,
        windMs: 23.2,
        warning: { heading: 'WTPN31 PGTW', issuedAt: '2026-10-10T03:00:00Z', reference: 'A' },
      },
      {
        paragraph: '1.A.(2)',
        system: { id: '25W', number: 25, basin: 'WP', invest: false },
        name: 'TWENTYFIVE',
        classification: 'TROPICAL DEPRESSION',
        time: '2026-10-10T00:00:00Z',
        position: { lat: 13.4, lng: 163 },
        movement: { toward: 'NNW', speedKt: 8, speedKmh: 15 },
        windKt: 30,
        gustKt: 40,
        windMs: 15.4,
        warning: { heading: 'WTPN32 PGTW', issuedAt: '2026-10-10T03:00:00Z', reference: 'B' },
      },
    ]);
    expect(disturbances(a)).toMatchObject([
      {
        paragraph: '1.B.(1)',
        system: { id: '91W' },
        status: 'warning',
        previousPosition: { lat: 12.9, lng: 163.6 },
        position: null,
        becameStorm: {
          paragraph: '1.A.(2)',
          system: { id: '25W', number: 25, basin: 'WP', invest: false },
          name: 'TWENTYFIVE',
          classification: 'TROPICAL DEPRESSION',
        },
      },
      {
        paragraph: '1.C.(1)',
        system: { id: '01C', number: 1, basin: 'CP', invest: false },
        label: 'SD',
        status: 'suspect',
        previousPosition: { lat: 38.5, lng: 178.8 },
        position: { lat: 38.4, lng: 176.4 },
        pressureMb: 1000,
        potential: { level: 'LOW', change: 'remains' },
      },
    ]);
  });

  it('a previous position more than 1000 km from the current one (a hemisphere slip, as in a real 90E alert) is left out', () => {
    const { advisory: a, problems } = advisory(jtwc('own-abpw-high-tcfa.txt').replace('15.8N 134.2E IS NOW', '15.8N 134.2W IS NOW'));
    expect(disturbances(a)[0]).toMatchObject({ previousPosition: null, position: { lat: 16.4, lng: 132.9 } });
    expect(problems).toEqual([
      { line: 11, message: 'disturbance 1.B.(1): its previous position is 9815 km from its current one: previous position left out' },
    ]);
  });

  it('nothing to report: every section NONE, and a validity that names both months', () => {
    const { advisory: a, problems } = advisory(jtwc('own-abio-nothing.txt'));
    expect(problems).toEqual([]);
    expect(a).toMatchObject({
      product: 'ABIO10',
      issuedAt: '2027-03-31T18:00:00Z',
      validFrom: '2027-03-31T18:00:00Z',
      validUntil: '2027-04-01T18:00:00Z',
      references: [],
    });
    expect(a.areas.map((area) => area.region)).toEqual(['north-indian', 'south-indian']);
    for (const area of a.areas) {
      for (const section of [area.cyclones, area.disturbances, area.subtropical])
        expect(section).toEqual({ stated: 'none', items: [], noOthers: false });
    }
  });

  it('refuses what is not an advisory, and reports a paragraph it cannot read instead of guessing', () => {
    expect(() => parseJtwcAdvisory(jtwc('own-wp9326web.txt'))).toThrow(ShapeError);
    expect(() => parseJtwcAdvisory('ABPW10 PGTW 221500\nSUBJ/NO PERIOD//\nRMKS/\n')).toThrow(/validity period/);
    const broken = jtwc('own-abpw-high-tcfa.txt')
      .replace('IS NOW LOCATED NEAR 16.4N 132.9E', 'IS NOW LOCATED NEAR 16.4X 132.9E')
      .replace('25 TO 30 KNOTS', '30 TO 25 KNOTS');
    const { advisory: a, problems } = advisory(broken);
    const [d] = disturbances(a);
    expect(d).toMatchObject({ position: null, wind: null, previousPosition: { lat: 15.8, lng: 134.2 }, potential: { level: 'HIGH' } });
    expect(messages(problems)).toEqual([
      '"IS NOW LOCATED NEAR" is followed by "16.4X 132.9E, APPROXIMATELY 52", not a position: left out',
      'the estimated wind 30 TO 25 KNOTS runs backwards: left out',
    ]);
    expect(problems.map((p) => p.line)).toEqual([11, 11]);
  });
});

describe('JTWC significant tropical weather advisory: recorded bulletins (public copies)', () => {
  it('20 Aug 06Z: 95W upgraded to HIGH with formation alert WTPN21 PGTW 200600 (REF B); 96W in the subtropical section', () => {
    const { advisory: a, problems } = advisory(jtwc('abpwweb.2026-08-20T0600Z.txt'));
    expect(problems).toEqual([]);
    expect(a).toMatchObject({
      issuedAt: '2026-08-20T06:00:00Z',
      reissued: false,
      validFrom: '2026-08-20T06:00:00Z',
      validUntil: '2026-08-21T06:00:00Z',
    });
    expect(a.references).toEqual([
      { letter: 'A', time: '2026-08-20T01:51:00Z' },
      { letter: 'B', time: '2026-08-20T05:51:00Z' },
    ]);
    expect(
      disturbances(a).map((d) => [
        d.paragraph,
        d.system?.id,
        d.status,
        d.previousPosition,
        d.position,
        d.wind?.kt,
        d.pressureMb,
        d.potential,
        d.formationAlert,
      ]),
    ).toEqual([
      [
        '1.B.(1)',
        '94W',
        'suspect',
        { lat: 23, lng: 126.7 },
        { lat: 23.9, lng: 127.1 },
        { from: 18, to: 23 },
        1003,
        { level: 'LOW', withinHours: 24, change: 'remains' },
        null,
      ],
      [
        '1.B.(2)',
        '95W',
        'suspect',
        { lat: 19.5, lng: 111.8 },
        { lat: 19.6, lng: 110.3 },
        { from: 23, to: 28 },
        999,
        { level: 'HIGH', withinHours: 24, change: 'upgraded' },
        { heading: 'WTPN21 PGTW', issuedAt: '2026-08-20T06:00:00Z', reference: 'B' },
      ],
      [
        '1.C.(1)',
        '96W',
        'suspect',
        { lat: 33.2, lng: 164.1 },
        { lat: 35.6, lng: 160.9 },
        { from: 28, to: 33 },
        1005,
        { level: 'LOW', withinHours: 24, change: 'remains' },
        null,
      ],
    ]);
  });

  it('19 Aug 06Z: two invests "previously" at the same position, and one wind given twice differently: those values left out', () => {
    const { advisory: a, problems } = advisory(jtwc('abpwweb.2026-08-19T0600Z.txt'));
    expect(
      disturbances(a).map((d) => [d.system?.id, d.previousPosition, d.position, d.wind?.kt ?? null, d.pressureMb, d.potential?.level]),
    ).toEqual([
      ['94W', null, { lat: 22.5, lng: 128.3 }, null, 1002, 'LOW'],
      ['95W', null, { lat: 19, lng: 114.2 }, { from: 18, to: 23 }, 1000, 'MEDIUM'],
    ]);
    expect(problems).toEqual([
      { line: 18, message: 'the estimated wind is given differently in one paragraph (20 TO 25 KNOTS and 28 TO 32 KNOTS): left out' },
      { line: 18, message: "disturbance 1.B.(1): its previous position is also another disturbance's: left out" },
      { line: 38, message: "disturbance 1.B.(2): its previous position is also another disturbance's: left out" },
    ]);
  });

  it('19 Aug 1030Z: a latitude written without decimals (23N); an invest in the subtropical section, NO OTHER SUBTROPICAL SYSTEMS', () => {
    const { advisory: a, problems } = advisory(jtwc('abpwweb.2026-08-19T1030Z.txt'));
    expect(disturbances(a).map((d) => [d.paragraph, d.system?.id, d.previousPosition, d.position, d.wind?.kt ?? null])).toEqual([
      ['1.B.(1)', '94W', { lat: 22.5, lng: 128.3 }, { lat: 23, lng: 126.7 }, null],
      ['1.B.(2)', '95W', { lat: 19, lng: 114.2 }, { lat: 19.5, lng: 111.8 }, { from: 18, to: 23 }],
      ['1.C.(1)', '96W', null, { lat: 33.2, lng: 164.1 }, { from: 33, to: 38 }],
    ]);
    expect(a.areas[0]?.subtropical).toMatchObject({ stated: 'listed', noOthers: true });
    expect(a.areas[0]?.cyclones.items[0]).toMatchObject({
      system: { id: '17W' },
      name: 'SAUDEL',
      time: '2026-08-19T06:00:00Z',
      movement: { toward: 'N', speedKt: 4 },
    });
    expect(problems).toEqual([
      { line: 17, message: 'the estimated wind is given differently in one paragraph (20 TO 25 KNOTS and 23 TO 27 KNOTS): left out' },
    ]);
  });

  it('18 Aug 15Z: a paragraph number at the line start, a cyclone dated 2021, a wind range running backwards; 92W became 17W', () => {
    const { advisory: a, problems } = advisory(jtwc('abpwweb.2026-08-18T1500Z.txt'));
    expect(a.areas[0]?.cyclones.items).toMatchObject([
      {
        paragraph: '1.A.(1)',
        system: { id: '17W' },
        name: 'SEVENTEEN',
        classification: 'TROPICAL DEPRESSION',
        time: null,
        position: { lat: 7.9, lng: 154.9 },
        windKt: 25,
        gustKt: 35,
      },
    ]);
    expect(disturbances(a).map((d) => [d.system?.id, d.status, d.becameStorm?.system?.id ?? null, d.wind?.kt ?? null])).toEqual([
      ['92W', 'warning', '17W', null],
      ['94W', 'suspect', null, { from: 22, to: 27 }],
      ['95W', 'suspect', null, null],
    ]);
    expect(problems).toEqual([
      { line: 9, message: 'cyclone 1.A.(1): its time AT 18AUG21 1200Z is not within the 48 hours before the advisory: left out' },
      { line: 39, message: 'the estimated wind 22 TO 17 KNOTS runs backwards: left out' },
    ]);
  });

  it('21 Aug 01Z: 94W has dissipated', () => {
    const { advisory: a, problems } = advisory(jtwc('abpwweb.2026-08-21T0100Z.txt'));
    expect(problems).toEqual([]);
    expect(disturbances(a).map((d) => [d.system?.id, d.status, d.previousPosition, d.position])).toEqual([
      ['94W', 'dissipated', { lat: 23.9, lng: 127.1 }, null],
      ['96W', 'suspect', { lat: 33.2, lng: 164.1 }, { lat: 35.6, lng: 160.9 }],
    ]);
  });

  it('22 Aug 08Z: REF C dated June 2021 is left out; 97W HIGH under WTPN21 PGTW 220800', () => {
    const { advisory: a, problems } = advisory(jtwc('abpwweb.2026-08-22T0800Z.txt'));
    expect(a.references).toEqual([
      { letter: 'A', time: '2026-08-22T01:51:00Z' },
      { letter: 'B', time: '2026-08-22T01:52:00Z' },
      { letter: 'C', time: null },
    ]);
    expect(problems).toEqual([
      { line: 7, message: 'REF C: the time group "220753ZJUN2021" is not within the 30 days before the bulletin: left out' },
    ]);
    expect(disturbances(a)[1]).toMatchObject({
      system: { id: '97W' },
      previousPosition: { lat: 10.2, lng: 136.6 },
      position: { lat: 11.2, lng: 135.9 },
      potential: { level: 'HIGH', change: 'upgraded' },
      formationAlert: { heading: 'WTPN21 PGTW', issuedAt: '2026-08-22T08:00:00Z', reference: 'C' },
    });
  });
});

describe('JTWC formation alert', () => {
  it('own .tcw across the antimeridian: 0–360°E machine lines, a box with corners on both sides of 180', () => {
    const { alert, problems } = alertOf(parseJtwcTcfa(jtwc('own-wp9326.tcw'), { productId: 'wp9326' }));
    expect(problems).toEqual([]);
    expect(alert).toMatchObject({
      form: 'jmv',
      heading: 'WTPN21 PGTW',
      system: { id: '93W', number: 93, basin: 'WP', invest: true },
      reissued: false,
      baseTime: '2026-11-05T12:00:00Z',
      issuedAt: '2026-11-05T14:00:00Z',
      expiresAt: '2026-11-06T14:00:00Z',
      line: { from: { lat: 10.5, lng: 178 }, to: { lat: 13.5, lng: -176 } },
      halfWidthNm: 120,
      halfWidthKm: 222.24,
      centre: { lat: 10.6, lng: 178.2, time: '2026-11-05T12:00:00Z' },
      movement: { toward: 'ENE', speedKt: 8, speedKmh: 15 },
      formationWithinHours: { from: 12, to: 24 },
      wind: { kt: { from: 25, to: 30 }, ms: { from: 12.9, to: 15.4 }, period: '1min' },
      pressureMb: 1003,
      potential: { level: 'HIGH', withinHours: 24, change: 'stated' },
    });
    expect(alert.box).toEqual([
      { lat: 8.7169, lng: 178.9332 },
      { lat: 11.6971, lng: -175.0977 },
      { lat: 15.2993, lng: -176.916 },
      { lat: 12.2802, lng: 177.056 },
    ]);
    expect(alert.history.map((p) => [p.time, p.lat, p.lng, p.windKt])).toEqual([
      ['2026-11-04T18:00:00Z', 9.8, 177.1, 20],
      ['2026-11-05T00:00:00Z', 10, 177.5, 20],
      ['2026-11-05T06:00:00Z', 10.2, 177.8, 25],
      ['2026-11-05T12:00:00Z', 10.6, 178.2, 25],
    ]);
  });

  it('the box: each corner the half-width from its end of the line, at right angles to it, counter-clockwise', () => {
    const { alert } = parseJtwcTcfa(jtwc('own-wp9326.tcw'));
    const [startRight, endRight, endLeft, startLeft] = alert.box ?? [];
    const { from, to } = alert.line!;
    // On the sphere of greatCircleKm the ellipsoid's 222.24 km are within 0.5 %.
    for (const [corner, end] of [
      [startRight, from],
      [startLeft, from],
      [endRight, to],
      [endLeft, to],
    ] as const) {
      expect(Math.abs(greatCircleKm(corner!, end) - 222.24)).toBeLessThan(1.2);
    }
    // Right angles: a corner is as far from the other end as Pythagoras says.
    const length = greatCircleKm(from, to);
    expect(Math.abs(greatCircleKm(startRight!, to) - Math.hypot(length, 222.24))).toBeLessThan(3);
    // Counter-clockwise in an unrolled plane (longitudes east of 180 continued past it): positive shoelace area.
    const ring = alert.box!.map((p) => [p.lng < 0 ? p.lng + 360 : p.lng, p.lat] as const);
    const area = ring.reduce((sum, [x1, y1], i) => {
      const [x2, y2] = ring[(i + 1) % ring.length]!;
      return sum + x1 * y2 - x2 * y1;
    }, 0);
    expect(area).toBeGreaterThan(0);
  });

  it('own text form of the same alert: the same values, months from the anchor', () => {
    const { alert, problems } = alertOf(parseJtwcTcfaText(jtwc('own-wp9326web.txt'), { anchor: new Date('2026-11-05T14:20:00Z') }));
    const { alert: jmv } = parseJtwcTcfa(jtwc('own-wp9326.tcw'), { productId: 'wp9326' });
    expect(problems).toEqual([]);
    expect({ ...alert, form: 'jmv', baseTime: jmv.baseTime, history: jmv.history }).toEqual(jmv);
    expect(alert).toMatchObject({ form: 'text', baseTime: null, history: [], system: { id: '93W' } });
  });

  it('a real .tcw whose text lags its machine lines (90E reissued): the machine lines are used and the difference reported', () => {
    const { alert, problems } = alertOf(parseJtwcTcfa(jtwc('ep9026.2026-08-20T1300Z.tcw'), { productId: 'ep9026' }));
    expect(alert).toMatchObject({
      system: { id: '90E', basin: 'EP' },
      reissued: true,
      baseTime: '2026-08-20T06:00:00Z',
      issuedAt: '2026-08-20T13:00:00Z',
      expiresAt: '2026-08-21T13:00:00Z',
      line: { from: { lat: 10.8, lng: -140.9 }, to: { lat: 12.8, lng: -144.9 } },
      halfWidthNm: 120,
      halfWidthKm: 222.24,
      centre: { lat: 10.9, lng: -141.1, time: '2026-08-20T06:00:00Z' },
      movement: { toward: 'WNW', speedKt: 12 },
      pressureMb: 999,
      references: [{ letter: 'A', time: '2026-08-19T13:00:00Z' }],
    });
    expect(problems).toEqual([
      {
        line: 15,
        message:
          "the text's alert line (9.3N 136.4W to 11.7N 144.1W, 160 NM) differs from the machine lines' (10.8N 140.9W to 12.8N 144.9W, 120 NM): the machine lines' is used",
      },
    ]);
  });

  it('a real .tcw and its text bulletin that disagree (97W): 120 NM in the machine lines, 140 NM in both texts; two winds in the text', () => {
    const tcw = alertOf(parseJtwcTcfa(jtwc('wp9726.2026-08-22T0800Z.tcw'), { productId: 'wp9726' }));
    expect(tcw.alert).toMatchObject({
      halfWidthNm: 120,
      line: { from: { lat: 11.1, lng: 135.6 }, to: { lat: 15.1, lng: 138.6 } },
      pressureMb: 1005,
      expiresAt: '2026-08-23T08:00:00Z',
    });
    expect(messages(tcw.problems)).toEqual([
      "the text's alert line (11.1N 135.8E to 14.5N 138.4E, 140 NM) differs from the machine lines' (11.1N 135.6E to 15.1N 138.6E, 120 NM): the machine lines' is used",
    ]);
    const text = alertOf(parseJtwcTcfaText(jtwc('wp9726web.2026-08-22T0800Z.txt'), { anchor: new Date('2026-08-22T13:00:00Z') }));
    expect(text.alert).toMatchObject({
      form: 'text',
      system: { id: '97W' },
      issuedAt: '2026-08-22T08:00:00Z',
      halfWidthNm: 140,
      halfWidthKm: 259.28,
      line: { from: { lat: 11.1, lng: 135.8 }, to: { lat: 14.5, lng: 138.4 } },
      centre: { lat: 11.4, lng: 135.9, time: '2026-08-22T06:00:00Z' },
      wind: null,
      pressureMb: 1004,
    });
    expect(messages(text.problems)).toEqual([
      'the estimated wind is given differently in one paragraph (18 TO 23 KNOTS and 17 TO 22 KNOTS): left out',
    ]);
  });

  it('a real .tcw whose history opens with 8 days at a placeholder position (92E, WTPN22): those fixes left out', () => {
    const { alert, problems } = alertOf(parseJtwcTcfa(jtwc('ep9226.2026-08-22T1300Z.tcw'), { productId: 'ep9226' }));
    expect(alert).toMatchObject({
      heading: 'WTPN22 PHNC',
      system: { id: '92E' },
      issuedAt: '2026-08-22T13:00:00Z',
      references: [{ letter: 'A', time: '2026-08-22T07:00:00Z' }],
    });
    expect(alert.history.map((p) => [p.time, p.lat, p.lng, p.windKt])).toEqual([
      ['2026-08-21T18:00:00Z', 10.8, -106.4, 20],
      ['2026-08-22T00:00:00Z', 11.4, -107.5, 20],
      ['2026-08-22T06:00:00Z', 12, -108.6, 20],
    ]);
    expect(problems).toEqual([
      {
        line: 1,
        message: 'the history holds 10N 105W from 2026-08-13T00:00:00Z to 2026-08-21T12:00:00Z (35 fixes): a placeholder, left out',
      },
    ]);
  });

  it('a real first alert as text (90E): the invest named in SUBJ, no REF', () => {
    const { alert, problems } = alertOf(
      parseJtwcTcfaText(jtwc('ep9026web.2026-08-19T1300Z.txt'), { anchor: new Date('2026-08-19T16:00:00Z') }),
    );
    expect(problems).toEqual([]);
    expect(alert).toMatchObject({
      heading: 'WTPN21 PHNC',
      system: { id: '90E', basin: 'EP' },
      reissued: false,
      issuedAt: '2026-08-19T13:00:00Z',
      expiresAt: '2026-08-20T13:00:00Z',
      line: { from: { lat: 9.3, lng: -136.4 }, to: { lat: 11.7, lng: -144.1 } },
      halfWidthKm: 296.32,
      centre: { lat: 9.4, lng: -136.9, time: '2026-08-19T12:00:00Z' },
      wind: { kt: { from: 27, to: 32 } },
      pressureMb: 999,
      references: [],
    });
  });

  it('an IO or SH product id does not tell the designator letter; a warning .tcw is not an alert', () => {
    const { alert, problems } = parseJtwcTcfa(jtwc('own-wp9326.tcw'), { productId: 'sh9326' });
    expect(alert.system).toBeNull();
    expect(messages(problems)).toEqual(['the designator letter of sh9326 (A or B, S or P) is not in the product id: system left out']);
    expect(() => parseJtwcTcfa(jtwc('sh0624.tcw'))).toThrow(ShapeError);
    expect(() => parseJtwcTcfaText(jtwc('sh0624web.txt'), { anchor: new Date('2024-01-31T00:00:00Z') })).toThrow(ShapeError);
  });
});

describe('invest tracks from b-decks', () => {
  it('own 93W deck: one point per time, W longitudes past 180, pressure 0 as unknown, knots and m/s', () => {
    const { track, problems } = investTrack(jtwc('own-bwp932026.dat'));
    expect(problems).toEqual([]);
    investTrackSchema.parse(track);
    expect(track).toMatchObject({ atcfId: 'wp932026', basin: 'WP', number: 93, year: 2026, windPeriod: '1min' });
    expect(track?.points.map((p) => [p.time, p.lat, p.lng, p.windKt, p.windMs, p.pressureMb, p.type])).toEqual([
      ['2026-11-04T18:00:00Z', 9.8, 177.1, 20, 10.3, 1006, 'DB'],
      ['2026-11-05T00:00:00Z', 10, 177.5, 20, 10.3, 1005, 'DB'],
      ['2026-11-05T06:00:00Z', 10.2, 177.8, 25, 12.9, 1004, 'DB'],
      ['2026-11-05T12:00:00Z', 10.6, 178.2, 25, 12.9, 1003, 'DB'],
      ['2026-11-05T18:00:00Z', 11, 178.7, 30, 15.4, null, 'TD'],
      ['2026-11-06T00:00:00Z', 11.5, 179.4, 35, 18, 999, 'TS'],
      ['2026-11-06T06:00:00Z', 12, -179.9, 35, 18, 998, 'TS'],
      ['2026-11-06T12:00:00Z', 12.6, -179.2, 40, 20.6, 996, 'TS'],
    ]);
  });

  it('own SH deck first seen in December: the season year (sh962026); a wind of 0 is unknown', () => {
    const { track } = investTrack(jtwc('own-bsh962026.dat'));
    expect(track).toMatchObject({ atcfId: 'sh962026', year: 2026 });
    expect(track?.points[2]).toEqual({
      time: '2025-12-31T06:00:00Z',
      lat: -11.9,
      lng: 83.3,
      windKt: null,
      windMs: null,
      pressureMb: null,
      type: 'LO',
    });
  });

  it('a numbered storm, or rows of two systems, are not an invest track', () => {
    expect(investTrack(nhc('bal132025.dat'))).toMatchObject({
      track: null,
      problems: [{ line: 1, message: 'AL 13 is not an invest (numbers 90–99)' }],
    });
    const mixed = `${jtwc('own-bwp932026.dat')}${jtwc('own-bsh962026.dat')}`;
    expect(investTrack(mixed)).toEqual({
      track: null,
      problems: [{ line: 1, message: 'the deck holds rows of WP93, SH96: not one system' }],
    });
    expect(investTrack('')).toEqual({ track: null, problems: [{ line: 1, message: 'the deck has no ATCF rows' }] });
  });
});

describe('NHC Tropical Weather Outlook (public copies of real bulletins)', () => {
  const outlook = (file: string) => {
    const result = parseNhcOutlook(nhc(file));
    nhcOutlookSchema.parse(result.outlook);
    expect(result.problems).toEqual([]);
    return result.outlook;
  };

  it('East Pacific 19 Aug 1140Z: Active Systems, an EP invest in the Central Pacific, "near 0 percent"', () => {
    expect(outlook('two-ep.2026-08-19T1140Z.txt')).toEqual({
      heading: 'ABPZ20 KNHC 191140',
      basin: 'eastern-north-pacific',
      issuedAt: '2026-08-19T12:00:00Z',
      activeSystems: true,
      formationNotExpected: false,
      areas: [
        {
          title: 'Central Pacific',
          invest: { id: 'EP90', basin: 'EP', number: 90 },
          chance48h: { level: 'high', percent: 70, approximate: false },
          chance7d: { level: 'high', percent: 80, approximate: false },
        },
        {
          title: 'South-Southwest of Mexico',
          invest: null,
          chance48h: { level: 'low', percent: 0, approximate: true },
          chance7d: { level: 'high', percent: 80, approximate: false },
        },
      ],
    });
  });

  it('East Pacific 21 Aug 1739Z and Atlantic 22 Aug 1713Z: three areas each', () => {
    const ep = outlook('two-ep.2026-08-21T1739Z.txt');
    expect(ep.issuedAt).toBe('2026-08-21T18:00:00Z');
    expect(ep.areas.map((a) => [a.title, a.invest?.id ?? null, a.chance48h?.percent, a.chance7d?.percent])).toEqual([
      ['South-Southwest of Mexico', null, 20, 50],
      ['Central East Pacific', 'EP91', 60, 80],
      ['Well Southwest of Southwestern Mexico', null, 0, 20],
    ]);
    const at = outlook('two-at.2026-08-22T1713Z.txt');
    expect(at).toMatchObject({
      heading: 'ABNT20 KNHC 221713',
      basin: 'atlantic',
      issuedAt: '2026-08-22T18:00:00Z',
      activeSystems: false,
      formationNotExpected: false,
    });
    expect(at.areas.map((a) => [a.title, a.chance48h, a.chance7d])).toEqual([
      ['Northeastern Atlantic', { level: 'low', percent: 20, approximate: false }, { level: 'low', percent: 20, approximate: false }],
      [
        'Central Subtropical Atlantic',
        { level: 'low', percent: 10, approximate: false },
        { level: 'low', percent: 20, approximate: false },
      ],
      ['Eastern Tropical Atlantic', { level: 'low', percent: 0, approximate: true }, { level: 'medium', percent: 40, approximate: false }],
    ]);
  });

  it('Atlantic 18 Aug 1724Z: an all-clear with no areas (200 PM EDT is 18:00 UTC)', () => {
    expect(outlook('two-at.2026-08-18T1724Z.txt')).toEqual({
      heading: 'ABNT20 KNHC 181724',
      basin: 'atlantic',
      issuedAt: '2026-08-18T18:00:00Z',
      activeSystems: false,
      formationNotExpected: true,
      areas: [],
    });
  });

  it('a heading that is not a title, or a chance that cannot be read, is reported and left out', () => {
    const text = nhc('two-ep.2026-08-19T1140Z.txt')
      .replace('South-Southwest of Mexico:', 'South-Southwest of Mexico <b>now</b>:')
      .replace('...high...70 percent', '...high...seventy percent');
    const { outlook: o, problems, rejected } = parseNhcOutlook(text);
    expect(o.areas.map((a) => [a.title, a.chance48h])).toEqual([
      ['Central Pacific', null],
      [null, { level: 'low', percent: 0, approximate: true }],
    ]);
    expect(problems).toEqual([{ line: 14, message: 'the area has no readable 48-hour formation chance' }]);
    expect(rejected).toMatchObject([{ kind: 'outlook-title', field: 'area title', line: 25, reason: 'markup' }]);
    expect(() => parseNhcOutlook(jtwc('own-abio-nothing.txt'))).toThrow(ShapeError);
  });

  it("keeps a title only in the shape of NHC's area titles: a claim or a link is left out, the area kept", () => {
    for (const file of [
      'two-at.2026-08-18T1724Z.txt',
      'two-at.2026-08-22T1713Z.txt',
      'two-ep.2026-08-19T1140Z.txt',
      'two-ep.2026-08-21T1739Z.txt',
    ])
      expect(parseNhcOutlook(nhc(file)).rejected, file).toEqual([]);
    const text = nhc('two-ep.2026-08-21T1739Z.txt')
      .replace('South-Southwest of Mexico:', 'See evil.example/typhoon for the real warning:')
      .replace('Central East Pacific (EP91):', 'Hurricane warning cancelled, no need to evacuate (EP91):')
      .replace('Well Southwest of Southwestern Mexico:', 'South of Southern Mexico Totally Harmless:');
    const { outlook: o, rejected } = parseNhcOutlook(text);
    expect(o.areas.map((a) => [a.title, a.invest?.id ?? null, a.chance7d?.percent])).toEqual([
      [null, null, 50],
      [null, 'EP91', 80],
      [null, null, 20],
    ]);
    expect(rejected.map((r) => [r.kind, r.reason])).toEqual([
      ['outlook-title', 'link'],
      ['outlook-title', 'word'],
      ['outlook-title', 'shape'],
    ]);
  });
});
