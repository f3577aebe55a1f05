/**
 * Forecast agencies as the upstreams name them (zj `tm`, NMC codes), with one key each for the API. A label the
 * table does not know is upstream text of no known shape: its forecast is left out and the label reported with
 * the other rejected text (src/model/upstream-text.ts), never published as an agency.
 */
import type { ForecastAgency } from '../model/typhoon-schemas.ts';
import { keep, type TextRejection } from '../model/upstream-text.ts';

export interface Agency {
  key: ForecastAgency;
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

/** The agency of an upstream label, or null with the label added to `rejected` (at `field` of `storm`). */
export function agencyFor(label: string, rejected: TextRejection[], where: { field: string; storm: string }): Agency | null {
  const agency = AGENCIES[label.trim()];
  if (agency) return agency;
  const rule = `a forecast agency the table lists (${Object.keys(AGENCIES).join(', ')})`;
  keep({ value: null, rejection: { kind: 'agency', value: label, reason: 'unlisted', rule } }, rejected, where);
  return null;
}
