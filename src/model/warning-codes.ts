/**
 * The agencies' closed tables of warning codes and their words: a code or a word not here is not accepted from an
 * answer (reported and left out), so a signal is never made up from an unknown string. docs/api/warnings.md gives the
 * sources of each table.
 */
import type { WarningKind } from './warning-schemas.ts';

/** Words in each language an HKO answer may give them in (lang=en, tc, sc). */
interface HkoWords {
  en: string;
  tc: string;
  sc: string;
}

export interface HkoWarningType {
  kind: WarningKind;
  name: HkoWords;
}

/**
 * HKO's `warningStatementCode` values (the keys of `warnsum`) and their names, from HKO's open-data API
 * documentation. The website feed (`warnsumc`) writes the same codes with a `C` after them and names the tropical
 * cyclone warning 熱帶氣旋警告 (without 信號): `WEB_NAMES` below.
 */
export const HKO_WARNING_TYPES: Record<string, HkoWarningType> = {
  WFIRE: { kind: 'fire-danger', name: { en: 'Fire Danger Warning', tc: '火災危險警告', sc: '火灾危险警告' } },
  WFROST: { kind: 'frost', name: { en: 'Frost Warning', tc: '霜凍警告', sc: '霜冻警告' } },
  WHOT: { kind: 'hot-weather', name: { en: 'Hot Weather Warning', tc: '酷熱天氣警告', sc: '酷热天气警告' } },
  WCOLD: { kind: 'cold-weather', name: { en: 'Cold Weather Warning', tc: '寒冷天氣警告', sc: '寒冷天气警告' } },
  WMSGNL: { kind: 'strong-monsoon', name: { en: 'Strong Monsoon Signal', tc: '強烈季候風信號', sc: '强烈季候风信号' } },
  WTCPRE8: {
    kind: 'pre-no8-announcement',
    name: { en: 'Pre-no.8 Special Announcement', tc: '預警八號熱帶氣旋警告信號之特別報告', sc: '预警八号热带气旋警告信号之特别报告' },
  },
  WRAIN: { kind: 'rainstorm', name: { en: 'Rainstorm Warning Signal', tc: '暴雨警告信號', sc: '暴雨警告信号' } },
  WFNTSA: {
    kind: 'northern-nt-flooding',
    name: {
      en: 'Special Announcement on Flooding in the northern New Territories',
      tc: '新界北部水浸特別報告',
      sc: '新界北部水浸特别报告',
    },
  },
  WL: { kind: 'landslip', name: { en: 'Landslip Warning', tc: '山泥傾瀉警告', sc: '山泥倾泻警告' } },
  WTCSGNL: {
    kind: 'tropical-cyclone-signal',
    name: { en: 'Tropical Cyclone Warning Signal', tc: '熱帶氣旋警告信號', sc: '热带气旋警告信号' },
  },
  WTMW: { kind: 'tsunami', name: { en: 'Tsunami Warning', tc: '海嘯警告', sc: '海啸警告' } },
  WTS: { kind: 'thunderstorm', name: { en: 'Thunderstorm Warning', tc: '雷暴警告', sc: '雷暴警告' } },
};

/** Names the website feed (warnsumc, Chinese) writes where they differ from the open-data API's. */
export const HKO_WEB_NAMES: Record<string, string> = { WTCSGNL: '熱帶氣旋警告' };

export interface HkoSubtype {
  /** The warning type it belongs to. */
  type: string;
  /** Order within the type (signal number; 1 amber, 2 red, 3 black; 1 yellow, 2 red); null for CANCEL. */
  level: number | null;
  name: HkoWords;
  /**
   * What `warnsum` writes as `type` for it. The tropical cyclone signals: the subtype's name; rainstorm and fire:
   * the colour alone (紅色), which is the first word of the subtype's name.
   */
  type_: HkoWords;
}

const colour = (en: string, tc: string, sc: string): HkoWords => ({ en, tc, sc });

/**
 * HKO's subtypes (`code` of `warnsum` for WTCSGNL, WRAIN and WFIRE; `subtype` of `warningInfo`), from HKO's API
 * documentation. CANCEL is HKO's word that every tropical cyclone signal is cancelled.
 */
export const HKO_SUBTYPES: Record<string, HkoSubtype> = Object.fromEntries(
  (
    [
      ['WFIREY', 'WFIRE', 1, ['Yellow Fire Danger Warning', '黃色火災危險警告', '黄色火灾危险警告'], colour('Yellow', '黃色', '黄色')],
      ['WFIRER', 'WFIRE', 2, ['Red Fire Danger Warning', '紅色火災危險警告', '红色火灾危险警告'], colour('Red', '紅色', '红色')],
      ['WRAINA', 'WRAIN', 1, ['Amber Rainstorm Warning Signal', '黃色暴雨警告信號', '黄色暴雨警告信号'], colour('Amber', '黃色', '黄色')],
      ['WRAINR', 'WRAIN', 2, ['Red Rainstorm Warning Signal', '紅色暴雨警告信號', '红色暴雨警告信号'], colour('Red', '紅色', '红色')],
      ['WRAINB', 'WRAIN', 3, ['Black Rainstorm Warning Signal', '黑色暴雨警告信號', '黑色暴雨警告信号'], colour('Black', '黑色', '黑色')],
      ['TC1', 'WTCSGNL', 1, ['Standby Signal No. 1', '一號戒備信號', '一号戒备信号']],
      ['TC3', 'WTCSGNL', 3, ['Strong Wind Signal No. 3', '三號強風信號', '三号强风信号']],
      ['TC8NE', 'WTCSGNL', 8, ['No. 8 Northeast Gale or Storm Signal', '八號東北烈風或暴風信號', '八号东北烈风或暴风信号']],
      ['TC8SE', 'WTCSGNL', 8, ['No. 8 Southeast Gale or Storm Signal', '八號東南烈風或暴風信號', '八号东南烈风或暴风信号']],
      ['TC8SW', 'WTCSGNL', 8, ['No. 8 Southwest Gale or Storm Signal', '八號西南烈風或暴風信號', '八号西南烈风或暴风信号']],
      ['TC8NW', 'WTCSGNL', 8, ['No. 8 Northwest Gale or Storm Signal', '八號西北烈風或暴風信號', '八号西北烈风或暴风信号']],
      ['TC9', 'WTCSGNL', 9, ['Increasing Gale or Storm Signal No. 9', '九號烈風或暴風風力增強信號', '九号烈风或暴风风力增强信号']],
      ['TC10', 'WTCSGNL', 10, ['Hurricane Signal No. 10', '十號颶風信號', '十号飓风信号']],
      ['CANCEL', 'WTCSGNL', null, ['Cancel All Signals', '取消所有熱帶氣旋警告信號', '取消所有热带气旋警告信号']],
    ] as const
  ).map(([code, type, level, [en, tc, sc], type_]) => {
    const name = { en, tc, sc };
    return [code, { type, level, name, type_: type_ ?? name }];
  }),
);

/** HKO's `actionCode` values. */
export const HKO_ACTIONS = ['ISSUE', 'REISSUE', 'CANCEL', 'EXTEND', 'UPDATE'] as const;

/** What a JMA warning code is: its hazard (the part of the name before the level) and level. */
export interface JmaWarningCode {
  hazard: string;
  /** 1 警報 (warning), 2 危険警報 (danger warning, R06 scheme), 3 特別警報 (special warning). */
  level: 1 | 2 | 3;
  /** The names JMA writes for the code (the R06 format prefixes the level: レベル３高潮警報). */
  names: readonly string[];
}

/**
 * JMA's codes of warnings at warning level or above (気象警報・注意報 code table of its XML documentation).
 * Advisories (注意報, codes 10–27) are not warnings and are not kept.
 */
export const JMA_WARNING_CODES: Record<string, JmaWarningCode> = {
  '02': { hazard: '暴風雪', level: 1, names: ['暴風雪警報'] },
  '03': { hazard: '大雨', level: 1, names: ['大雨警報'] },
  '04': { hazard: '洪水', level: 1, names: ['洪水警報'] },
  '05': { hazard: '暴風', level: 1, names: ['暴風警報'] },
  '06': { hazard: '大雪', level: 1, names: ['大雪警報'] },
  '07': { hazard: '波浪', level: 1, names: ['波浪警報'] },
  '08': { hazard: '高潮', level: 1, names: ['高潮警報', 'レベル３高潮警報'] },
  '32': { hazard: '暴風雪', level: 3, names: ['暴風雪特別警報'] },
  '33': { hazard: '大雨', level: 3, names: ['大雨特別警報'] },
  '35': { hazard: '暴風', level: 3, names: ['暴風特別警報'] },
  '36': { hazard: '大雪', level: 3, names: ['大雪特別警報'] },
  '37': { hazard: '波浪', level: 3, names: ['波浪特別警報'] },
  '38': { hazard: '高潮', level: 3, names: ['高潮特別警報'] },
  '48': { hazard: '高潮', level: 2, names: ['レベル４高潮危険警報'] },
};

/** JMA's advisory codes (注意報): read and left out. */
export const isJmaAdvisoryCode = (code: string) => /^(1\d|2[0-7])$/.test(code);

/**
 * JMA's `Kind/Status` words: issued, continued, moved between levels, lifted, and "no warning or advisory in
 * force" for the area. In force are the first five.
 */
export const JMA_STATUS_IN_FORCE = ['発表', '継続', '特別警報から警報', '特別警報から注意報', '警報から注意報'] as const;
export const JMA_STATUS_LIFTED = '解除';
export const JMA_STATUS_NONE = '発表警報・注意報はなし';

/** JMA's remarks on a typhoon in VPTW (TyphoonNamePart/Remark). */
export const JMA_TYPHOON_REMARKS = [
  '台風発生',
  '台風発生予想',
  '台風発生の可能性が小さくなった',
  '台風消滅（温帯低気圧化）',
  '台風消滅（熱帯低気圧化）',
] as const;

/** JMA's 強さ階級 and 大きさ階級 words. */
export const JMA_INTENSITY_CLASSES = ['強い', '非常に強い', '猛烈な'] as const;
export const JMA_SIZE_CLASSES = ['大型', '超大型'] as const;

/** JMA's 16-point compass in kanji, as compass codes. */
export const JMA_COMPASS: Record<string, string> = {
  北: 'N',
  北北東: 'NNE',
  北東: 'NE',
  東北東: 'ENE',
  東: 'E',
  東南東: 'ESE',
  南東: 'SE',
  南南東: 'SSE',
  南: 'S',
  南南西: 'SSW',
  南西: 'SW',
  西南西: 'WSW',
  西: 'W',
  西北西: 'WNW',
  北西: 'NW',
  北北西: 'NNW',
};
