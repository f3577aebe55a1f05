/**
 * JMA's disaster-prevention XML (気象庁防災情報XML): the Atom feed that lists the documents, the typhoon analysis
 * and forecast (VPTW4x/5x/6x, 台風解析・予報情報), the typhoon information (VPTI5x, 全般台風情報) and the weather
 * warnings (VPWW5x, 気象特別警報・警報・注意報). Read with fast-xml-parser; namespaces dropped (every element name
 * used here is unique in its document). Format: docs/data/formats.md, "JMA disaster-prevention XML".
 *
 * A document's data type (VPTW60, VPWW53) is not in the document: it is in the file name the feed links to, and
 * the caller passes it. Times are JST (+09:00) as JMA writes them; wind is JMA's 10-minute mean. Free text is
 * not kept: names by shape (src/model/warning-text.ts), codes and words against JMA's closed tables.
 */
import { XMLParser } from 'fast-xml-parser';
import type { JMA_CLASSES, JmaTyphoonDocument, JmaTyphoonInfo, JmaTyphoonPoint, JmaWindArea } from '../model/jma-typhoon-schemas.ts';
import { normaliseLongitude, type Position } from '../model/geo.ts';
import { destination } from '../model/geodesic.ts';
import { laterTime, readOffsetTime } from '../model/offset-time.ts';
import { ShapeError, type ParseProblem } from '../model/parse-problems.ts';
import { checkCycloneName } from '../model/upstream-text.ts';
import {
  JMA_COMPASS,
  JMA_INTENSITY_CLASSES,
  JMA_SIZE_CLASSES,
  JMA_STATUS_IN_FORCE,
  JMA_STATUS_LIFTED,
  JMA_STATUS_NONE,
  JMA_TYPHOON_REMARKS,
  JMA_WARNING_CODES,
  isJmaAdvisoryCode,
} from '../model/warning-codes.ts';
import type { Warning, WarningCircle, WarningSnapshot } from '../model/warning-schemas.ts';
import { checkTableWords, checkWarningText, type WarningTextRejection } from '../model/warning-text.ts';

const JST = '+09:00';

/** An element as parsed: its text, its attributes (prefixed `@`) and its children, every child a list. */
type Node = { '#text'?: string } & { [key: string]: Node[] | string | undefined };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  alwaysCreateTextNode: true,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

const kids = (node: Node | undefined, name: string): Node[] => {
  const value = node?.[name];
  return Array.isArray(value) ? value : [];
};
const kid = (node: Node | undefined, name: string): Node | undefined => kids(node, name)[0];
const text = (node: Node | undefined): string => (typeof node?.['#text'] === 'string' ? (node['#text'] as string) : '');
const attr = (node: Node | undefined, name: string): string => (typeof node?.[`@${name}`] === 'string' ? (node[`@${name}`] as string) : '');
/** The text of the path of first children below `node`. */
const at = (node: Node | undefined, ...path: string[]) => text(path.reduce<Node | undefined>((n, name) => kid(n, name), node));

/** A JMA document's root, after checking it is whole: a truncated answer is a fault, never part of a document. */
function readReport(xml: string, what: string): Node {
  const trimmed = xml.trim();
  if (!trimmed.startsWith('<?xml') && !trimmed.startsWith('<Report')) throw new ShapeError(`${what}: not an XML document`);
  if (!trimmed.endsWith('</Report>')) throw new ShapeError(`${what}: the document does not end with </Report> (truncated?)`);
  let tree: Record<string, Node[]>;
  try {
    tree = parser.parse(trimmed) as Record<string, Node[]>;
  } catch (error) {
    throw new ShapeError(`${what}: not well-formed XML (${(error as Error).message.split('\n')[0]})`);
  }
  const report = tree.Report?.[0];
  if (!report || !kid(report, 'Control') || !kid(report, 'Head') || !kid(report, 'Body'))
    throw new ShapeError(`${what}: no Report with Control, Head and Body`);
  return report;
}

interface Head {
  title: string;
  reportTime: string;
  infoType: '発表' | '訂正' | '取消';
  eventId: string;
  serial: string | null;
}

function readHead(report: Node, what: string): Head {
  const head = kid(report, 'Head');
  const reportTime = readOffsetTime(at(head, 'ReportDateTime'), JST);
  if (!reportTime) throw new ShapeError(`${what}: ReportDateTime is not a time with its offset`);
  const infoType = at(head, 'InfoType');
  if (infoType !== '発表' && infoType !== '訂正' && infoType !== '取消')
    throw new ShapeError(`${what}: InfoType ${JSON.stringify(infoType)}`);
  const serial = at(head, 'Serial');
  return {
    title: at(head, 'Title'),
    reportTime,
    infoType,
    eventId: at(head, 'EventID'),
    serial: /^[\d-]{1,8}$/.test(serial) ? serial : null,
  };
}

const checkDataType = (dataType: string, family: RegExp) => {
  if (!family.test(dataType)) throw new ShapeError(`${dataType} is not a data type this parser reads (${family.source})`);
};

// ── Typhoon analysis and forecast (VPTW) ──────────────────────────────────────────────────────────────────────

/** `+25.5+125.5/` → the position; null otherwise. */
function coordinate(value: string): { lat: number; lng: number } | null {
  const m = /^([+-]\d{1,2}(?:\.\d+)?)([+-]\d{1,3}(?:\.\d+)?)\/$/.exec(value);
  if (!m) return null;
  const [lat, lng] = [Number(m[1]), Number(m[2])];
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/** Full-width digits as ASCII: `予報　１２０時間後` → the hours. */
const asciiDigits = (s: string) => s.replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10));

/** `実況`, `推定　１時間後`, `予報　３時間後`, `延長予報　９６時間後` → kind and hours; null for anything else. */
function timeKind(type: string): { kind: JmaTyphoonPoint['kind']; hours: number } | null {
  if (type === '実況') return { kind: 'analysis', hours: 0 };
  const m = /^(推定|予報|延長予報)[\s　]+(\d{1,3})時間後$/u.exec(asciiDigits(type));
  if (!m) return null;
  return { kind: m[1] === '推定' ? 'estimate' : 'forecast', hours: Number(m[2]) };
}

/** A number element's value in a unit (`unit="km"`, `unit="m/s"`), or null when absent or empty. */
function valueIn(nodes: Node[], type: string, unit: string): number | null {
  const node = nodes.find((n) => attr(n, 'type') === type && attr(n, 'unit') === unit);
  const value = text(node);
  return /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : null;
}

const CLASS_WORDS: Record<string, (typeof JMA_CLASSES)[number]> = {
  '台風(TY)': 'TY',
  '台風(STS)': 'STS',
  '台風(TS)': 'TS',
  '熱帯低気圧(TD)': 'TD',
  '温帯低気圧(LOW)': 'LOW',
};

const AREA_KINDS: Record<string, JmaWindArea['kind']> = { 暴風域: 'storm-area', 暴風警戒域: 'storm-warning-area', 強風域: 'gale-area' };

function windArea(part: Node, problems: ParseProblem[], where: string): JmaWindArea | null {
  const kind = AREA_KINDS[attr(part, 'type')];
  if (!kind) {
    problems.push({ line: 1, message: `${where}: wind area of type ${JSON.stringify(attr(part, 'type'))} is not one JMA documents` });
    return null;
  }
  const axes: JmaWindArea['axes'] = [];
  for (const axis of kids(kid(kid(part, 'Circle'), 'Axes'), 'Axis')) {
    const radii = kids(axis, 'Radius');
    const radiusKm = valueIn(radii, '半径', 'km');
    // `なし`: JMA says there is no such area at this time.
    if (radiusKm === null) continue;
    const directionNode = kid(axis, 'Direction');
    const whole = attr(directionNode, 'condition') === '全域';
    const direction = whole ? null : (JMA_COMPASS[text(directionNode)] ?? undefined);
    if (direction === undefined || (direction !== null && direction.length > 2)) {
      problems.push({
        line: 1,
        message: `${where}: a ${kind} axis with direction ${JSON.stringify(text(directionNode))} is not an 8-point direction`,
      });
      return null;
    }
    axes.push({ direction, radiusKm, radiusNm: valueIn(radii, '半径', '海里') });
  }
  return axes.length > 0 ? { kind, axes } : null;
}

const MOVEMENT_WORDS = ['ゆっくり', 'ほとんど停滞', '不定'] as const;

function point(info: Node, problems: ParseProblem[], rejected: WarningTextRejection[]): JmaTyphoonPoint | null {
  const dateTime = kid(info, 'DateTime');
  const when = timeKind(attr(dateTime, 'type'));
  const time = readOffsetTime(text(dateTime), JST);
  const where = `MeteorologicalInfo ${attr(dateTime, 'type')}`;
  if (!when || !time) {
    problems.push({ line: 1, message: `${where}: its DateTime or type cannot be read: left out` });
    return null;
  }
  const properties = kids(kid(info, 'Item'), 'Kind').map((k) => kid(k, 'Property'));
  const property = (type: string) => properties.find((p) => at(p, 'Type') === type);
  const classPart = kid(property('階級'), 'ClassPart');
  const classWords = at(classPart, 'TyphoonClass');
  const classCode = CLASS_WORDS[classWords] ?? null;
  if (classWords !== '' && classCode === null)
    problems.push({ line: 1, message: `${where}: TyphoonClass ${JSON.stringify(classWords)} is not in JMA's table` });
  const center = kid(property('中心'), 'CenterPart');
  const circle = kid(center, 'ProbabilityCircle');
  const position = coordinate(
    text(kids(circle ? circle : center, circle ? 'BasePoint' : 'Coordinate').find((n) => attr(n, 'type') === '中心位置（度）')),
  );
  const direction = kid(center, 'Direction');
  const speeds = kids(center, 'Speed');
  const moveWords = attr(direction, 'condition') || attr(speeds[0], 'condition');
  const wind = property('風');
  const windSpeeds = kids(kid(wind, 'WindPart'), 'WindSpeed');
  // A depression's far forecast may give no wind: JMA then writes 0 with condition="なし" on the maximum wind, and 0
  // for the gust (TD 2001, 120 h). That is "not forecast", never a calm.
  const noWind = windSpeeds.some((w) => attr(w, 'type') === '最大風速' && attr(w, 'condition') === 'なし');
  const windAreas = kids(wind, 'WarningAreaPart')
    .map((part) => windArea(part, problems, where))
    .filter((a): a is JmaWindArea => a !== null);
  return {
    kind: when.kind,
    hours: when.hours,
    time,
    classCode,
    intensityClass: checkTableWords(at(classPart, 'IntensityClass'), JMA_INTENSITY_CLASSES, `${where} IntensityClass`, rejected),
    sizeClass: checkTableWords(at(classPart, 'AreaClass'), JMA_SIZE_CLASSES, `${where} AreaClass`, rejected),
    lat: position?.lat ?? null,
    lng: position?.lng ?? null,
    probabilityRadiusKm: circle ? valueIn(kids(kid(kid(circle, 'Axes'), 'Axis'), 'Radius'), '７０パーセント確率半径', 'km') : null,
    location: checkWarningText('jma-location', at(center, 'Location'), `${where} Location`, rejected),
    movement: center
      ? {
          direction: JMA_COMPASS[text(direction)] ?? null,
          speedKmh: valueIn(speeds, '移動速度', 'km/h'),
          speedKt: valueIn(speeds, '移動速度', 'ノット'),
          words: checkTableWords(moveWords, MOVEMENT_WORDS, `${where} movement condition`, rejected),
        }
      : null,
    pressureHpa: valueIn(kids(center, 'Pressure'), '中心気圧', 'hPa'),
    maxWindMs: noWind ? null : valueIn(windSpeeds, '最大風速', 'm/s'),
    maxWindKt: noWind ? null : valueIn(windSpeeds, '最大風速', 'ノット'),
    gustMs: noWind ? null : valueIn(windSpeeds, '最大瞬間風速', 'm/s'),
    gustKt: noWind ? null : valueIn(windSpeeds, '最大瞬間風速', 'ノット'),
    windAreas,
  };
}

export interface JmaTyphoonParse {
  document: JmaTyphoonDocument;
  /** MeteorologicalInfo elements whose time could not be read (each reported and left out): the document is not whole. */
  unreadTimes: number;
  /** JMA's remark on the typhoon (台風発生, 台風消滅（温帯低気圧化）…), from its closed table; null for none. */
  remark: string | null;
  problems: ParseProblem[];
  rejected: WarningTextRejection[];
}

/** Parses a typhoon analysis and forecast document (VPTW4x, VPTW5x, VPTW6x). */
export function parseJmaTyphoonDocument(xml: string, dataType: string): JmaTyphoonParse {
  checkDataType(dataType, /^VPTW[456]\d$/);
  const report = readReport(xml, dataType);
  const head = readHead(report, dataType);
  if (!/^TC\d{4}$/.test(head.eventId)) throw new ShapeError(`${dataType}: EventID ${JSON.stringify(head.eventId)} is not TC + four digits`);
  const problems: ParseProblem[] = [];
  const rejected: WarningTextRejection[] = [];
  const infos = kids(kid(kid(report, 'Body'), 'MeteorologicalInfos'), 'MeteorologicalInfo');
  const read = infos.map((info) => point(info, problems, rejected));
  const points = read.filter((p): p is JmaTyphoonPoint => p !== null);
  if (points.length === 0) throw new ShapeError(`${dataType}: no MeteorologicalInfo can be read`);
  const naming = kids(kid(infos[0], 'Item'), 'Kind')
    .map((k) => kid(kid(k, 'Property'), 'TyphoonNamePart'))
    .find((n) => n !== undefined);
  const number = at(naming, 'Number');
  const nameChecked = checkCycloneName(at(naming, 'Name') || null);
  if (nameChecked.rejection)
    rejected.push({
      kind: 'table-words',
      field: 'TyphoonNamePart/Name',
      value: nameChecked.rejection.value,
      rule: nameChecked.rejection.rule,
    });
  return {
    document: {
      dataType,
      reportTime: head.reportTime,
      infoType: head.infoType,
      eventId: head.eventId,
      serial: head.serial,
      number: /^\d{4}$/.test(number) ? number : null,
      name: nameChecked.value,
      nameKana: checkWarningText('katakana-name', at(naming, 'NameKana'), 'TyphoonNamePart/NameKana', rejected),
      points,
    },
    remark: checkTableWords(at(naming, 'Remark'), JMA_TYPHOON_REMARKS, 'TyphoonNamePart/Remark', rejected),
    unreadTimes: read.length - points.length,
    problems,
    rejected,
  };
}

const BEARING: Record<string, number> = { N: 0, NE: 45, E: 90, SE: 135, S: 180, SW: 225, W: 270, NW: 315 };

/**
 * The circle of a wind area: centred on the centre for one radius on all sides (全域); for two radii on opposite
 * sides (北東 200 km, 南西 130 km), the one circle they span on that axis, as JMA's maps draw it: radius their mean,
 * centre moved half their difference towards the longer side. Null for any other set of sides.
 */
function areaCircle(center: Position, area: JmaWindArea): { lat: number; lng: number; radiusKm: number } | null {
  const [a, b] = area.axes;
  if (a && !b && a.direction === null) return { ...center, radiusKm: a.radiusKm };
  if (!a?.direction || !b?.direction || area.axes.length !== 2) return null;
  const [bearingA, bearingB] = [BEARING[a.direction], BEARING[b.direction]];
  if (bearingA === undefined || bearingB === undefined || Math.abs(bearingA - bearingB) !== 180) return null;
  const [long, short] = a.radiusKm >= b.radiusKm ? [a, b] : [b, a];
  const moved = destination(center, BEARING[long.direction as string] as number, (long.radiusKm - short.radiusKm) / 2);
  return {
    lat: Math.round(moved.lat * 1e4) / 1e4,
    lng: Math.round(normaliseLongitude(moved.lng) * 1e4) / 1e4,
    radiusKm: (a.radiusKm + b.radiusKm) / 2,
  };
}

/**
 * The storm areas of a typhoon document as one warning with JMA's own geometry: the storm area (暴風域) at the
 * analysis, centred on the centre, and the storm-warning area (暴風警戒域) at each forecast time, centred on the
 * forecast circle's centre (JMA draws it around that circle): `areaCircle`. An area given on sides that are not
 * opposite is not drawn and is reported. Null when the document has no storm area.
 */
export function jmaStormAreaWarning(parse: JmaTyphoonParse): { warning: Warning | null; problems: ParseProblem[] } {
  const { document } = parse;
  const problems: ParseProblem[] = [];
  const circles: WarningCircle[] = [];
  for (const p of document.points) {
    for (const area of p.windAreas) {
      if (area.kind === 'gale-area' || p.kind === 'estimate') continue;
      if (p.lat === null || p.lng === null) continue;
      const circle = areaCircle({ lat: p.lat, lng: p.lng }, area);
      if (!circle) {
        problems.push({
          line: 1,
          message: `${document.dataType} ${p.time}: ${area.kind} is given on sides that are not opposite: no circle is drawn for it`,
        });
        continue;
      }
      circles.push({ ...circle, validAt: p.time, kind: area.kind === 'storm-area' ? 'storm-area' : 'storm-warning-area' });
    }
  }
  if (circles.length === 0) return { warning: null, problems };
  const ref = document.number ?? document.eventId;
  return {
    warning: {
      agency: 'jma',
      slot: `${ref}:storm-area`,
      kind: 'storm-area',
      code: 'storm-area',
      level: null,
      name: { en: null, zh: null, ja: circles.some((c) => c.kind === 'storm-area') ? '暴風域' : '暴風警戒域' },
      words: { en: null, zh: null, ja: null },
      area: null,
      circles,
      action: document.infoType,
      issuedAt: document.reportTime,
      updatedAt: document.reportTime,
      expiresAt: null,
      storm: { number: document.number, name: document.name, localName: null },
      source: {
        type: document.dataType,
        id: `${document.eventId}#${document.serial ?? ''}`,
        issuedAt: document.reportTime,
        validUntil: null,
      },
    },
    problems,
  };
}

// ── Typhoon information (VPTI) ────────────────────────────────────────────────────────────────────────────────

/** `平成２１年　台風第８号に関する情報　第２６号　（位置）`, `発達する熱帯低気圧に関する情報　第０１の０２号`. */
const TYPHOON_TITLE =
  /^(?:(?:平成|令和)\d{1,2}年[\s　]+)?台風第(\d{1,2})号に関する情報(?:[\s　]+第(\d{1,3})号(?:付録)?)?(?:[\s　]+（[^）]{1,8}）)?$/u;
const DEPRESSION_TITLE = /^発達する熱帯低気圧に関する情報[\s　]+第(\d{1,3})の(\d{1,3})号$/u;

/** Parses a typhoon information document (VPTI50, VPTI51, VPTI52): its head only, the prose is not kept. */
export function parseJmaTyphoonInfo(xml: string, dataType: string): JmaTyphoonInfo {
  checkDataType(dataType, /^VPTI5\d$/);
  const report = readReport(xml, dataType);
  const head = readHead(report, dataType);
  if (!/^TC\d{4}$/.test(head.eventId)) throw new ShapeError(`${dataType}: EventID ${JSON.stringify(head.eventId)} is not TC + four digits`);
  const title = asciiDigits(head.title);
  const typhoon = TYPHOON_TITLE.exec(title);
  const depression = DEPRESSION_TITLE.exec(title);
  if (!typhoon && !depression)
    throw new ShapeError(`${dataType}: title ${JSON.stringify(head.title)} is neither a typhoon's nor a developing depression's`);
  // The typhoon number's year is the report's year in JST (a typhoon keeps its number across a new year's day).
  const year = head.reportTime.slice(2, 4);
  const headline = asciiDigits(normalisedHeadline(report));
  return {
    dataType,
    reportTime: head.reportTime,
    infoType: head.infoType,
    eventId: head.eventId,
    subject: typhoon ? 'typhoon' : 'developing-depression',
    number: typhoon ? `${year}${(typhoon[1] as string).padStart(2, '0')}` : null,
    serial: typhoon ? (typhoon[2] ?? null) : `${depression?.[1]}-${depression?.[2]}`,
    formed: typhoon !== null && /^台風第\d{1,2}号が発生しました。$/u.test(headline),
  };
}

const normalisedHeadline = (report: Node) => at(kid(report, 'Head'), 'Headline', 'Text').replace(/[\s　]+/gu, '');

// ── Warnings (VPWW) ───────────────────────────────────────────────────────────────────────────────────────────

/** The finest level of areas a VPWW document gives: municipalities (市町村等), each with its 7-digit code. */
const MUNICIPALITIES = '気象警報・注意報（市町村等）';
const PREFECTURE = '気象警報・注意報（府県予報区等）';

export interface JmaWarningsParse {
  snapshot: WarningSnapshot;
  /** The prefecture (府県予報区) the document is for: its code, the key a newer document of the office replaces it by. */
  prefecture: string;
  infoType: Head['infoType'];
  problems: ParseProblem[];
  rejected: WarningTextRejection[];
}

/**
 * Parses a weather warnings document (VPWW53, VPWW54, and the per-hazard R06 documents VPWW57–59): for every
 * municipality, the warnings at warning level or above (警報, 危険警報, 特別警報) with their status. Advisories
 * are not kept; lifted warnings (解除) are the agency's cancellations.
 */
export function parseJmaWarnings(xml: string, dataType: string): JmaWarningsParse {
  checkDataType(dataType, /^VPWW5\d$/);
  const report = readReport(xml, dataType);
  const head = readHead(report, dataType);
  const problems: ParseProblem[] = [];
  const rejected: WarningTextRejection[] = [];
  const blocks = kids(kid(report, 'Body'), 'Warning');
  const prefecture = at(
    kid(
      blocks.find((b) => attr(b, 'type') === PREFECTURE),
      'Item',
    ),
    'Area',
    'Code',
  );
  if (!/^\d{6}$/.test(prefecture)) throw new ShapeError(`${dataType}: no prefecture area code (${PREFECTURE})`);
  const items = kids(
    blocks.find((b) => attr(b, 'type') === MUNICIPALITIES),
    'Item',
  );
  if (items.length === 0 && head.infoType !== '取消') throw new ShapeError(`${dataType}: no ${MUNICIPALITIES} items`);
  const warnings: Warning[] = [];
  const cancelled: Warning[] = [];
  let leftOut = 0;
  for (const item of items) {
    const areaNode = kid(item, 'Area');
    const code = at(areaNode, 'Code');
    const name = checkWarningText('jma-area', at(areaNode, 'Name'), `Area ${code}`, rejected);
    if (!/^\d{7}$/.test(code)) {
      problems.push({ line: 1, message: `an item's area code ${JSON.stringify(code)} is not 7 digits: left out` });
      leftOut += 1;
      continue;
    }
    for (const kind of kids(item, 'Kind')) {
      const status = at(kind, 'Status');
      if (status === JMA_STATUS_NONE) continue;
      const kindCode = at(kind, 'Code');
      if (isJmaAdvisoryCode(kindCode)) continue;
      const table = JMA_WARNING_CODES[kindCode];
      const inForce = (JMA_STATUS_IN_FORCE as readonly string[]).includes(status);
      if (!table || (!inForce && status !== JMA_STATUS_LIFTED)) {
        problems.push({
          line: 1,
          message: `${code}: kind ${JSON.stringify(kindCode)} with status ${JSON.stringify(status)} is not in JMA's tables: left out`,
        });
        leftOut += 1;
        continue;
      }
      const kindName = checkTableWords(at(kind, 'Name'), table.names, `${code} Kind ${kindCode}`, rejected);
      const warning: Warning = {
        agency: 'jma',
        slot: `${code}:${table.hazard}`,
        kind: 'area-warning',
        code: kindCode,
        level: table.level,
        name: { en: null, zh: null, ja: kindName },
        words: { en: null, zh: null, ja: kindName },
        area: { code, name, nameEn: null, group: null, part: null, localities: [] },
        circles: [],
        action: status,
        issuedAt: status === '発表' ? head.reportTime : null,
        updatedAt: head.reportTime,
        expiresAt: null,
        storm: null,
        source: { type: dataType, id: prefecture, issuedAt: head.reportTime, validUntil: null },
      };
      (inForce ? warnings : cancelled).push(warning);
    }
  }
  const state = warnings.length > 0 ? 'in-force' : leftOut > 0 || head.infoType === '取消' ? 'unknown' : 'none-in-force';
  return {
    snapshot: {
      agency: 'jma',
      state,
      sourceTime: head.reportTime,
      warnings,
      cancelled,
      documents: [{ type: dataType, id: prefecture, issuedAt: head.reportTime, validUntil: null }],
    },
    prefecture,
    infoType: head.infoType,
    problems,
    rejected,
  };
}

// ── The Atom feed ──────────────────────────────────────────────────────────────────────────────────────────────

export interface JmaFeedEntry {
  /** The document's title as the feed gives it (the Control/Title of the document: 台風解析・予報情報（５日予報）（Ｈ３０）). */
  title: string;
  updated: string;
  /** The document's address. */
  url: string;
  /** The data type read from the document's file name (`…_VPTW60_…xml`); null when the name has none. */
  dataType: string | null;
}

const feedParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  alwaysCreateTextNode: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

/**
 * Parses JMA's Atom feed (RFC 4287: `feed` with `entry` elements, each with `title`, `updated` and a `link`
 * href). Entries whose link is not an https address of an XML file, or whose time cannot be read, are reported
 * and left out. The newest entries come first in JMA's feeds; the order is kept.
 */
export function parseJmaFeed(xml: string): { entries: JmaFeedEntry[]; updated: string | null; problems: ParseProblem[] } {
  const trimmed = xml.trim();
  if (!trimmed.endsWith('</feed>')) throw new ShapeError('JMA feed: the document does not end with </feed> (truncated, or not Atom)');
  let tree: Record<string, Node[]>;
  try {
    tree = feedParser.parse(trimmed) as Record<string, Node[]>;
  } catch (error) {
    throw new ShapeError(`JMA feed: not well-formed XML (${(error as Error).message.split('\n')[0]})`);
  }
  const feed = tree.feed?.[0];
  if (!feed) throw new ShapeError('JMA feed: no Atom feed element');
  const problems: ParseProblem[] = [];
  const entries: JmaFeedEntry[] = [];
  kids(feed, 'entry').forEach((entry, i) => {
    const url = attr(kid(entry, 'link'), 'href');
    const updated = readOffsetTime(at(entry, 'updated'), JST);
    const title = at(entry, 'title');
    if (!/^https:\/\/[A-Za-z0-9.-]+\/[A-Za-z0-9._/-]+\.xml$/.test(url) || !updated || title === '') {
      problems.push({ line: 1, message: `entry ${i + 1}: no https link to an XML file, no title, or no readable updated time: left out` });
      return;
    }
    entries.push({ title, updated, url, dataType: /_(V[A-Z]{3}\d{2})_/.exec(url.slice(url.lastIndexOf('/')))?.[1] ?? null });
  });
  return { entries, updated: readOffsetTime(at(feed, 'updated'), JST), problems };
}

// ── One answer of JMA from its documents ──────────────────────────────────────────────────────────────────────

/**
 * JMA's warnings in force from the documents read: the newest warnings document of each prefecture (a withdrawal,
 * 取消, removes it) and the storm areas of the newest typhoon document of each typhoon. `none-in-force` only when
 * warnings documents were read and each says no warning is in force for any of its areas; `unknown` when none
 * can be read.
 */
export function jmaSnapshot(warnings: readonly JmaWarningsParse[], typhoons: readonly JmaTyphoonParse[]): WarningSnapshot {
  const newest = new Map<string, JmaWarningsParse>();
  for (const doc of warnings) {
    const held = newest.get(doc.prefecture);
    if (!held || Date.parse(doc.snapshot.sourceTime as string) >= Date.parse(held.snapshot.sourceTime as string))
      newest.set(doc.prefecture, doc);
  }
  const newestTyphoon = new Map<string, JmaTyphoonParse>();
  for (const doc of typhoons) {
    const held = newestTyphoon.get(doc.document.eventId);
    if (!held || Date.parse(doc.document.reportTime) >= Date.parse(held.document.reportTime)) newestTyphoon.set(doc.document.eventId, doc);
  }
  const documents = [...newest.values()].filter((d) => d.infoType !== '取消');
  const stormAreas = [...newestTyphoon.values()]
    .filter((d) => d.document.infoType !== '取消')
    .map((d) => jmaStormAreaWarning(d).warning)
    .filter((w): w is Warning => w !== null);
  const all = [...documents.flatMap((d) => d.snapshot.warnings), ...stormAreas];
  const states = documents.map((d) => d.snapshot.state);
  const state = all.length > 0 ? 'in-force' : states.length > 0 && states.every((s) => s === 'none-in-force') ? 'none-in-force' : 'unknown';
  return {
    agency: 'jma',
    state,
    sourceTime: [...documents.map((d) => d.snapshot.sourceTime), ...[...newestTyphoon.values()].map((d) => d.document.reportTime)].reduce<
      string | null
    >((t, x) => laterTime(t, x), null),
    warnings: all,
    cancelled: documents.flatMap((d) => d.snapshot.cancelled),
    documents: [
      ...documents.flatMap((d) => d.snapshot.documents),
      ...[...newestTyphoon.values()].map((d) => ({
        type: d.document.dataType,
        id: d.document.eventId,
        issuedAt: d.document.reportTime,
        validUntil: null,
      })),
    ],
  };
}
