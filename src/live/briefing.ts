/**
 * Today's briefing: deterministic sentences (Chinese, with English beside) written from the live view, so they
 * work offline and every number in them comes from the data. The scheduled run may have a language model rephrase
 * them (src/flash/record-summary.ts); requests only read what it stored (src/flash/summary-store.ts).
 */
import type { TrackPoint, Typhoon } from '../model/schemas.ts';
import type { Generator } from '../model/flash-schemas.ts';
import { stormEn as labelEn, stormZh as labelZh } from '../flash/storm-words.ts';
import type { LiveView } from './snapshot.ts';

const COMPASS_ZH: Record<string, string> = {
  N: '偏北', NNE: '北东北', NE: '东北', ENE: '东东北', E: '偏东', ESE: '东东南', SE: '东南', SSE: '南东南',
  S: '偏南', SSW: '南西南', SW: '西南', WSW: '西西南', W: '偏西', WNW: '西西北', NW: '西北', NNW: '北西北',
};

const latText = (lat: number, zh: boolean) => (zh ? `${lat >= 0 ? '北纬' : '南纬'}${Math.abs(lat)}度` : `${Math.abs(lat)}°${lat >= 0 ? 'N' : 'S'}`);
const lngText = (lng: number, zh: boolean) => (zh ? `${lng >= 0 ? '东经' : '西经'}${Math.abs(lng)}度` : `${Math.abs(lng)}°${lng >= 0 ? 'E' : 'W'}`);

export const latestPoint = (t: Typhoon): TrackPoint => t.points[t.points.length - 1] as TrackPoint;

/** An active storm in brief: where it is now and how strong (bootstrap's and the live summary's list). */
export function stormBrief(t: Typhoon) {
  const p = latestPoint(t);
  return { code: t.code, name: t.name, enname: t.enname, time: p.time, lat: p.lat, lng: p.lng, grade: p.grade, strong: p.strong, speed: p.speed, pressure: p.pressure, moveDir: p.moveDir, moveSpeed: p.moveSpeed };
}

function stormZh(t: Typhoon): string {
  const p = latestPoint(t);
  // The grade word matches the grade; a code never runs into the date (热带低压（编号20260099）).
  const label = labelZh(t, p.grade, true);
  const parts = [`${p.time.slice(5, 7)}月${p.time.slice(8, 10)}日${p.time.slice(11, 13)}时，${label}位于${latText(p.lat, true)}、${lngText(p.lng, true)}`];
  if (p.strong) parts.push(`强度为${p.strong}${p.power !== null ? `（${p.power}级` : ''}${p.speed !== null ? `，${p.speed}米/秒` : ''}${p.power !== null ? '）' : ''}`);
  if (p.pressure !== null) parts.push(`中心气压${p.pressure}百帕`);
  if (p.moveDir && p.moveSpeed !== null) parts.push(`以每小时${p.moveSpeed}公里的速度向${COMPASS_ZH[p.moveDir]}方向移动`);
  return parts.join('，') + '。';
}

function stormEn(t: Typhoon): string {
  const p = latestPoint(t);
  const label = labelEn(t, p.grade, true);
  const parts = [`${label} was at ${latText(p.lat, false)}, ${lngText(p.lng, false)} at ${p.time}`];
  if (p.grade) parts.push(`grade ${p.grade}${p.speed !== null ? ` with winds of ${p.speed} m/s` : ''}`);
  if (p.pressure !== null) parts.push(`central pressure ${p.pressure} hPa`);
  if (p.moveDir && p.moveSpeed !== null) parts.push(`moving ${p.moveDir} at ${p.moveSpeed} km/h`);
  return parts.join(', ') + '.';
}

/** The template text about the live view: Chinese and English; before the first refresh, that there is no data yet. */
export interface BriefingText {
  text: string;
  textEn: string;
}

export function briefingText(view: LiveView): BriefingText {
  if (view.upstream === 'never-fetched') return { text: '暂无实时台风数据。', textEn: 'No live typhoon data yet.' };
  const stale = view.stale ? `（上游暂不可用，以下为${view.fetchedAt ?? '此前'}获取的数据）` : '';
  const staleEn = view.stale ? ` (Upstreams unavailable; data fetched at ${view.fetchedAt ?? 'an earlier time'}.)` : '';
  const text = view.typhoons.length
    ? `${stale}西北太平洋目前有${view.typhoons.length}个活跃热带气旋。${view.typhoons.map(stormZh).join('')}`
    : `${stale}西北太平洋目前没有活跃的台风。`;
  const textEn = view.typhoons.length
    ? `${view.typhoons.length} active tropical cyclone(s) in the north-western Pacific.${staleEn} ${view.typhoons.map(stormEn).join(' ')}`
    : `No active typhoon in the north-western Pacific.${staleEn}`;
  return { text, textEn };
}

/** The upstream's strings in the briefing text (storm names): data for a language model, never instructions. */
export const briefingNames = (view: LiveView): string[] => view.typhoons.flatMap((t) => [t.name, t.enname]).filter((n): n is string => !!n);

/**
 * Bootstrap's `briefing`: the same text as `/api/llm/summary` (src/flash/summary-store.ts). `aiGenerated` is true
 * for every text a program wrote; `generator` says which: the template generator or a language model.
 */
export interface Briefing extends BriefingText {
  generatedAt: string;
  aiGenerated: true;
  generator: Generator;
}

/** The template briefing, or null before the first refresh. */
export function writeBriefing(view: LiveView): Briefing | null {
  if (view.upstream === 'never-fetched') return null;
  return { ...briefingText(view), generatedAt: view.fetchedAt ?? '', aiGenerated: true, generator: 'template' };
}
