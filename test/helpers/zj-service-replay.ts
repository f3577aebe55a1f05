/**
 * A replay of the Zhejiang service (`TyphoonList/{year}`, `TyphoonInfo/{tfid}`,
 * docs/data/formats.md#zhejiang-live-service) built from the real archive files (docs/data/formats.md#zhejiang-archive-json),
 * so that `sources fetch` can be run over the whole archive offline.
 *
 * Each archive record is written the way the current host writes it: an object root, every value a string,
 * bare Beijing times `YYYY-MM-DD HH:MM:SS` (the archive's local-time strings unchanged, zero-padded: the
 * 1945–1948 point times are UTC written like local time in the archive, and the service is the same backend),
 * class labels without the `(TD)` code, radii as `"NE|SE|NW|SW"` from the quadrant objects when they carry a
 * value, else the scalar as one value, else `""`, motion as the archive's bearing text, landfalls as
 * `{landaddress, landtime, lng, lat}` and the archive's leftover forecast sets as `{tm, forecastpoints}` groups.
 * Season items are `{tfid, name, enname, starttime, endtime, isactive: "0", warnlevel: ""}`, with `""` for a
 * storm the archive has no name for. Files holding `[]` have neither a list item nor a detail answer.
 *
 * Independent of the project's zj readers on purpose (only the archive parser's idea of "no name",
 * isPlaceholderName, is borrowed, so the replay says "no name" exactly where the archive does).
 */
import path from 'node:path';
import fs from 'fs-extra';
import { isPlaceholderName, normaliseText } from '../../src/model/upstream-text.ts';

type Raw = Record<string, unknown>;

export interface ZjServiceReplay {
  /** `TyphoonList/{year}` answers, for every year asked (an empty season is `[]`). */
  lists: Map<number, Raw[]>;
  /** `TyphoonInfo/{tfid}` answers, one per non-empty archive file. */
  infos: Map<string, Raw>;
  /** Archive files holding `[]` (no storm; nothing served). */
  empty: string[];
}

/** A value as the service writes it: a string, `""` for null / absent. */
const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** `2024-09-06T16:20:00`, `1947/8/30 2:00:00` → `2024-09-06 16:20:00`, `1947-08-30 02:00:00` (same fields). */
export function serviceTime(text: string): string {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) throw new Error(`replay: unreadable archive time ${JSON.stringify(text)}`);
  const pad = (part: string | undefined) => (part ?? '0').padStart(2, '0');
  return `${m[1]}-${pad(m[2])}-${pad(m[3])} ${pad(m[4])}:${pad(m[5])}:${pad(m[6])}`;
}

/** The quadrant object (`{ne,se,sw,nw}`) as `"NE|SE|NW|SW"` when any quadrant is above 0, else the scalar, else `""`. */
export function serviceRadius(quad: unknown, scalar: unknown): string {
  if (quad && typeof quad === 'object') {
    const q = quad as Raw;
    if (['ne', 'se', 'sw', 'nw'].some((k) => Number(q[k]) > 0)) return [q.ne, q.se, q.nw, q.sw].map(str).join('|');
  }
  return Number(scalar) > 0 ? String(scalar) : '';
}

/** `热带风暴(TS)` → `热带风暴`; `""`/null → `""`. */
const serviceStrong = (label: unknown) =>
  str(label)
    .replace(/\s*\(.*\)\s*$/, '')
    .trim();

const forecastPoint = (p: Raw) => ({
  time: serviceTime(String(p.time)),
  lng: str(p.lng),
  lat: str(p.lat),
  strong: serviceStrong(p.strong),
  power: str(p.power),
  speed: str(p.speed),
  pressure: str(p.pressure),
});

function servicePoint(p: Raw): Raw {
  const forecast = Array.isArray(p.forecast)
    ? (p.forecast as Raw[]).map((set) => ({ tm: str(set.sets), forecastpoints: ((set.points as Raw[] | null) ?? []).map(forecastPoint) }))
    : null;
  return {
    ...forecastPoint(p),
    movespeed: str(p.move_speed ?? p.moveSpeed),
    movedirection: str(p.move_dir ?? p.moveDir),
    radius7: serviceRadius(p.radius7_quad ?? p.r7Quad, p.radius7 ?? p.r7),
    radius10: serviceRadius(p.radius10_quad ?? p.r10Quad, p.radius10 ?? p.r10),
    radius12: serviceRadius(p.radius12_quad ?? p.r12Quad, p.radius12 ?? p.r12),
    ckposition: null,
    jl: null,
    forecast,
  };
}

/** One archive file's text → the service's `TyphoonInfo` answer and season item; null for `[]`. */
export function replayOfArchiveFile(text: string): { info: Raw; item: Raw } | null {
  const json = JSON.parse(text.replace(/^\uFEFF/, '')) as Raw[];
  if (json.length === 0) return null;
  const record = json[0] as Raw;
  const tfid = String(record.tfbh);
  // "No name" exactly where the archive parser says so (`-`, `""`, null, 未名, NAMELESS).
  const named = (value: unknown) => (typeof value === 'string' && !isPlaceholderName(normaliseText(value)) ? value.trim() : '');
  const name = named(record.name);
  const enname = named(record.ename);
  const points = (record.points as Raw[]).map(servicePoint);
  const starttime = String(points[0]?.time ?? '');
  const endtime = String(points[points.length - 1]?.time ?? '');
  const info = {
    tfid,
    name,
    enname,
    isactive: '0',
    starttime,
    endtime,
    warnlevel: 'white',
    land: ((record.land as Raw[] | null) ?? []).map((l) => ({
      landaddress: str(l.position),
      landtime: serviceTime(String(l.land_time)),
      lng: str(l.lng),
      lat: str(l.lat),
    })),
    points,
  };
  return { info, item: { tfid, name, enname, starttime, endtime, isactive: '0', warnlevel: '' } };
}

/** The whole replay from `<zjDir>/*.json`: a list for every year in `years`, a detail answer per non-empty file. */
export async function zjServiceReplay(zjDir: string, years: readonly number[]): Promise<ZjServiceReplay> {
  const files = (await fs.readdir(zjDir)).filter((f) => /^\d{6}\.json$/.test(f)).sort();
  const lists = new Map<number, Raw[]>(years.map((y) => [y, []]));
  const infos = new Map<string, Raw>();
  const empty: string[] = [];
  for (const file of files) {
    const replay = replayOfArchiveFile(await fs.readFile(path.join(zjDir, file), 'utf8'));
    if (!replay) {
      empty.push(file);
      continue;
    }
    const tfid = String(replay.info.tfid);
    if (`${tfid}.json` !== file) throw new Error(`replay: ${file} holds storm ${tfid}`);
    infos.set(tfid, replay.info);
    lists.get(Number(tfid.slice(0, 4)))?.push(replay.item);
  }
  return { lists, infos, empty };
}
