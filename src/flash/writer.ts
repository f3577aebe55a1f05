/**
 * The deterministic generator: fluent Chinese and English sentences written from an event's data alone, so
 * flash news works offline and every number in it comes from the data.
 */
import { GRADE_NAMES } from '../model/grades.ts';
import type { TrackPoint } from '../model/schemas.ts';
import type { FlashEvent } from './events.ts';

export interface FlashText {
  title: string;
  content: string;
  titleEn: string;
  contentEn: string;
}

const zhName = (e: FlashEvent) => (e.storm.name ? `“${e.storm.name}”` : e.code);
const enName = (e: FlashEvent) => e.storm.enname ?? e.code;
const when = (time: string) => `${Number(time.slice(5, 7))}月${Number(time.slice(8, 10))}日${Number(time.slice(11, 13))}时`;
const whenEn = (time: string) => `${time.slice(0, 16).replace('T', ' ')} ${time.endsWith('Z') ? 'UTC' : 'Beijing time'}`;
const latZh = (p: TrackPoint) => `${p.lat >= 0 ? '北纬' : '南纬'}${Math.abs(p.lat)}度、${p.lng >= 0 ? '东经' : '西经'}${Math.abs(p.lng)}度`;
const latEn = (p: TrackPoint) => `${Math.abs(p.lat)}°${p.lat >= 0 ? 'N' : 'S'} ${Math.abs(p.lng)}°${p.lng >= 0 ? 'E' : 'W'}`;

function intensityZh(p: TrackPoint | null): string {
  if (!p) return '';
  const parts = [p.speed !== null ? `中心附近最大风力${p.power}级（${p.speed}米/秒）` : '', p.pressure !== null ? `中心最低气压${p.pressure}百帕` : ''].filter(Boolean);
  return parts.length ? `，${parts.join('，')}` : '';
}

function intensityEn(p: TrackPoint | null): string {
  if (!p) return '';
  const parts = [p.speed !== null ? `maximum winds ${p.speed} m/s` : '', p.pressure !== null ? `central pressure ${p.pressure} hPa` : ''].filter(Boolean);
  return parts.length ? `, with ${parts.join(' and ')}` : '';
}

export function writeFlash(e: FlashEvent): FlashText {
  const p = e.point;
  const grade = p?.grade ? GRADE_NAMES[p.grade] : '热带气旋';
  switch (e.type) {
    case 'numbered':
      return {
        title: `台风${zhName(e)}生成`,
        content: `${when(e.time)}，台风${zhName(e)}（${enName(e)}）在${p ? latZh(p) : '西北太平洋'}生成${intensityZh(p)}。`,
        titleEn: `${enName(e)} forms`,
        contentEn: `${enName(e)} formed at ${p ? latEn(p) : 'the north-western Pacific'} at ${whenEn(e.time)}${intensityEn(p)}.`,
      };
    case 'upgraded':
    case 'downgraded': {
      const up = e.type === 'upgraded';
      const from = e.from ? GRADE_NAMES[e.from] : '热带扰动';
      return {
        title: `${zhName(e)}${up ? '加强' : '减弱'}为${grade}`,
        content: `${when(e.time)}，${zhName(e)}由${from}${up ? '加强' : '减弱'}为${grade}，中心位于${p ? latZh(p) : '—'}${intensityZh(p)}。`,
        titleEn: `${enName(e)} ${up ? 'strengthens' : 'weakens'} to ${p?.grade ?? 'a lower grade'}`,
        contentEn: `At ${whenEn(e.time)} ${enName(e)} ${up ? 'strengthened' : 'weakened'} from ${e.from ?? 'a disturbance'} to ${p?.grade ?? 'a lower grade'} near ${p ? latEn(p) : '—'}${intensityEn(p)}.`,
      };
    }
    case 'landfall':
      return {
        title: `${zhName(e)}登陆${e.position ?? ''}`,
        content: `${when(e.time)}前后，${zhName(e)}在${e.position ?? '沿海'}登陆${intensityZh(p)}。`,
        titleEn: `${enName(e)} makes landfall`,
        contentEn: `${enName(e)} made landfall at ${e.position ?? 'the coast'} around ${whenEn(e.time)}${intensityEn(p)}.`,
      };
    case 'warning-48h':
      return {
        title: `${zhName(e)}进入48小时警戒线`,
        content: `${when(e.time)}，${zhName(e)}进入我国48小时警戒线，中心位于${p ? latZh(p) : '—'}${intensityZh(p)}，请关注最新预报。`,
        titleEn: `${enName(e)} crosses the 48-hour warning line`,
        contentEn: `At ${whenEn(e.time)} ${enName(e)} crossed China's 48-hour warning line near ${p ? latEn(p) : '—'}${intensityEn(p)}.`,
      };
    case 'dissipated':
      return {
        title: `${zhName(e)}停止编号`,
        content: `${zhName(e)}最后一次定位于${when(e.time)}，位于${p ? latZh(p) : '—'}，已停止编号。`,
        titleEn: `${enName(e)} dissipates`,
        contentEn: `${enName(e)} was last positioned at ${whenEn(e.time)} near ${p ? latEn(p) : '—'}; advisories have ended.`,
      };
    case 'global-formed':
      return {
        title: `${e.basin ?? ''}热带气旋${e.storm.name ?? e.code}生成`,
        content: `${e.basin ?? '其他海域'}的热带气旋${e.storm.name ?? e.code}（${e.code}）于${e.time.slice(0, 10)}生成（世界时）。`,
        titleEn: `Tropical cyclone ${e.storm.name ?? e.code} forms`,
        contentEn: `Tropical cyclone ${e.storm.name ?? e.code} (${e.code}) formed on ${e.time.slice(0, 10)} UTC.`,
      };
  }
}
