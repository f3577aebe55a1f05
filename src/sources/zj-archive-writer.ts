/**
 * Writes a storm in the Zhejiang archive format (snake_case + `ident`, docs/data/formats.md#zhejiang-archive-json), the
 * inverse of zj-archive.ts: how the backfill adds upstream storms to the sources folder. Times are Beijing time
 * without an offset (the format's convention from 1949 on); unknown values are null; wind circles are written both as
 * named quadrants and as the scalar maximum the format also carries.
 */
import { GRADE_NAMES, type GradeCode } from '../model/grades.ts';
import type { Typhoon, WindCircle } from '../model/typhoon-schemas.ts';
import { toBeijingIso } from '../model/time.ts';

const LABEL_CODE: Record<GradeCode, string> = { TD: 'TD', TS: 'TS', STS: 'STS', TY: 'TY', STY: 'STY', SuperTY: 'Super TY', ET: 'ET' };

/** Beijing wall-clock time without the offset (`2024-09-06T16:20:00`), as the format writes it. */
const localTime = (iso: string) => toBeijingIso(new Date(iso)).slice(0, 19);

const maxRadius = (circle: WindCircle | null) => {
  const values = Object.values(circle ?? {}).filter((v): v is number => v !== null);
  return values.length ? Math.max(...values) : null;
};

export function toZjArchiveJson(t: Typhoon): string {
  if (!/^\d{6}$/.test(t.code)) throw new Error(`only China-numbered storms (6-digit codes) belong in the archive, not ${t.code}`);
  const record = {
    tfbh: t.code,
    ident: t.code,
    name: t.name ?? '-',
    ename: t.enname ?? '-',
    is_current: 0,
    begin_time: localTime(t.startTime),
    end_time: localTime(t.endTime),
    land: t.land.map((l) => ({ position: l.position, land_time: localTime(l.time), lng: l.lng, lat: l.lat })),
    points: t.points.map((p) => ({
      time: localTime(p.time),
      lng: p.lng,
      lat: p.lat,
      strong: p.grade && p.grade !== 'ET' ? `${GRADE_NAMES[p.grade]}(${LABEL_CODE[p.grade]})` : '',
      power: p.power,
      speed: p.speed,
      move_dir: p.moveDir,
      move_speed: p.moveSpeed,
      pressure: p.pressure,
      radius7: maxRadius(p.radius7),
      radius10: maxRadius(p.radius10),
      radius12: maxRadius(p.radius12),
      radius7_quad: p.radius7,
      radius10_quad: p.radius10,
      radius12_quad: p.radius12,
      remark: '',
      forecast: null,
    })),
  };
  return JSON.stringify([record]);
}
