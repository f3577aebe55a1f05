/**
 * The deterministic generator: fluent Chinese and English sentences written from an event's data alone, so
 * flash news works offline and every number in it comes from the data.
 */
import type { TrackPoint } from '../model/schemas.ts';
import type { FlashEvent } from './events.ts';
import { gradeEn, gradeZh, isChinaNumber, stormEn, stormZh } from './storm-words.ts';

export interface FlashText {
  title: string;
  content: string;
  titleEn: string;
  contentEn: string;
}

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

/**
 * Names: a named storm is `“名字”` / `DEMO`; an unnamed one its grade and number, `热带低压（编号20260099）` /
 * `Tropical Depression 20260099`, so a number never runs into the text around it (src/flash/storm-words.ts).
 * Grade words are those of the grade at the event's point: a tropical depression is never called a typhoon.
 */
export function writeFlash(e: FlashEvent): FlashText {
  const p = e.point;
  const grade = p?.grade ?? null;
  const storm = { code: e.code, name: e.storm.name, enname: e.storm.enname };
  /** The storm as the subject, with the grade of the event's point when unnamed. */
  const zh = stormZh(storm, grade);
  const en = stormEn(storm, grade);
  switch (e.type) {
    case 'numbered':
    case 'formed': {
      // 热带风暴“演示台风”（DEMO，编号202699） / 热带低压（编号20260099）
      const graded = stormZh(storm, grade, true);
      const idZh = storm.name ? `（${storm.enname ? `${storm.enname}，` : ''}编号${e.code}）` : '';
      const idEn = storm.enname ? ` (${isChinaNumber(e.code) ? 'China number ' : 'id '}${e.code})` : '';
      const former = e.formerCode ? `，此前以编号${e.formerCode}跟踪` : '';
      const formerEn = e.formerCode ? `; it was tracked before as ${e.formerCode}` : '';
      return {
        title: `${graded}生成`,
        content: `${when(e.time)}，${graded}${idZh}在${p ? latZh(p) : '西北太平洋'}生成${intensityZh(p)}${former}。`,
        titleEn: `${stormEn(storm, grade, true)} forms`,
        contentEn: `${stormEn(storm, grade, true)}${idEn} formed near ${p ? latEn(p) : 'the north-western Pacific'} at ${whenEn(e.time)}${intensityEn(p)}${formerEn}.`,
      };
    }
    case 'upgraded':
    case 'downgraded': {
      const up = e.type === 'upgraded';
      const verb = up ? '加强' : '减弱';
      // “演示台风”由热带风暴加强为强热带风暴 / 热带低压（编号20260099）加强为热带风暴
      const subject = storm.name ? `${stormZh(storm, e.from)}由${gradeZh(e.from)}` : stormZh(storm, e.from);
      return {
        title: `${stormZh(storm, e.from)}${verb}为${gradeZh(grade)}`,
        content: `${when(e.time)}，${subject}${verb}为${gradeZh(grade)}，中心位于${p ? latZh(p) : '—'}${intensityZh(p)}。`,
        titleEn: `${stormEn(storm, e.from)} ${up ? 'strengthens' : 'weakens'} into a ${gradeEn(grade)}`,
        contentEn: `At ${whenEn(e.time)} ${stormEn(storm, e.from)} ${up ? 'strengthened' : 'weakened'} from a ${gradeEn(e.from)} into a ${gradeEn(grade)} near ${p ? latEn(p) : '—'}${intensityEn(p)}.`,
      };
    }
    case 'landfall':
      return {
        title: `${zh}登陆${e.position ?? ''}`,
        content: `${when(e.time)}前后，${stormZh(storm, grade, true)}在${e.position ?? '沿海'}登陆${intensityZh(p)}。`,
        titleEn: `${en} makes landfall`,
        contentEn: `${stormEn(storm, grade, true)} made landfall at ${e.position ?? 'the coast'} around ${whenEn(e.time)}${intensityEn(p)}.`,
      };
    case 'warning-48h':
      return {
        title: `${zh}进入48小时警戒线`,
        content: `${when(e.time)}，${stormZh(storm, grade, true)}进入我国48小时警戒线，中心位于${p ? latZh(p) : '—'}${intensityZh(p)}，请关注最新预报。`,
        titleEn: `${en} crosses the 48-hour warning line`,
        contentEn: `At ${whenEn(e.time)} ${stormEn(storm, grade, true)} crossed China's 48-hour warning line near ${p ? latEn(p) : '—'}${intensityEn(p)}.`,
      };
    case 'dissipated': {
      // China numbers are "stopped" (停止编号); an unnumbered system is no longer tracked (停止监测).
      const stopped = isChinaNumber(e.code) ? '停止编号' : '停止监测';
      return {
        title: `${zh}${stopped}`,
        content: `${stormZh(storm, grade, true)}最后一次定位于${when(e.time)}，位于${p ? latZh(p) : '—'}，已${stopped}。`,
        titleEn: `${en} dissipates`,
        contentEn: `${stormEn(storm, grade, true)} was last positioned at ${whenEn(e.time)} near ${p ? latEn(p) : '—'}; advisories have ended.`,
      };
    }
    case 'global-formed': {
      // A Chinese name has the English one beside it: 热带气旋吉纳维芙（GENEVIEVE，nhc-ep072026）
      const english = e.storm.enname && e.storm.enname !== e.storm.name ? `${e.storm.enname}，` : '';
      return {
        title: `${e.basin ?? ''}热带气旋${e.storm.name ?? e.code}生成`,
        content: `${e.basin ?? '其他海域'}的热带气旋${e.storm.name ?? e.code}（${english}${e.code}）于${e.time.slice(0, 10)}生成（世界时）。`,
        titleEn: `Tropical cyclone ${e.storm.enname ?? e.code} forms`,
        contentEn: `Tropical cyclone ${e.storm.enname ?? e.code} (${e.code}) formed on ${e.time.slice(0, 10)} UTC.`,
      };
    }
  }
}
