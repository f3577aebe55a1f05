/** The Zhejiang and NMC normalisers on the recorded payloads; on the project's own: test/unit/live-normalizers.test.ts. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { normalizeNmcList, normalizeNmcView } from '../../src/upstream/nmc-service.ts';
import { activeZjIds, normalizeZjInfo, normalizeZjList } from '../../src/upstream/zj-service.ts';
import { check, now, readJsonp } from '../helpers/live-payloads.ts';
import { describeRealData } from '../helpers/real-data.ts';

describeRealData('upstream', 'normalizeZjInfo on the recorded legacy captures', (dir) => {
  const recorded = (file: string) => readJsonp(dir, file);
  it('FUNG-WONG: 23 points, forecasts of five agencies from the last point', () => {
    const storm = normalizeZjInfo(recorded('zj/TyphoonInfo_201927_FUNG-WONG.legacy-zjwater.json'), now, check());
    expect(storm.points).toHaveLength(23);
    expect(storm.points.at(-1)).toMatchObject({
      time: '2019-11-22T11:00:00+08:00',
      radius7: { ne: 230, se: 180, sw: 150, nw: 200 },
      moveDir: 'N',
    });
    expect(Object.keys(storm.forecasts).sort()).toEqual(['cma', 'cwa', 'hko', 'jma', 'jtwc']);
  });

  it("FUNG-WONG: the motion in km/h, as the service's own text of the same point states it", () => {
    const raw = recorded('zj/TyphoonInfo_201927_FUNG-WONG.legacy-zjwater.json') as { points: { movespeed: string; jl?: string }[] };
    const last = raw.points.at(-1);
    // 2019-11-22 11:00: movespeed "17", and its jl text 「以每小时17公里左右的速度向偏北方向移动」.
    expect(/每小时(\d+)公里/.exec(last?.jl ?? '')?.[1]).toBe(last?.movespeed);
    const storm = normalizeZjInfo(raw, now, check());
    expect(storm.points.at(-1)?.moveSpeed).toBe(17);
  });

  it('MINDULLE: array-wrapped; radii in NE|SE|NW|SW order; the hand-edited land element is ignored', () => {
    const storm = normalizeZjInfo(recorded('zj/TyphoonInfo_202116_MINDULLE.legacy-zjwater.array-wrapped.json'), now, check());
    expect(storm.points).toHaveLength(52);
    expect(storm.points.find((p) => p.time === '2021-09-23T20:00:00+08:00')?.radius7).toEqual({ ne: 250, se: 220, sw: 180, nw: 200 });
    expect(storm.land).toEqual([]);
  });

  describeRealData('archive', 'and the archive', (sources) => {
    it('matches the archive at the same instants (position, wind, pressure)', () => {
      const storm = normalizeZjInfo(recorded('zj/TyphoonInfo_201927_FUNG-WONG.legacy-zjwater.json'), now, check());
      const archive = JSON.parse(fs.readFileSync(path.join(sources, 'zj', '201927.json'), 'utf8').replace(/^\uFEFF/, ''))[0];
      let compared = 0;
      for (const p of archive.points) {
        const live = storm.points.find((q) => q.time === `${p.time}+08:00`);
        if (!live) continue;
        expect([live.lat, live.lng, live.speed, live.pressure]).toEqual([p.lat, p.lng, p.speed, p.pressure]);
        compared += 1;
      }
      expect(compared).toBe(23);
    });
  });

  it('reads activity and season lists', () => {
    expect(activeZjIds(recorded('zj/TyhoonActivity.2016-10-15.legacy-zjwater.json'))).toEqual(['201621', '201622']);
    const season = normalizeZjList(recorded('zj/TyphoonList_2019.legacy-zjwater.json'), check());
    expect(season).toHaveLength(27);
    expect(season.find((s) => s.tfid === '201927')).toMatchObject({
      enname: 'FUNG-WONG',
      active: true,
      start: '2019-11-19T17:00:00+08:00',
    });
    const modern = normalizeZjList([recorded('zj/TyphoonList_2024.modern-slt.first-item.excerpt.json')].flat(), check());
    expect(modern[0]).toMatchObject({ tfid: '20240014', name: null, enname: null, start: '2024-09-10T08:00:00+08:00' });
  });
});

describeRealData('upstream', 'NMC on the recorded payloads', (dir) => {
  const recorded = (file: string) => readJsonp(dir, file);
  it('reads the double-parenthesis list and 8-digit unnamed numbers (its names are not kept: the views give them)', () => {
    const list = normalizeNmcList(recorded('nmc/list_default.2026-10-07.excerpt.jsonp'));
    expect(list.filter((i) => i.active).map((i) => i.number)).toEqual(['2629', '2628', '2627']);
    expect(list[4]).toEqual({ id: 3332799, number: '20260027', active: false });
  });

  it('reads a view: UTC times, longitude first, km radii by quadrant, BABJ forecasts from base time + tau', () => {
    const storm = normalizeNmcView(recorded('nmc/view_3346168_NOLO.2026-10-07.trimmed.jsonp'), now, check());
    expect(storm).toMatchObject({ code: '202628', name: '诺洛', enname: 'NOLO', isActive: true }); // a central-Pacific crossover: in the names table's nonCommittee
    expect(storm.points[0]).toMatchObject({
      time: '2026-10-05T08:00:00+08:00',
      lat: 24.8,
      lng: 179.4,
      grade: 'SuperTY',
      speed: 52,
      moveDir: 'W',
      radius12: { ne: 80, se: 80, sw: 80, nw: 80 },
    });
    expect(storm.forecasts.cma?.points[0]).toMatchObject({ time: '2026-10-08T02:00:00+08:00', lat: 26, lng: 158.2 });
    expect(normalizeNmcView(recorded('nmc/view_3227033_BOLAVEN-2005.historical.first-point.jsonp'), now, check())).toMatchObject({
      code: '200523',
      points: [{ moveDir: null, moveSpeed: null }],
    });
  });
});
