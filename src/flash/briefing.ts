/**
 * Today's briefing: deterministic sentences (Chinese, with English beside) written from the live view, so they
 * work offline and every number in them comes from the data. They are slotted text (src/flash/slotted-text.ts):
 * the scheduled run may have a language model reword their patterns (src/flash/record-summary.ts); requests only
 * read what it stored (src/flash/summary-store.ts).
 *
 * What the text says follows the state of the live view (src/model/freshness.ts), and a fault is told as a fault:
 * - never fetched: there is no live data yet;
 * - unavailable (a refresh once succeeded, but the stored snapshot cannot be read, both copies): the live data is
 *   unavailable, never "no active typhoon";
 * - stale (the last refresh failed, was stopped or is overdue): the data could not be updated, and what it held
 *   is stated as of the time it was fetched, never as "currently";
 * - ok: what is active now.
 */
import type { TrackPoint, Typhoon } from '../model/typhoon-schemas.ts';
import type { Generator } from '../model/flash-schemas.ts';
import { fill, Slots, type SlottedText } from './slotted-text.ts';
import { stormEn as labelEn, stormZh as labelZh } from './storm-words.ts';
import type { LiveView } from '../live/snapshot.ts';

const COMPASS_ZH: Record<string, string> = {
  N: '偏北',
  NNE: '北东北',
  NE: '东北',
  ENE: '东东北',
  E: '偏东',
  ESE: '东东南',
  SE: '东南',
  SSE: '南东南',
  S: '偏南',
  SSW: '南西南',
  SW: '西南',
  WSW: '西西南',
  W: '偏西',
  WNW: '西西北',
  NW: '西北',
  NNW: '北西北',
};

const latText = (lat: number, zh: boolean) =>
  zh ? `${lat >= 0 ? '北纬' : '南纬'}${Math.abs(lat)}度` : `${Math.abs(lat)}°${lat >= 0 ? 'N' : 'S'}`;
const lngText = (lng: number, zh: boolean) =>
  zh ? `${lng >= 0 ? '东经' : '西经'}${Math.abs(lng)}度` : `${Math.abs(lng)}°${lng >= 0 ? 'E' : 'W'}`;

export const latestPoint = (t: Typhoon): TrackPoint => t.points[t.points.length - 1] as TrackPoint;

/** An active storm in brief: where it is now and how strong (bootstrap's and the live summary's list). */
export function stormBrief(t: Typhoon) {
  const p = latestPoint(t);
  return {
    code: t.code,
    name: t.name,
    enname: t.enname,
    time: p.time,
    lat: p.lat,
    lng: p.lng,
    grade: p.grade,
    strong: p.strong,
    speed: p.speed,
    pressure: p.pressure,
    moveDir: p.moveDir,
    moveSpeed: p.moveSpeed,
    // Past its source's publishing bound (or of a stale list): as of this position, its last report, never now.
    stale: t.live?.stale ?? false,
    staleReason: t.live?.staleReason ?? null,
  };
}

/** Storm `k` of the briefing: `{timek}，{stormk}{positionk}，{intensityk}，{pressurek}，{movementk}。` */
function stormZh(t: Typhoon, k: number, s: Slots): string {
  const p = latestPoint(t);
  // The grade word matches the grade; a code never runs into the date (热带低压（编号20260099）).
  const label = labelZh(t, p.grade, true);
  // A storm past its source's publishing bound is told as last reported at its time, never as now.
  const when = `${p.time.slice(5, 7)}月${p.time.slice(8, 10)}日${p.time.slice(11, 13)}时`;
  const parts = [
    `${s.put(`time${k}`, t.live?.stale ? `${when}（最后一次报告）` : when)}，${s.put(`storm${k}`, label)}${s.put(`position${k}`, `位于${latText(p.lat, true)}、${lngText(p.lng, true)}`)}`,
  ];
  if (p.strong)
    parts.push(
      s.put(
        `intensity${k}`,
        `强度为${p.strong}${p.power !== null ? `（${p.power}级` : ''}${p.speed !== null ? `，${p.speed}米/秒` : ''}${p.power !== null ? '）' : ''}`,
      ),
    );
  if (p.pressure !== null) parts.push(s.put(`pressure${k}`, `中心气压${p.pressure}百帕`));
  if (p.moveDir && p.moveSpeed !== null)
    parts.push(s.put(`movement${k}`, `以每小时${p.moveSpeed}公里的速度向${COMPASS_ZH[p.moveDir]}方向移动`));
  return parts.join('，') + '。';
}

/** Storm `k` of the briefing: `{stormk} {positionk} {timek}, {intensityk}, {pressurek}, {movementk}.` */
function stormEn(t: Typhoon, k: number, s: Slots): string {
  const p = latestPoint(t);
  const label = labelEn(t, p.grade, true);
  const parts = [
    `${s.put(`storm${k}`, label)} ${s.put(`position${k}`, `was at ${latText(p.lat, false)}, ${lngText(p.lng, false)}`)} ${s.put(`time${k}`, t.live?.stale ? `at ${p.time} (its last report)` : `at ${p.time}`)}`,
  ];
  if (p.grade) parts.push(s.put(`intensity${k}`, `grade ${p.grade}${p.speed !== null ? ` with winds of ${p.speed} m/s` : ''}`));
  if (p.pressure !== null) parts.push(s.put(`pressure${k}`, `central pressure ${p.pressure} hPa`));
  if (p.moveDir && p.moveSpeed !== null) parts.push(s.put(`movement${k}`, `moving ${p.moveDir} at ${p.moveSpeed} km/h`));
  return parts.join(', ') + '.';
}

/** A time the data was fetched at, as a reader reads it: `北京时间2026年9月12日14:30` / `2026-09-12 14:30 Beijing time`. */
const asOfZh = (time: string) =>
  time.endsWith('+08:00')
    ? `北京时间${Number(time.slice(0, 4))}年${Number(time.slice(5, 7))}月${Number(time.slice(8, 10))}日${time.slice(11, 16)}`
    : time;
const asOfEn = (time: string) => (time.endsWith('+08:00') ? `${time.slice(0, 16).replace('T', ' ')} Beijing time` : time);

/** The briefing as slotted text, Chinese and English. */
export interface BriefingPatterns {
  zh: SlottedText;
  en: SlottedText;
}

/** The state notice of a stale view, Chinese and English: why it is not current. */
function staleNotice(view: LiveView): { zh: string; en: string } {
  if (view.off)
    return { zh: `本服务器不轮询上游（以${view.off}启动）`, en: `This server polls no upstream (it was started with ${view.off})` };
  if (view.upstream === 'ok' && view.publishedAt)
    return {
      zh: `上游自${asOfZh(view.publishedAt)}以来没有发布新数据`,
      en: `The upstream has published nothing new since ${asOfEn(view.publishedAt)}`,
    };
  return { zh: '实时数据未能按时更新', en: 'The live data could not be updated on time' };
}

/**
 * The briefing of the live view: a notice of its state where it is not current (`{state}`), the count of active
 * storms (`{count}`), then a sentence per storm, whose slots are numbered from 1. Nothing past its source's
 * publishing bound is told as now (目前, currently): a stale view counts as of its time, and a storm the source
 * still lists but last reported too long ago is told as last reported at its time.
 */
export function briefingPatterns(view: LiveView): BriefingPatterns {
  const zh = new Slots();
  const en = new Slots();
  if (view.upstream === 'never-fetched' || (view.off && view.fetchedAt === null)) {
    const notice = view.off ? staleNotice(view) : null;
    return {
      zh: zh.text(`${zh.put('state', notice ? `${notice.zh}，暂无实时台风数据` : '暂无实时台风数据')}。`),
      en: en.text(`${en.put('state', notice ? `${notice.en}: no live typhoon data` : 'No live typhoon data yet')}.`),
    };
  }
  // Nothing fetched yet, and the refreshes fail (offline): the upstream could not be reached.
  if (view.fetchedAt === null && !view.lost) {
    return {
      zh: zh.text(`${zh.put('state', '实时台风数据暂不可用：上游无法访问，尚未获取到任何数据')}。`),
      en: en.text(
        `${en.put('state', 'Live typhoon data is unavailable: the upstream could not be reached, and nothing has been fetched yet')}.`,
      ),
    };
  }
  // A refresh once succeeded, yet there is no data: the stored snapshot cannot be read.
  if (view.fetchedAt === null) {
    return {
      zh: zh.text(`${zh.put('state', '实时台风数据暂不可用：已存储的数据无法读取')}。`),
      en: en.text(`${en.put('state', 'Live typhoon data is unavailable: the stored data cannot be read')}.`),
    };
  }
  const n = view.typhoons.length;
  const cyclonesEn = (count: number) => `${count} active tropical cyclone${count === 1 ? '' : 's'}`;
  // As of when: the source's own time when it is what is old, else our fetch.
  const asOf = view.upstream === 'ok' && !view.off && view.publishedAt ? view.publishedAt : view.fetchedAt;
  const old = view.typhoons.filter((t) => t.live?.stale).length;
  const current = n - old;
  const countZh = view.stale
    ? `截至${asOfZh(asOf)}，西北太平洋${n ? `有${n}个活跃热带气旋` : '没有活跃的台风'}`
    : old
      ? `西北太平洋目前有${current}个活跃热带气旋，另有${old}个热带气旋的最新报告已超过上游的发布间隔`
      : n
        ? `西北太平洋目前有${n}个活跃热带气旋`
        : '西北太平洋目前没有活跃的台风';
  const countEn = view.stale
    ? `As of ${asOfEn(asOf)}, ${n ? cyclonesEn(n) : 'no active typhoon'} in the north-western Pacific`
    : old
      ? `${cyclonesEn(current)} in the north-western Pacific, and ${old} tropical cyclone${old === 1 ? '' : 's'} whose latest report is older than the upstream's publishing interval`
      : n
        ? `${cyclonesEn(n)} in the north-western Pacific`
        : 'No active typhoon in the north-western Pacific';
  const notice = view.stale ? staleNotice(view) : null;
  const stateZh = notice ? `${zh.put('state', notice.zh)}。` : '';
  const stateEn = notice ? `${en.put('state', notice.en)}. ` : '';
  const zhPattern = `${stateZh}${zh.put('count', countZh)}。${view.typhoons.map((t, i) => stormZh(t, i + 1, zh)).join('')}`;
  const enPattern = `${stateEn}${en.put('count', countEn)}.${view.typhoons.map((t, i) => ` ${stormEn(t, i + 1, en)}`).join('')}`;
  const ks = view.typhoons.map((_, i) => i + 1);
  return {
    zh: zh.text(
      zhPattern,
      ks.map((k) => zh.storm(k)),
    ),
    en: en.text(
      enPattern,
      ks.map((k) => en.storm(k)),
    ),
  };
}

/** The template text about the live view: Chinese and English. */
export interface BriefingText {
  text: string;
  textEn: string;
}

export function briefingText(view: LiveView): BriefingText {
  const { zh, en } = briefingPatterns(view);
  return { text: fill(zh), textEn: fill(en) };
}

/**
 * Bootstrap's `briefing`: the same text as `/api/llm/summary` (src/flash/summary-store.ts). `aiGenerated` is true
 * for every text a program wrote; `generator` says which: the template generator or a language model.
 */
export interface Briefing extends BriefingText {
  generatedAt: string;
  /** The upstream's own time of the data it describes (the live list's publishedAt); null without storms. */
  publishedAt: string | null;
  aiGenerated: true;
  generator: Generator;
}
