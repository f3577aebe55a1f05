/**
 * The recorded live payloads that hold forecasts (TYPHOON_UPSTREAM_SAMPLES: zj/, nmc/, jtwc/, each folder's
 * SOURCES.md says what was captured) replayed through the scheduled run, as it reads them from the mock upstream,
 * with faults and restarts: every issuance each payload holds is kept once, none is lost, keys stay the same, no
 * revision is made up, and the forecast endpoints list them all. What each payload holds is counted by a reading of
 * its own written here (patterns and the formats' documented units and zones), not by the project's readers.
 *
 * - The Zhejiang service's FUNG-WONG (201927, 23 points) and MINDULLE (202116, 52 points, the legacy array-wrapped
 *   answer) grow one point at a time: the answer as the service gave it when that point was the latest (the
 *   captures were made at the end; each point keeps the groups issued at its time, so the answer at an earlier
 *   time is the capture cut after that point). NMC's NOLO (view_3346168, its first and last points as recorded)
 *   grows from one point to two, listed by the recorded list, whose two other active storms' views were not
 *   recorded (their fetches fail at every run, as a missing view does). JTWC's recorded feed lists three
 *   north-western Pacific and two central Pacific warnings (one of whose `.tcw` was not recorded); it holds one
 *   warning per storm, so no older one can be served after it.
 * - Faults on the way: the service failing, a body cut short, an older answer served after a newer one, the same
 *   answer read twice, every forecast write lost, a run that dies before it writes anything, a restart over the
 *   same folder, and a storm's document damaged in both copies.
 * The same parts on the project's own payloads: test/unit/forecast-capture.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fse from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalTyphoonForecasts, typhoonForecasts } from '../../src/api/handlers/forecasts.ts';
import { DATA_FILES } from '../../src/api/data-files.ts';
import { serveFunction } from '../../src/api/serve.ts';
import { readConfig } from '../../src/config/env.ts';
import type { ForecastArchiveFile } from '../../src/forecasts/archived-forecasts.ts';
import { readStormForecasts, storedForecastStorms } from '../../src/forecasts/forecast-store.ts';
import { runScheduledRefresh, type ScheduledRunResult } from '../../src/jobs/scheduled-run.ts';
import type { ForecastPosition as Position, Issuance } from '../../src/model/forecast-schemas.ts';
import { fileStore, type KeyValueStore } from '../../src/store/store.ts';
import { readTextQuality } from '../../src/store/text-quality.ts';
import { manualClock, noWait } from '../helpers/clock.ts';
import { jmaTyphoonFeed } from '../helpers/jma-feed.ts';
import { captureLogs } from '../helpers/logs.ts';
import { startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { describeRealData } from '../helpers/real-data.ts';

const logs = captureLogs();
const MINUTE = 60_000;
const HOUR = 3_600_000;

/** An issuance as both readings give it: what the forecast says, not when or how it was read. */
interface Said {
  agency: string;
  storm: string;
  initialTime: string;
  initial: Position | null;
  points: Position[];
}
const said = (i: Issuance): Said => ({
  agency: i.agency,
  storm: i.storm.id,
  initialTime: i.initialTime,
  initial: i.initial,
  points: i.points,
});
const identity = (s: Said) => JSON.stringify([s.agency, s.storm, s.initialTime, s.initial, s.points]);
/** Each issuance once: the same forecast given at several points of an answer (the service repeats a group) is one. */
const distinct = (list: readonly Said[]) => [...new Map(list.map((s) => [identity(s), s])).values()];
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
/** A number as the Chinese services write one: `""`, `"0"` and null are "not given". */
const given = (value: unknown) => (value === null || value === undefined || value === '' || Number(value) === 0 ? null : Number(value));

// ── The Zhejiang service, read here ───────────────────────────────────────────────────────────────────────────────
// Its forecast groups: `tm` the agency's label, `forecastpoints[0]` the analysis, the rest the forecast; times are
// Beijing time (UTC+8) without an offset, `2019/11/20 8:00:00`; winds m/s, pressures hPa; `strong` China's grade names.
const ZJ_AGENCIES: Record<string, string> = { 中国: 'cma', 日本: 'jma', 美国: 'jtwc', 中国香港: 'hko', 中国台湾: 'cwa' };
const CHINA_GRADES: Record<string, string> = {
  热带低压: 'TD',
  热带风暴: 'TS',
  强热带风暴: 'STS',
  台风: 'TY',
  强台风: 'STY',
  超强台风: 'SuperTY',
};
type ZjPoint = { time: string; lat: string; lng: string; speed: string; pressure: string; strong: string };
type ZjGroup = { tm: string; forecastpoints: ZjPoint[] };
type ZjInfo = Record<string, unknown> & { tfid: string; points: (ZjPoint & { forecast?: ZjGroup[] | ZjGroup | null })[] };

function beijing(text: string): number {
  const m = /^(\d{4})\/(\d{1,2})\/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) throw new Error(`not a legacy Beijing time: ${text}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]) - 8, Number(m[5]), Number(m[6]));
}

function zjSaid(info: ZjInfo): Said[] {
  return info.points.flatMap((point) =>
    (Array.isArray(point.forecast) ? point.forecast : point.forecast ? [point.forecast] : []).map((group): Said => {
      const agency = ZJ_AGENCIES[group.tm];
      if (!agency) throw new Error(`an agency label not read here: ${group.tm}`);
      const initial = beijing((group.forecastpoints[0] as ZjPoint).time);
      const position = (p: ZjPoint): Position => ({
        leadHours: (beijing(p.time) - initial) / HOUR,
        validTime: iso(beijing(p.time)),
        lat: Number(p.lat),
        lng: Number(p.lng),
        wind: given(p.speed),
        pressure: given(p.pressure),
        stage: CHINA_GRADES[p.strong] ?? null,
      });
      const [first, ...rest] = group.forecastpoints.map(position);
      return { agency, storm: info.tfid, initialTime: iso(initial), initial: first as Position, points: rest };
    }),
  );
}

// ── NMC, read here ────────────────────────────────────────────────────────────────────────────────────────────────
// A view (JSONP, one level of parentheses): `typhoon[8]` its points, each `[id, "YYYYMMDDHHmm" (UTC), ms, grade, lon,
// lat, hPa, m/s, …, {BABJ: [[tau, base time, lon, lat, hPa, m/s, "BABJ", grade], …]}, …]` at index 11.
const unwrap = (jsonp: string) => JSON.parse((/^[\w$]*\(+([\s\S]*?)\)+;?\s*$/.exec(jsonp.trim()) as RegExpExecArray)[1] as string);
const nmcTime = (text: string) =>
  Date.UTC(
    Number(text.slice(0, 4)),
    Number(text.slice(4, 6)) - 1,
    Number(text.slice(6, 8)),
    Number(text.slice(8, 10)),
    Number(text.slice(10, 12)),
  );

function nmcSaid(view: { typhoon: unknown[] }, code: string): Said[] {
  return (view.typhoon[8] as unknown[][]).flatMap((row) =>
    Object.entries((row[11] ?? {}) as Record<string, unknown[][]>).map(([label, lines]): Said => {
      if (label !== 'BABJ') throw new Error(`an NMC forecast label not read here: ${label}`);
      const base = nmcTime(String(lines[0]?.[1]));
      const own = nmcTime(String(row[1])) === base;
      return {
        agency: 'cma',
        storm: code,
        initialTime: iso(base),
        initial: own
          ? {
              leadHours: 0,
              validTime: iso(base),
              lat: row[5] as number,
              lng: row[4] as number,
              wind: given(row[7]),
              pressure: given(row[6]),
              stage: row[3] as string,
            }
          : null,
        points: lines.map((l) => ({
          leadHours: l[0] as number,
          validTime: iso(base + (l[0] as number) * HOUR),
          lat: l[3] as number,
          lng: l[2] as number,
          wind: given(l[5]),
          pressure: given(l[4]),
          stage: l[7] as string,
        })),
      };
    }),
  );
}

// ── JTWC, read here ───────────────────────────────────────────────────────────────────────────────────────────────
// A `.tcw` (JMV 3.0): line 3 opens with the base time `YYYYMMDDHH`; `Tnnn lat lon kt` lines (tenths of a degree,
// `196N 1448E`), T000 the warning position; 1-minute winds in knots, no pressure, no stage.
function tcwSaid(text: string, atcfId: string): Said {
  const lines = text.split(/\r?\n/);
  const stamp = (/^(\d{4})(\d{2})(\d{2})(\d{2}) \d{2}[A-Z] /.exec(lines[2] ?? '') as RegExpExecArray).slice(1).map(Number);
  const base = Date.UTC(stamp[0] as number, (stamp[1] as number) - 1, stamp[2], stamp[3]);
  const taus = lines.flatMap((l) => {
    const m = /^T(\d{3}) (\d{2,3})([NS]) (\d{3,4})([EW]) (\d{3})/.exec(l);
    if (!m) return [];
    const lead = Number(m[1]);
    return [
      {
        leadHours: lead,
        validTime: iso(base + lead * HOUR),
        lat: (Number(m[2]) / 10) * (m[3] === 'S' ? -1 : 1),
        lng: (Number(m[4]) / 10) * (m[5] === 'W' ? -1 : 1),
        wind: given(m[6]),
        pressure: null,
        stage: null,
      },
    ];
  });
  return { agency: 'jtwc', storm: atcfId, initialTime: iso(base), initial: taus[0] ?? null, points: taus.slice(1) };
}

/**
 * The same warning as JTWC's text (`…web.txt`): the warning position and each `NN HRS, VALID AT: DDHHMMZ --- lat lon`
 * with its `MAX SUSTAINED WINDS - NNN KT`; the month and year of the REMARKS date (`22AUG26`).
 */
function warningTextSays(text: string) {
  const [, month, year] = /\d{2}([A-Z]{3})(\d{2})\./.exec(text.slice(text.indexOf('REMARKS:'))) as RegExpExecArray;
  const monthIndex = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'].indexOf(month as string);
  const at = (dd: string, hhmm: string) =>
    iso(Date.UTC(2000 + Number(year), monthIndex, Number(dd), Number(hhmm.slice(0, 2)), Number(hhmm.slice(2))));
  const place = (lat: string, ns: string, lng: string, ew: string) => ({
    lat: Number(lat) * (ns === 'S' ? -1 : 1),
    lng: Number(lng) * (ew === 'W' ? -1 : 1),
  });
  const now = /(\d{2})(\d{4})Z --- NEAR (\d+\.\d)([NS]) (\d+\.\d)([EW])\s+[\s\S]*?MAX SUSTAINED WINDS - (\d+) KT/.exec(
    text,
  ) as RegExpExecArray;
  const forecasts = [
    ...text.matchAll(/(\d+) HRS, VALID AT:\s+(\d{2})(\d{4})Z --- (\d+\.\d)([NS]) (\d+\.\d)([EW])\s+MAX SUSTAINED WINDS - (\d+) KT/g),
  ];
  return {
    initial: {
      validTime: at(now[1] as string, now[2] as string),
      ...place(now[3] as string, now[4] as string, now[5] as string, now[6] as string),
      wind: Number(now[7]),
    },
    points: forecasts.map((m) => ({
      leadHours: Number(m[1]),
      validTime: at(m[2] as string, m[3] as string),
      ...place(m[4] as string, m[5] as string, m[6] as string, m[7] as string),
      wind: Number(m[8]),
    })),
  };
}

// ── The replay ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The forecast data file (nothing archived) and the public folder the endpoints read it from. */
const ARCHIVE: ForecastArchiveFile = { seasons: [], storms: [], cones: [], finalTracks: {}, wpBaseline: null };

type StepFault = 'upstream-down' | 'cut-short' | 'older' | 'read-twice' | 'writes-lost' | 'dies' | 'restart' | 'damaged';

/** The faults of step `k` of `n`: spread over the replay by residues, as the a-deck replay spreads its own. */
function faultsOf(k: number, n: number): StepFault[] {
  const faults: StepFault[] = [];
  if (k % 7 === 3) faults.push('upstream-down');
  if (k % 11 === 5) faults.push('cut-short');
  if (k % 13 === 8 && k >= 3) faults.push('older');
  if (k % 5 === 1) faults.push('read-twice');
  if (k % 10 === 2) faults.push('writes-lost');
  if (k % 9 === 6) faults.push('dies');
  if (k % 8 === 7) faults.push('restart');
  if (k === n - 3) faults.push('damaged');
  return faults;
}

interface Replay {
  mock: MockUpstream;
  root: string;
  storeDir: string;
  store: KeyValueStore;
  results: ScheduledRunResult[];
}

async function startReplay(name: string): Promise<Replay> {
  const mock = await startMockUpstream({ recordedDir: null, decksDir: null });
  const root = await fse.mkdtemp(path.join(os.tmpdir(), `typhoon-live-issuances-${name}-`));
  // Only what is replayed is active: no other storm, cyclone, bulletin or JMA document.
  mock.setPayload('zj/TyhoonActivity', '[]');
  mock.setPayload('nmc/list_default', 'typhoon_jsons_list_default(({"typhoonList":[]}))');
  mock.setPayload('nhc/CurrentStorms', '{"activeStorms":[]}');
  mock.setPayload('jtwc/rss', '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel></channel></rss>\n');
  for (const feed of ['extra.xml', 'extra_l.xml']) mock.setPayload(`jma/feed/${feed}`, jmaTyphoonFeed([]));
  for (const route of [
    'jtwc/products/abpwweb.txt',
    'jtwc/products/abioweb.txt',
    'nhc/text/abnt20.knhc.two.at.txt',
    'nhc/text/abpz20.knhc.two.ep.txt',
  ])
    mock.setPayload(route, null);
  const publicDir = path.join(root, 'public');
  for (const rendered of await Promise.all([DATA_FILES.forecastArchive.render(ARCHIVE), DATA_FILES.archiveSummaries.render([])]))
    await fse.outputFile(path.join(publicDir, rendered.file), rendered.body);
  const storeDir = path.join(root, 'store');
  return { mock, root, storeDir, store: fileStore(storeDir), results: [] };
}

/** A run on a clock of its own that stands still; an upstream's retries do not wait (on the machine's timers or any other). */
const run = (replay: Replay, store: KeyValueStore, at: Date) =>
  runScheduledRefresh({ store, upstreams: replay.mock.addresses, llm: null, clock: manualClock(), sleep: noWait, now: at });

/** A store whose forecast writes all fail (the run reads, writes the rest, and loses its forecasts). */
const losingForecasts = (store: KeyValueStore): KeyValueStore => ({
  ...store,
  set: (key, value) => (key.includes('forecasts/') ? Promise.reject(new Error('disk full')) : store.set(key, value)),
});
/** A store no write of which lands: the run dies before it has written anything. */
const dying = (store: KeyValueStore): KeyValueStore => ({ ...store, set: () => Promise.reject(new Error('the run died')) });

/** Both copies of a storm's document damaged: the main one cut short, the backup of a wrong shape whose issuances still read. */
async function damage(storeDir: string, id: string) {
  const copy = (key: string) => path.join(storeDir, `${encodeURIComponent(key)}.json`);
  const text = await fse.readFile(copy(`forecasts/${id}`), 'utf8');
  await fse.writeFile(copy(`forecasts/${id}`), text.slice(0, Math.floor(text.length / 3)));
  const backup = JSON.parse(text);
  await fse.writeFile(copy(`backup/forecasts/${id}`), JSON.stringify({ ...backup, data: { ...backup.data, operational: 'lost' } }));
}

/** A restart over the same folder with a storm's document damaged, and two runs a minute apart: the storms the first rebuilt. */
async function restartDamagedReadTwice(replay: Replay, id: string, at: Date): Promise<string[]> {
  replay.store = fileStore(replay.storeDir);
  await damage(replay.storeDir, id);
  const healed = await run(replay, replay.store, at);
  replay.results.push(healed, await run(replay, replay.store, new Date(at.getTime() + MINUTE)));
  return healed.forecasts?.rebuilt ?? [];
}

async function kept(storeDir: string, id: string): Promise<Issuance[]> {
  const read = await readStormForecasts(fileStore(storeDir), id);
  if (read.state !== 'ok') throw new Error(`forecasts/${id}: ${read.state}`);
  return read.value.issuances;
}

/** What the forecast endpoints answer at `at` over the replay's store and data file (status and body). */
function endpoints(replay: Replay, at: Date) {
  const config = { ...readConfig(), publicDir: path.join(replay.root, 'public'), store: { kind: 'files' as const, dir: replay.storeDir } };
  const handler = serveFunction([typhoonForecasts, globalTyphoonForecasts], config, () => at);
  return async (url: string) => {
    const response = await handler(new Request(`http://localhost${url}`));
    return { status: response.status, body: (await response.json()) as any };
  };
}

/** Every page of a storm's forecasts answer, both families. */
async function answered(replay: Replay, pathname: string, at: Date) {
  const ask = endpoints(replay, at);
  const first = await ask(`/api/v1${pathname}?size=50`);
  expect(first.status, pathname).toBe(200);
  const list: Issuance[] = [...first.body.data.list];
  for (let page = 2; page <= first.body.data.pages; page += 1)
    list.push(...(await ask(`/api/v1${pathname}?size=50&page=${page}`)).body.data.list);
  const web = await ask(`/api${pathname}?size=50`);
  return { total: first.body.data.total as number, list, webTotal: web.body.total as number, storm: first.body.data.storm };
}

/** What every kept list must be: the independent reading's issuances, each once, newest first, none made up. */
function expectKeptAsSaid(list: readonly Issuance[], expected: readonly Said[], what: string) {
  expect(new Set(list.map((i) => i.key)).size, `${what}: keys once`).toBe(list.length);
  expect(list.map((i) => identity(said(i))).sort(), what).toEqual(expected.map(identity).sort());
  // No revision made up: the recordings give no forecast twice with another content.
  expect(
    list.every((i) => i.revision === 1 && i.amends === null),
    what,
  ).toBe(true);
  // Newest first, as the store keeps them and the endpoints answer them.
  expect(
    list.every((i, n) => n === 0 || (list[n - 1] as Issuance).initialTime >= i.initialTime),
    what,
  ).toBe(true);
}

describeRealData('upstream', 'live issuances: the recorded payloads replayed through the scheduled run', (upstream) => {
  const file = (...parts: string[]) => fs.readFileSync(path.join(upstream, ...parts), 'utf8');

  describe('the Zhejiang service, as each storm grew', () => {
    const STORMS = [
      { code: '201927', file: 'TyphoonInfo_201927_FUNG-WONG.legacy-zjwater.json', wrapped: false, issuances: 74 },
      { code: '202116', file: 'TyphoonInfo_202116_MINDULLE.legacy-zjwater.array-wrapped.json', wrapped: true, issuances: 198 },
    ];
    /** The recorded activity answer's shape, for the storm's latest point. */
    const activityItem = JSON.parse(file('zj', 'TyhoonActivity.2016-10-15.legacy-zjwater.json'))[0];
    const dashed = (text: string) =>
      iso(beijing(text) + 8 * HOUR)
        .slice(0, 19)
        .replace('T', ' ');

    for (const storm of STORMS) {
      describe(`${storm.code}`, () => {
        const raw = JSON.parse(file('zj', storm.file));
        const info: ZjInfo = storm.wrapped ? raw[0] : raw;
        const n = info.points.length;
        /** The answer when point k was the latest: the capture cut after it, active, ending there. */
        const answerAt = (k: number): ZjInfo => ({
          ...info,
          points: info.points.slice(0, k + 1),
          endtime: (info.points[k] as ZjPoint).time,
          isactive: k === n - 1 ? info.isactive : '1',
        });
        const latestAt = (k: number) => beijing((info.points[k] as ZjPoint).time) + 10 * MINUTE;
        const everything = distinct(zjSaid(info));
        /**
         * What the answer holds when point k is the latest: the groups of points 0…k (each point keeps its own, so
         * the independent reading of the whole capture, point by point, gives every cut without reading it again).
         */
        const saidByPoint = info.points.map((point) => zjSaid({ ...info, points: [point] }));
        const saidUpTo = (k: number) => distinct(saidByPoint.slice(0, k + 1).flat());
        let replay: Replay;
        /** After each step whose run kept what it read: the kept list, and what the answers read so far hold. */
        const checks: { step: string; kept: Issuance[]; expected: Said[] }[] = [];
        /** The steps whose run rebuilt the damaged document, and what the endpoint answered while it could not be read. */
        const rebuilt: number[] = [];
        const whileDamaged: { step: number; status: number; msg: string }[] = [];

        beforeAll(async () => {
          replay = await startReplay(storm.code);
          const { mock } = replay;
          mock.setFault('5xx', 'nmc'); // NMC is not replayed here: a failover that fails, so the storm is the Zhejiang service's
          let widest = -1;
          for (let k = 0; k < n; k += 1) {
            const faults = faultsOf(k, n);
            const shown = faults.includes('older') ? k - 3 : k;
            const answer = answerAt(shown);
            const body = JSON.stringify(storm.wrapped ? [answer] : answer);
            const latest = answer.points.at(-1) as ZjPoint;
            mock.setPayload(
              'zj/TyhoonActivity',
              JSON.stringify([
                {
                  ...activityItem,
                  tfid: info.tfid,
                  name: info.name,
                  enname: info.enname,
                  lat: latest.lat,
                  lng: latest.lng,
                  speed: latest.speed,
                  pressure: latest.pressure,
                  strong: latest.strong,
                  time: dashed(latest.time),
                },
              ]),
            );
            mock.setPayload(
              `zj/TyphoonInfo/${info.tfid}`,
              faults.includes('cut-short') ? body.slice(0, Math.floor(body.length * 0.6)) : body,
            );
            mock.setFault(faults.includes('upstream-down') ? '5xx' : null, 'zj');
            if (faults.includes('restart')) replay.store = fileStore(replay.storeDir);
            if (faults.includes('damaged') && widest >= 0) await damage(replay.storeDir, info.tfid);
            const at = new Date(latestAt(k));
            const read = !faults.includes('upstream-down') && !faults.includes('cut-short');
            if (faults.includes('dies')) {
              await expect(run(replay, dying(replay.store), at)).rejects.toThrow(/the run died/);
              continue;
            }
            const lost = faults.includes('writes-lost');
            const result = await run(replay, lost ? losingForecasts(replay.store) : replay.store, at);
            replay.results.push(result);
            if (lost) {
              if (read) expect(result.forecasts?.errors.join(), `step ${k}`).toMatch(/disk full/);
              continue;
            }
            if (faults.includes('read-twice')) replay.results.push(await run(replay, replay.store, new Date(at.getTime() + MINUTE)));
            if (read) widest = Math.max(widest, shown);
            // A damaged document is rebuilt by the first run that reads the storm again; till then it is told as such.
            if ((result.forecasts?.rebuilt ?? []).includes(info.tfid)) rebuilt.push(k);
            const stored = await readStormForecasts(fileStore(replay.storeDir), info.tfid);
            if (stored.state === 'unreadable') {
              const answer = await endpoints(replay, at)(`/api/v1/typhoons/${info.tfid}/forecasts`);
              whileDamaged.push({ step: k, status: answer.status, msg: answer.body.msg });
            } else if (widest >= 0) {
              if (stored.state !== 'ok') throw new Error(`forecasts/${info.tfid}: ${stored.state}`);
              checks.push({
                step: `step ${k} (${faults.join(', ') || 'clean'})`,
                kept: stored.value.issuances,
                expected: saidUpTo(widest),
              });
            }
          }
          // The run after the storm's last point reads the answer once more (it stays listed until the storm ends).
          mock.setFault(null, 'zj');
          mock.setPayload(`zj/TyphoonInfo/${info.tfid}`, JSON.stringify(storm.wrapped ? [info] : info));
          replay.results.push(await run(replay, replay.store, new Date(latestAt(n - 1) + 30 * MINUTE)));
        }, 900_000);
        afterAll(async () => {
          await replay.mock.close();
          await fse.remove(replay.root);
        });

        it('the capture holds the issuances the independent reading counts', () => {
          expect(everything).toHaveLength(storm.issuances);
          expect(saidUpTo(n - 1)).toEqual(everything);
        });

        it('after every run that kept what it read, the storm holds every issuance the answers read so far held, once, and nothing else', () => {
          expect(checks.length).toBeGreaterThan(n / 2);
          for (const { step, kept: list, expected } of checks) expectKeptAsSaid(list, expected, `${storm.code} ${step}`);
          // Damaged before the run of step n - 3: rebuilt by the first run after it that read the storm, told as
          // unavailable (503, never an empty list) by the endpoint in between.
          expect(rebuilt).toHaveLength(1);
          expect(rebuilt[0]).toBeGreaterThanOrEqual(n - 3);
          expect(whileDamaged.every((d) => d.step >= n - 3 && d.step < (rebuilt[0] as number))).toBe(true);
          expect(whileDamaged.length > 0).toBe((rebuilt[0] as number) > n - 3);
          for (const d of whileDamaged) {
            expect(d.status).toBe(503);
            expect(d.msg).toMatch(/data unavailable/);
          }
          // The damaged copies are set aside, not written over, and the loss is told.
          expect(logs.all().join('\n')).toMatch(new RegExp(`forecasts/${info.tfid} .*set aside`));
        });

        it('in the end keeps every issuance once, with its wind in m/s (CMA’s 2-minute, the others’ period unstated) and its payload named', async () => {
          const list = await kept(replay.storeDir, info.tfid);
          expectKeptAsSaid(list, everything, storm.code);
          for (const i of list) {
            expect(i.wind).toEqual({ unit: 'm/s', period: i.agency === 'cma' ? '2min' : null });
            expect(i.source).toMatchObject({ product: 'zj-service', channel: 'live', file: `TyphoonInfo/${info.tfid}` });
            expect(i.storm).toMatchObject({ id: info.tfid, code: info.tfid, name: String(info.enname).toUpperCase() });
          }
          expect((await storedForecastStorms(fileStore(replay.storeDir))).sort()).toEqual([info.tfid]);
        });

        it('keys do not depend on the faults: one clean run over the whole answer gives the same', async () => {
          const list = await kept(replay.storeDir, info.tfid);
          const clean = fileStore(path.join(replay.root, 'clean'));
          await run(replay, clean, new Date(latestAt(n - 1) + 40 * MINUTE));
          const read = await readStormForecasts(clean, info.tfid);
          if (read.state !== 'ok') throw new Error(read.state);
          expect(read.value.issuances.map((i) => i.key)).toEqual(list.map((i) => i.key));
        });

        it('both families’ answers list them all, newest first', async () => {
          const list = await kept(replay.storeDir, info.tfid);
          const answer = await answered(replay, `/typhoons/${info.tfid}/forecasts`, new Date(latestAt(n - 1) + HOUR));
          expect(answer.total).toBe(storm.issuances);
          expect(answer.webTotal).toBe(storm.issuances);
          expect(answer.list.map((i) => i.key)).toEqual(list.map((i) => i.key));
          expect(answer.storm).toMatchObject({ id: info.tfid, code: info.tfid, basin: 'WP' });
        });

        it('nothing of the recordings is reported unreadable', async () => {
          expect(replay.results.flatMap((r) => r.typhoons.forecasts.problems)).toEqual([]);
          expect((await readTextQuality(fileStore(replay.storeDir))).faults.filter((f) => f.kind === 'unreadable-forecast')).toEqual([]);
        });
      });
    }
  });

  describe('NMC’s view, from its first point to both', () => {
    const recorded = file('nmc', 'view_3346168_NOLO.2026-10-07.trimmed.jsonp');
    const view = unwrap(recorded);
    const CODE = '202628'; // NOLO's China number, 2628
    /** The view when its first point was the latest: the recording cut after it. */
    const first = { typhoon: view.typhoon.map((v: unknown, i: number) => (i === 8 ? (v as unknown[]).slice(0, 1) : v)) };
    const jsonp = (v: unknown) => `typhoon_jsons_view_3346168(${JSON.stringify(v)})`;
    const everything = distinct(nmcSaid(view, CODE));
    let replay: Replay;
    const checks: { step: string; kept: Issuance[]; expected: Said[] }[] = [];
    let rebuiltOnce: string[] = [];
    const at = (hours: number) => new Date(Date.UTC(2026, 9, 5, 0, 10) + hours * HOUR);

    beforeAll(async () => {
      replay = await startReplay('nmc');
      const { mock } = replay;
      mock.setPayload('nmc/list_default', file('nmc', 'list_default.2026-10-07.excerpt.jsonp'));
      mock.setFault('5xx', 'zj'); // the Zhejiang service down: NMC is the failover the run reads
      const check = async (step: string, expected: unknown) =>
        checks.push({ step, kept: await kept(replay.storeDir, CODE), expected: distinct(nmcSaid(expected as typeof view, CODE)) });
      // 1. The first point.
      mock.setPayload('nmc/view_3346168', jsonp(first));
      replay.results.push(await run(replay, replay.store, at(0)));
      await check('the first point', first);
      // 2. NMC down, then 3. the view cut short: nothing read, nothing lost.
      mock.setFault('5xx', 'nmc');
      replay.results.push(await run(replay, replay.store, at(1)));
      mock.setFault(null, 'nmc');
      mock.setPayload('nmc/view_3346168', recorded.slice(0, Math.floor(recorded.length * 0.6)));
      replay.results.push(await run(replay, replay.store, at(2)));
      await check('down, then cut short', first);
      // 4. Both points, every forecast write lost; 5. the older view served again; 6. a run that dies.
      mock.setPayload('nmc/view_3346168', recorded);
      const lost = await run(replay, losingForecasts(replay.store), at(54));
      expect(lost.forecasts?.errors.join()).toMatch(/disk full/);
      mock.setPayload('nmc/view_3346168', jsonp(first));
      replay.results.push(await run(replay, replay.store, at(54.5)));
      await check('the older view after the newer', first);
      mock.setPayload('nmc/view_3346168', recorded);
      await expect(run(replay, dying(replay.store), at(55))).rejects.toThrow(/the run died/);
      // 7. A restart over the same folder with the document damaged in both copies, the view read twice.
      rebuiltOnce = await restartDamagedReadTwice(replay, CODE, at(55.5));
      await check('restarted, rebuilt, read twice', view);
    }, 600_000);
    afterAll(async () => {
      await replay.mock.close();
      await fse.remove(replay.root);
    });

    it('the view holds two forecasts of BABJ, each from its point’s own time', () => {
      expect(everything.map((s) => s.initialTime)).toEqual(['2026-10-05T00:00:00Z', '2026-10-07T06:00:00Z']);
    });

    it('keeps every issuance once after every step, and none is lost; the views of the storms not recorded fail, NOLO’s forecasts are kept all the same', async () => {
      for (const { step, kept: list, expected } of checks) expectKeptAsSaid(list, expected, step);
      expect(rebuiltOnce).toEqual([CODE]);
      const list = await kept(replay.storeDir, CODE);
      expectKeptAsSaid(list, everything, CODE);
      for (const i of list) {
        expect(i.wind).toEqual({ unit: 'm/s', period: '2min' });
        expect(i.source).toMatchObject({ product: 'nmc-service', channel: 'live', file: 'view_3346168' });
        expect(i.storm).toMatchObject({ id: CODE, code: CODE, name: 'NOLO' });
      }
      expect(replay.results.every((r) => !r.typhoons.ok)).toBe(true);
      expect(replay.results.flatMap((r) => r.typhoons.errors).join()).toMatch(/view_3346033/);
    });

    it('both families’ answers list them', async () => {
      const answer = await answered(replay, `/typhoons/${CODE}/forecasts`, at(56));
      expect([answer.total, answer.webTotal]).toEqual([2, 2]);
      expect(answer.list.map((i) => i.key)).toEqual((await kept(replay.storeDir, CODE)).map((i) => i.key));
    });
  });

  describe('JTWC’s warnings, as the recorded feed lists them', () => {
    const rss = file('jtwc', 'jtwc.2026-08-22T1840Z.rss');
    /** The warnings the feed lists whose .tcw was recorded (cp0226's was not), with their ATCF ids and text twins. */
    const WARNINGS = [
      { tcw: 'wp1726.tcw', atcfId: 'wp172026', text: 'wp1726web.txt' },
      { tcw: 'wp1826.tcw', atcfId: 'wp182026', text: 'wp1826web.txt' },
      { tcw: 'wp1926.tcw', atcfId: 'wp192026', text: null },
      { tcw: 'cp0126.tcw', atcfId: 'cp012026', text: 'cp0126web.txt' },
    ];
    const everything = WARNINGS.map((w) => tcwSaid(file('jtwc', w.tcw), w.atcfId));
    let replay: Replay;
    const checks: { step: string; ids: string[]; kept: Issuance[][]; expected: Said[] }[] = [];
    let rebuiltOnce: string[] = [];
    const at = (minutes: number) => new Date(Date.UTC(2026, 7, 22, 18, 45) + minutes * MINUTE);

    beforeAll(async () => {
      replay = await startReplay('jtwc');
      const { mock } = replay;
      mock.setPayload('jtwc/rss', rss);
      const serve = (except: string | null = null) => {
        for (const name of fs.readdirSync(path.join(upstream, 'jtwc')).filter((f) => /\.(tcw|txt)$/.test(f)))
          mock.setPayload(
            `jtwc/products/${name}`,
            name === except
              ? file('jtwc', name)
                  .replace(/NNNN\s*$/, '')
                  .slice(0, 1_500)
              : file('jtwc', name),
          );
      };
      const check = async (step: string, expected: Said[]) => {
        const ids = [...new Set(expected.map((s) => s.storm))];
        checks.push({ step, ids, kept: await Promise.all(ids.map((id) => kept(replay.storeDir, id))), expected });
      };
      // 1. JTWC down; 2. every warning, wp1726's .tcw cut short.
      serve();
      mock.setFault('5xx', 'jtwc');
      replay.results.push(await run(replay, replay.store, at(0)));
      mock.setFault(null, 'jtwc');
      serve('wp1726.tcw');
      replay.results.push(await run(replay, replay.store, at(1)));
      await check('wp1726 cut short', everything.slice(1));
      // 3. Whole, every forecast write lost; 4. a run that dies; 5. a restart with wp172026's document damaged; 6. read twice.
      serve();
      expect((await run(replay, losingForecasts(replay.store), at(2))).forecasts?.errors.join()).toMatch(/disk full/);
      await expect(run(replay, dying(replay.store), at(3))).rejects.toThrow(/the run died/);
      replay.results.push(await run(replay, replay.store, at(4)));
      await check('whole', everything);
      rebuiltOnce = await restartDamagedReadTwice(replay, 'wp182026', at(5));
      await check('restarted, rebuilt, read twice', everything);
    }, 600_000);
    afterAll(async () => {
      await replay.mock.close();
      await fse.remove(replay.root);
    });

    it('the .tcw files hold the forecasts their warning texts state, lead by lead (knots, 1-minute means)', () => {
      for (const w of WARNINGS.filter((w) => w.text)) {
        const tcw = everything.find((s) => s.storm === w.atcfId) as Said;
        const text = warningTextSays(file('jtwc', w.text as string));
        const { validTime, lat, lng, wind } = tcw.initial as Position;
        expect({ validTime, lat, lng, wind }, w.tcw).toEqual(text.initial);
        expect(
          tcw.points.map(({ leadHours, validTime: v, lat: a, lng: o, wind: k }) => ({ leadHours, validTime: v, lat: a, lng: o, wind: k })),
          w.tcw,
        ).toEqual(text.points);
      }
    });

    it('keeps each warning’s forecast once under its ATCF id, the central Pacific’s beside NHC’s, none lost', async () => {
      for (const { step, ids, kept: lists, expected } of checks)
        for (const [n, id] of ids.entries())
          expectKeptAsSaid(
            lists[n] as Issuance[],
            expected.filter((s) => s.storm === id),
            `${step} ${id}`,
          );
      expect(rebuiltOnce).toEqual(['wp182026']);
      expect((await storedForecastStorms(fileStore(replay.storeDir))).sort()).toEqual(WARNINGS.map((w) => w.atcfId).sort());
      for (const w of WARNINGS) {
        const [issuance] = await kept(replay.storeDir, w.atcfId);
        expect(issuance).toMatchObject({
          agency: 'jtwc',
          basin: w.atcfId.slice(0, 2).toUpperCase(),
          wind: { unit: 'kt', period: '1min' },
          source: { product: 'jtwc-tcw', channel: 'live', file: w.tcw },
        });
        // The WMO heading's date-time group: wp warnings at 15 UTC, 01C's .tcw at 10 UTC.
        expect(issuance?.issuedAt).toBe(w.atcfId.startsWith('cp') ? '2026-08-22T10:00:00Z' : '2026-08-22T15:00:00Z');
      }
    });

    it('the .tcw the feed lists but could not be fetched, and the one cut short, are problems of the run, not faults of the data', async () => {
      const problems = replay.results.flatMap((r) => r.global.forecasts.problems);
      expect(problems.filter((p) => p.startsWith('cp0226.tcw: not fetched')).length).toBe(replay.results.length - 1);
      expect(problems.filter((p) => p.startsWith('wp1726.tcw: not fetched') && p.includes('cut off'))).toHaveLength(1);
      expect((await readTextQuality(fileStore(replay.storeDir))).faults.filter((f) => f.kind === 'unreadable-forecast')).toEqual([]);
      // The cyclones stay the typhoon family's and NHC's: none of JTWC's own basins is listed.
      expect(replay.results.at(-1)?.global.jtwc).toMatchObject({ ok: true, cyclones: 0 });
    });

    it('the global endpoints answer each one, the central Pacific storm under NHC’s id too', async () => {
      for (const w of WARNINGS) {
        const answer = await answered(replay, `/global/typhoons/jtwc-${w.atcfId}/forecasts`, at(10));
        expect([answer.total, answer.webTotal], w.atcfId).toEqual([1, 1]);
        expect(answer.list.map((i) => identity(said(i)))).toEqual([identity(everything.find((s) => s.storm === w.atcfId) as Said)]);
      }
      expect((await answered(replay, '/global/typhoons/nhc-cp012026/forecasts', at(10))).total).toBe(1);
    });
  });

  it('every other recorded payload of these services holds no forecast', () => {
    const replayed = new Set([
      'zj/TyphoonInfo_201927_FUNG-WONG.legacy-zjwater.json',
      'zj/TyphoonInfo_202116_MINDULLE.legacy-zjwater.array-wrapped.json',
      'nmc/view_3346168_NOLO.2026-10-07.trimmed.jsonp',
      'jtwc/wp1726.tcw',
      'jtwc/wp1826.tcw',
      'jtwc/wp1926.tcw',
      'jtwc/cp0126.tcw',
      // The text twins of three of those .tcw (checked against them above) and the index that lists them.
      'jtwc/wp1726web.txt',
      'jtwc/wp1826web.txt',
      'jtwc/cp0126web.txt',
      'jtwc/jtwc.2026-08-22T1840Z.rss',
    ]);
    // BAVI's warning 23 (a third party's test file) has no .tcw twin: the run reads forecasts from .tcw files only.
    const withoutTwin = ['jtwc/wp0926web.txt'];
    const others = ['zj', 'nmc', 'jtwc']
      .flatMap((dir) => fs.readdirSync(path.join(upstream, dir)).map((f) => `${dir}/${f}`))
      .filter((f) => !f.endsWith('SOURCES.md') && !replayed.has(f) && !withoutTwin.includes(f));
    const holdsForecast = (name: string, text: string) =>
      /"forecastpoints"\s*:\s*\[\s*\{/.test(text) || /"BABJ"/.test(text) || /^T0(1|2|4|7)\d /m.test(text) || /HRS, VALID AT:/.test(text)
        ? name
        : null;
    expect(others.flatMap((f) => holdsForecast(f, file(f)) ?? [])).toEqual([]);
    expect(others.length).toBeGreaterThan(10);
    expect(withoutTwin.map((f) => holdsForecast(f, file(f)))).toEqual(withoutTwin);
  });
});
