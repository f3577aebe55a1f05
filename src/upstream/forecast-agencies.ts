/** Forecast agencies as the upstreams name them (zj `tm`, NMC codes), with one key each for the API. */
import { checkAgency, keep, type TextRejection } from '../model/upstream-text.ts';

export interface Agency {
  key: string;
  nameZh: string;
  nameEn: string;
}

const AGENCIES: Record<string, Agency> = {
  中国: { key: 'cma', nameZh: '中国气象局', nameEn: 'China Meteorological Administration' },
  BABJ: { key: 'cma', nameZh: '中国气象局', nameEn: 'China Meteorological Administration' },
  日本: { key: 'jma', nameZh: '日本气象厅', nameEn: 'Japan Meteorological Agency' },
  美国: { key: 'jtwc', nameZh: '美国联合台风警报中心', nameEn: 'Joint Typhoon Warning Center' },
  中国香港: { key: 'hko', nameZh: '香港天文台', nameEn: 'Hong Kong Observatory' },
  中国台湾: { key: 'cwa', nameZh: '台湾地区气象部门', nameEn: 'Central Weather Administration (Taiwan, China)' },
  韩国: { key: 'kma', nameZh: '韩国气象厅', nameEn: 'Korea Meteorological Administration' },
  菲律宾: { key: 'pagasa', nameZh: '菲律宾大气地球物理和天文管理局', nameEn: 'PAGASA' },
  欧洲: { key: 'ecmwf', nameZh: '欧洲中期天气预报中心', nameEn: 'ECMWF' },
};

/**
 * The agency for an upstream label. A label the table lacks keeps its text as the key, so no forecast is lost,
 * when it is an agency's label in shape (src/model/upstream-text.ts `checkAgency`: a country or region in Han, a
 * station code); anything else is upstream text that names no agency: null (the forecast is left out), and
 * the label added to `rejected`.
 */
export function agencyFor(label: string, rejected: TextRejection[], storm: string): Agency | null {
  const known = AGENCIES[label.trim()];
  if (known) return known;
  const text = keep(checkAgency(label), rejected, { field: `forecast agency`, storm });
  return text === null ? null : { key: text.toLowerCase(), nameZh: text, nameEn: text };
}
