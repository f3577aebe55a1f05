/**
 * The template text of an item about a warning (src/flash/warning-events.ts), in Chinese and English: the agency
 * is the subject (`{storm}`: the slot of the one the text is about), its time (`{time}`, the agency's local time
 * and zone) stands beside it, and the change, with what was and what is in the agency's own words (Traditional
 * Chinese and English from HKO, Japanese from JMA, English from PAGASA, each quoted as given) and the areas, is one
 * clause (`{event}`). The storm is named only when the agency named it.
 */
import type { FlashEvent, WarningEventData, WarningLevelWords } from './events.ts';
import { Slots, type SlottedText } from './slotted-text.ts';

const AGENCY: Record<WarningEventData['agency'], { zh: string; en: string; zone: { zh: string; en: string } }> = {
  hko: { zh: '香港天文台', en: 'the Hong Kong Observatory', zone: { zh: '香港时间', en: 'Hong Kong time' } },
  jma: { zh: '日本气象厅', en: 'the Japan Meteorological Agency', zone: { zh: '日本时间', en: 'Japan time' } },
  pagasa: { zh: '菲律宾大气地球物理和天文管理局（PAGASA）', en: 'PAGASA', zone: { zh: '菲律宾时间', en: 'Philippine time' } },
};

/** The names the agency is given in the texts (the reader of the pattern tests binds facts to them). */
export const AGENCY_SUBJECTS = Object.values(AGENCY).flatMap((a) => [a.zh, a.en.replace(/^the /, '')]);

/** The agency's words of a warning, in a text's language where it gave them, else in the language it gave. */
function quoted(level: WarningLevelWords, language: 'zh' | 'en'): string {
  const { words, name } = level;
  const pick =
    language === 'zh'
      ? (words.zh ?? words.ja ?? name.zh ?? name.ja ?? words.en ?? name.en)
      : (words.en ?? name.en ?? words.ja ?? name.ja ?? words.zh ?? name.zh);
  return `“${pick ?? level.code}”`;
}

/** The areas: up to five by name, then how many more. */
function areasOf(areas: readonly string[], language: 'zh' | 'en'): string {
  const shown = areas.slice(0, 5);
  const more = areas.length - shown.length;
  if (language === 'zh') return `${shown.join('、')}${more > 0 ? `等${areas.length}个地区` : ''}`;
  if (more > 0) return `${shown.join(', ')} and ${more} more areas`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}` : (shown[0] ?? '');
}

/** `9月7日21时20分（香港时间）` / `2025-09-07 21:20 Hong Kong time`, from the agency's own time and offset. */
const whenZh = (time: string, zone: string) =>
  `${Number(time.slice(5, 7))}月${Number(time.slice(8, 10))}日${Number(time.slice(11, 13))}时${time.slice(14, 16) === '00' ? '' : `${Number(time.slice(14, 16))}分`}（${zone}）`;
const whenEn = (time: string, zone: string) => `${time.slice(0, 16).replace('T', ' ')} ${zone}`;

export function writeWarningFlash(e: FlashEvent & { warning: WarningEventData }): {
  title: string;
  titleEn: string;
  content: SlottedText;
  contentEn: SlottedText;
} {
  const w = e.warning;
  const agency = AGENCY[w.agency];
  const [fromZh, toZh, fromEn, toEn] = [
    w.from && quoted(w.from, 'zh'),
    w.to && quoted(w.to, 'zh'),
    w.from && quoted(w.from, 'en'),
    w.to && quoted(w.to, 'en'),
  ];
  const areasZh = w.areas.length ? areasOf(w.areas, 'zh') : null;
  const areasEn = w.areas.length ? areasOf(w.areas, 'en') : null;
  const forZh = areasZh ? `为${areasZh}` : '';
  const forEn = areasEn ? ` for ${areasEn}` : '';
  // The storm the agency named, when it is active: “塔巴”（TAPAH） / TAPAH.
  const stormZh = e.storm.name
    ? `（针对“${e.storm.name}”${e.storm.enname ? `，${e.storm.enname}` : ''}）`
    : e.storm.enname
      ? `（针对${e.storm.enname}）`
      : '';
  const stormEn = e.storm.enname ? ` (for ${e.storm.enname})` : '';
  const said = {
    raised: {
      zh: `${forZh}发布${toZh}${fromZh ? `，取代${fromZh}` : ''}${stormZh}`,
      en: `issued ${toEn}${forEn}${fromEn ? `, replacing ${fromEn}` : ''}${stormEn}`,
      title: `${agency.zh}${forZh ? `${forZh}` : ''}发布${toZh}`,
      titleEn: `${agency.en.replace(/^the /, '')} issues ${toEn}`,
    },
    changed: {
      zh: `${forZh}将${fromZh}改为${toZh}${stormZh}`,
      en: `changed ${fromEn} to ${toEn}${forEn}${stormEn}`,
      title: `${agency.zh}将${fromZh}改为${toZh}`,
      titleEn: `${agency.en.replace(/^the /, '')} changes ${fromEn} to ${toEn}`,
    },
    lowered: {
      zh: `${forZh}将${fromZh}降为${toZh}${stormZh}`,
      en: `lowered ${fromEn} to ${toEn}${forEn}${stormEn}`,
      title: `${agency.zh}将${fromZh}降为${toZh}`,
      titleEn: `${agency.en.replace(/^the /, '')} lowers ${fromEn} to ${toEn}`,
    },
    cancelled: {
      zh: `${forZh}取消${fromZh}${stormZh}`,
      en: `cancelled ${fromEn}${forEn}${stormEn}`,
      title: `${agency.zh}取消${fromZh}`,
      titleEn: `${agency.en.replace(/^the /, '')} cancels ${fromEn}`,
    },
  }[w.change];
  const z = new Slots();
  const n = new Slots();
  return {
    title: said.title,
    content: z.aboutStorm(`${z.put('time', whenZh(e.time, agency.zone.zh))}，${z.put('storm', agency.zh)}${z.put('event', said.zh)}。`, [
      'time',
    ]),
    titleEn: said.titleEn,
    contentEn: n.aboutStorm(
      `${n.put('storm', agency.en)} ${n.put('event', said.en)} ${n.put('time', `at ${whenEn(e.time, agency.zone.en)}`)}.`,
      ['time'],
    ),
  };
}
