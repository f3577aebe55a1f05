/**
 * The deterministic generator: fluent Chinese and English sentences written from an event's data alone, so
 * flash news works offline and every number in it comes from the data. Titles are plain text; contents are
 * slotted text (src/flash/slotted-text.ts): every fact a clause in a slot, so that a language model may reword
 * the pattern around them but never state a fact.
 */
import type { TrackPoint } from '../model/typhoon-schemas.ts';
import type { FlashEvent } from './events.ts';
import { Slots, type SlottedText } from './slotted-text.ts';
import { gradeEn, gradeZh, isChinaNumber, stormEn, stormZh } from './storm-words.ts';
import { writeWarningFlash } from './warning-words.ts';

export interface FlashText {
  title: string;
  titleEn: string;
  /** The item's text; `fill` gives the template text. */
  content: SlottedText;
  contentEn: SlottedText;
}

const when = (time: string) => `${Number(time.slice(5, 7))}月${Number(time.slice(8, 10))}日${Number(time.slice(11, 13))}时`;
const whenEn = (time: string) => `${time.slice(0, 16).replace('T', ' ')} ${time.endsWith('Z') ? 'UTC' : 'Beijing time'}`;
const latZh = (p: TrackPoint) => `${p.lat >= 0 ? '北纬' : '南纬'}${Math.abs(p.lat)}度、${p.lng >= 0 ? '东经' : '西经'}${Math.abs(p.lng)}度`;
const latEn = (p: TrackPoint) => `${Math.abs(p.lat)}°${p.lat >= 0 ? 'N' : 'S'} ${Math.abs(p.lng)}°${p.lng >= 0 ? 'E' : 'W'}`;

/** `，{wind}，{pressure}`: the slots of what is known. */
function intensityZh(p: TrackPoint | null, s: Slots): string {
  if (!p) return '';
  const parts = [
    p.speed !== null ? s.put('wind', `中心附近最大风力${p.power}级（${p.speed}米/秒）`) : '',
    p.pressure !== null ? s.put('pressure', `中心最低气压${p.pressure}百帕`) : '',
  ].filter(Boolean);
  return parts.length ? `，${parts.join('，')}` : '';
}

/** `, with {wind} and {pressure}`: the slots of what is known. */
function intensityEn(p: TrackPoint | null, s: Slots): string {
  if (!p) return '';
  const parts = [
    p.speed !== null ? s.put('wind', `maximum winds ${p.speed} m/s`) : '',
    p.pressure !== null ? s.put('pressure', `central pressure ${p.pressure} hPa`) : '',
  ].filter(Boolean);
  return parts.length ? `, with ${parts.join(' and ')}` : '';
}

/**
 * Names: a named storm is `“名字”` / `DEMO`; an unnamed one its grade and number, `热带低压（编号20260099）` /
 * `Tropical Depression 20260099`, so a number never runs into the text around it (src/flash/storm-words.ts).
 * Grade words are those of the grade at the event's point: a tropical depression is never called a typhoon.
 * Each content is about one storm, `{storm}`; its time (`{time}`, with its own preposition) stands beside the
 * storm or its event, the 48-hour line's advice (`{advice}`) on its own; `{former}` and `{ended}` are events of
 * their own.
 */
export function writeFlash(e: FlashEvent): FlashText {
  const p = e.point;
  const grade = p?.grade ?? null;
  const storm = { code: e.code, name: e.storm.name, enname: e.storm.enname };
  /** The storm as the subject, with the grade of the event's point when unnamed. */
  const zh = stormZh(storm, grade);
  const en = stormEn(storm, grade);
  const z = new Slots();
  const n = new Slots();
  const time = ['time'];
  switch (e.type) {
    case 'numbered':
    case 'formed': {
      // 热带风暴“演示台风”（DEMO，编号202699） / 热带低压（编号20260099）
      const graded = stormZh(storm, grade, true);
      const idZh = storm.name ? `（${storm.enname ? `${storm.enname}，` : ''}编号${e.code}）` : '';
      const idEn = storm.enname ? ` (${isChinaNumber(e.code) ? 'China number ' : 'id '}${e.code})` : '';
      const former = e.formerCode ? `，${z.put('former', `此前以编号${e.formerCode}跟踪`)}` : '';
      const formerEn = e.formerCode ? `; ${n.put('former', `it was tracked before as ${e.formerCode}`)}` : '';
      return {
        title: `${graded}生成`,
        content: z.aboutStorm(
          `${z.put('time', when(e.time))}，${z.put('storm', `${graded}${idZh}`)}${z.put('event', `在${p ? latZh(p) : '西北太平洋'}生成`)}${intensityZh(p, z)}${former}。`,
          time,
          [],
          ['former'],
        ),
        titleEn: `${stormEn(storm, grade, true)} forms`,
        contentEn: n.aboutStorm(
          `${n.put('storm', `${stormEn(storm, grade, true)}${idEn}`)} ${n.put('event', `formed near ${p ? latEn(p) : 'the north-western Pacific'}`)} ${n.put('time', `at ${whenEn(e.time)}`)}${intensityEn(p, n)}${formerEn}.`,
          time,
          [],
          ['former'],
        ),
      };
    }
    case 'tracked': {
      // Seen late (src/flash/events.ts): the service began tracking it; never "forms".
      const graded = stormZh(storm, grade, true);
      const idZh = storm.name ? `（${storm.enname ? `${storm.enname}，` : ''}编号${e.code}）` : '';
      const idEn = storm.enname ? ` (${isChinaNumber(e.code) ? 'China number ' : 'id '}${e.code})` : '';
      const first = e.firstTime ?? e.time;
      return {
        title: `本服务开始跟踪${graded}`,
        content: z.aboutStorm(
          `${z.put('time', when(e.time))}，${z.put('storm', `${graded}${idZh}`)}${z.put('event', '开始由本服务跟踪')}，${z.put('first', `上游对它的最早定位时间为${when(first)}`)}。`,
          time,
        ),
        titleEn: `${stormEn(storm, grade, true)} tracked by this service`,
        contentEn: n.aboutStorm(
          `${n.put('storm', `${stormEn(storm, grade, true)}${idEn}`)} ${n.put('event', 'began to be tracked by this service')} ${n.put('time', `at ${whenEn(e.time)}`)}; ${n.put('first', `the upstream's first position of it is dated ${whenEn(first)}`)}.`,
          time,
        ),
      };
    }
    case 'upgraded':
    case 'downgraded': {
      const up = e.type === 'upgraded';
      const verb = up ? '加强' : '减弱';
      // The change, from and to, is one slot: “演示台风” + 由热带风暴加强为强热带风暴 / 热带低压（编号20260099） + 加强为热带风暴
      const change = `${storm.name ? `由${gradeZh(e.from)}` : ''}${verb}为${gradeZh(grade)}`;
      return {
        title: `${stormZh(storm, e.from)}${verb}为${gradeZh(grade)}`,
        content: z.aboutStorm(
          `${z.put('time', when(e.time))}，${z.put('storm', stormZh(storm, e.from))}${z.put('event', change)}，${z.put('position', `中心位于${p ? latZh(p) : '—'}`)}${intensityZh(p, z)}。`,
          time,
        ),
        titleEn: `${stormEn(storm, e.from)} ${up ? 'strengthens' : 'weakens'} into a ${gradeEn(grade)}`,
        contentEn: n.aboutStorm(
          `${n.put('time', `at ${whenEn(e.time)}`)} ${n.put('storm', stormEn(storm, e.from))} ${n.put('event', `${up ? 'strengthened' : 'weakened'} from a ${gradeEn(e.from)} into a ${gradeEn(grade)} near ${p ? latEn(p) : '—'}`)}${intensityEn(p, n)}.`,
          time,
        ),
      };
    }
    case 'landfall':
      return {
        title: `${zh}登陆${e.position ?? ''}`,
        content: z.aboutStorm(
          `${z.put('time', `${when(e.time)}前后`)}，${z.put('storm', stormZh(storm, grade, true))}${z.put('event', `在${e.position ?? '沿海'}登陆`)}${intensityZh(p, z)}。`,
          time,
        ),
        titleEn: `${en} makes landfall`,
        contentEn: n.aboutStorm(
          `${n.put('storm', stormEn(storm, grade, true))} ${n.put('event', `made landfall at ${e.positionEn ?? 'the coast'}`)} ${n.put('time', `around ${whenEn(e.time)}`)}${intensityEn(p, n)}.`,
          time,
        ),
      };
    case 'warning-48h':
      return {
        title: `${zh}进入48小时警戒线`,
        content: z.aboutStorm(
          `${z.put('time', when(e.time))}，${z.put('storm', stormZh(storm, grade, true))}${z.put('event', '进入我国48小时警戒线')}，${z.put('position', `中心位于${p ? latZh(p) : '—'}`)}${intensityZh(p, z)}，${z.put('advice', '请关注最新预报')}。`,
          time,
          ['advice'],
        ),
        titleEn: `${en} crosses the 48-hour warning line`,
        contentEn: n.aboutStorm(
          `${n.put('time', `at ${whenEn(e.time)}`)} ${n.put('storm', stormEn(storm, grade, true))} ${n.put('event', `crossed China's 48-hour warning line near ${p ? latEn(p) : '—'}`)}${intensityEn(p, n)}.`,
          time,
        ),
      };
    case 'dissipated': {
      // China numbers are "stopped" (停止编号); an unnumbered system is no longer tracked (停止监测).
      const stopped = isChinaNumber(e.code) ? '停止编号' : '停止监测';
      return {
        title: `${zh}${stopped}`,
        content: z.aboutStorm(
          `${z.put('storm', stormZh(storm, grade, true))}${z.put('event', `最后一次定位于${when(e.time)}，位于${p ? latZh(p) : '—'}`)}，${z.put('ended', `已${stopped}`)}。`,
          [],
          [],
          ['ended'],
        ),
        titleEn: `${en} dissipates`,
        contentEn: n.aboutStorm(
          `${n.put('storm', stormEn(storm, grade, true))} ${n.put('event', `was last positioned at ${whenEn(e.time)} near ${p ? latEn(p) : '—'}`)}; ${n.put('ended', 'advisories have ended')}.`,
          [],
          [],
          ['ended'],
        ),
      };
    }
    case 'disturbance-alert':
    case 'disturbance-alert-cancelled':
    case 'disturbance-high':
    case 'disturbance-chance60': {
      // 西北太平洋的热带扰动97W（jtwc-wp972026） / Tropical disturbance 97W (jtwc-wp972026)
      const subject = z.put('storm', `${e.basin ?? ''}的热带扰动${e.storm.enname ?? e.code}（${e.code}）`);
      const subjectEn = n.put('storm', `Tropical disturbance ${e.storm.enname ?? e.code} (${e.code})`);
      const utc = `${e.time.slice(0, 16).replace('T', ' ')}（世界时）`;
      const expiry = e.expiresAt ? `，有效至${e.expiresAt.slice(0, 16).replace('T', ' ')}（世界时）` : '';
      const expiryEn = e.expiresAt ? `, in force until ${whenEn(e.expiresAt)}` : '';
      const said = {
        'disturbance-alert': {
          title: `美国联合台风警报中心对热带扰动${e.storm.enname ?? e.code}发布热带气旋形成警报`,
          event: `于${utc}被美国联合台风警报中心（JTWC）发布热带气旋形成警报${expiry}`,
          titleEn: `JTWC issues a tropical cyclone formation alert for ${e.storm.enname ?? e.code}`,
          eventEn: `is the subject of a tropical cyclone formation alert issued by JTWC at ${whenEn(e.time)}${expiryEn}`,
        },
        'disturbance-alert-cancelled': {
          title: `热带扰动${e.storm.enname ?? e.code}的热带气旋形成警报已取消`,
          event: `的热带气旋形成警报已被美国联合台风警报中心（JTWC）取消（${utc}的热带天气公告）`,
          titleEn: `Formation alert for ${e.storm.enname ?? e.code} cancelled`,
          eventEn: `no longer has a tropical cyclone formation alert: JTWC cancelled it (advisory of ${whenEn(e.time)})`,
        },
        'disturbance-high': {
          title: `热带扰动${e.storm.enname ?? e.code}发展为热带气旋的可能性升为“高”`,
          event: `在24小时内发展为显著热带气旋的可能性被美国联合台风警报中心（JTWC）升为“高”（${utc}的热带天气公告）`,
          titleEn: `Development potential of ${e.storm.enname ?? e.code} raised to HIGH`,
          eventEn: `has its potential to develop into a significant tropical cyclone raised to HIGH by JTWC (advisory of ${whenEn(e.time)})`,
        },
        'disturbance-chance60': {
          title: `热带扰动${e.storm.enname ?? e.code}在7天内形成热带气旋的概率升至${e.chance?.percent}%`,
          event: `在7天内形成热带气旋的概率被美国国家飓风中心（NHC）从${e.chance?.before}%提高到${e.chance?.percent}%（${utc}的热带天气展望）`,
          titleEn: `Chance of ${e.storm.enname ?? e.code} forming within 7 days rises to ${e.chance?.percent} percent`,
          eventEn: `has its chance of tropical cyclone formation through 7 days raised from ${e.chance?.before} to ${e.chance?.percent} percent by NHC (outlook of ${whenEn(e.time)})`,
        },
      }[e.type];
      return {
        title: said.title,
        content: z.aboutStorm(`${subject}${z.put('event', said.event)}。`),
        titleEn: said.titleEn,
        contentEn: n.aboutStorm(`${subjectEn} ${n.put('event', said.eventEn)}.`),
      };
    }
    case 'global-tracked': {
      // First read at a later advisory than its first: the service began tracking it; never "forms".
      const english = e.storm.enname && e.storm.enname !== e.storm.name ? `${e.storm.enname}，` : '';
      const advisoryZh = e.advisory ? `第${e.advisory}号公报` : '公报';
      const advisoryEn = e.advisory ? `advisory ${e.advisory}` : 'an advisory';
      const first = (e.firstTime ?? e.time).slice(0, 10);
      return {
        title: `本服务开始跟踪${e.basin ?? ''}热带气旋${e.storm.name ?? e.code}`,
        content: z.aboutStorm(
          `${z.put('storm', `${e.basin ?? '其他海域'}的热带气旋${e.storm.name ?? e.code}（${english}${e.code}）`)}${z.put('event', `自${advisoryZh}起由本服务跟踪，其路径始于${first}（世界时）`)}。`,
        ),
        titleEn: `Tropical cyclone ${e.storm.enname ?? e.code} tracked by this service`,
        contentEn: n.aboutStorm(
          `${n.put('storm', `Tropical cyclone ${e.storm.enname ?? e.code} (${e.code})`)} ${n.put('event', `is tracked by this service from ${advisoryEn}; its track begins on ${first} UTC`)}.`,
        ),
      };
    }
    case 'warning-raised':
    case 'warning-changed':
    case 'warning-lowered':
    case 'warning-cancelled':
      if (!e.warning) throw new Error(`${e.key}: a warning item without its warning`);
      return writeWarningFlash({ ...e, warning: e.warning });
    case 'global-formed': {
      // A Chinese name has the English one beside it: 热带气旋吉纳维芙（GENEVIEVE，nhc-ep072026）
      const english = e.storm.enname && e.storm.enname !== e.storm.name ? `${e.storm.enname}，` : '';
      return {
        title: `${e.basin ?? ''}热带气旋${e.storm.name ?? e.code}生成`,
        content: z.aboutStorm(
          `${z.put('storm', `${e.basin ?? '其他海域'}的热带气旋${e.storm.name ?? e.code}（${english}${e.code}）`)}${z.put('event', `于${e.time.slice(0, 10)}生成（世界时）`)}。`,
        ),
        titleEn: `Tropical cyclone ${e.storm.enname ?? e.code} forms`,
        contentEn: n.aboutStorm(
          `${n.put('storm', `Tropical cyclone ${e.storm.enname ?? e.code} (${e.code})`)} ${n.put('event', `formed on ${e.time.slice(0, 10)} UTC`)}.`,
        ),
      };
    }
  }
}
