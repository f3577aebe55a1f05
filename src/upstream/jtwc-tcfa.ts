/**
 * JTWC's Tropical Cyclone Formation Alerts (TCFA, WMO headings WTPN21/22, WTIO2n, WTXS2n), in their two forms:
 * the `.tcw` file of the invest (`ep9126.tcw`: a JMV 3.0 `ALERT` block of bare machine lines, the alert's text
 * and the invest's track history) and the text bulletin (`ep9126web.txt`). Format and traps:
 * docs/data/disturbance-formats.md.
 *
 * The alert area is the band of a half-width either side of a line. The `.tcw` machine lines are used for the
 * line, half-width and centre when present (its text part has been seen to lag them); where the two disagree,
 * that is reported.
 */
import type { DisturbancePosition, FormationAlert, HistoryPoint, SystemRef } from '../model/disturbance-product-schemas.ts';
import { normaliseLongitude } from '../model/geo.ts';
import { destination, geodesicAzimuths } from '../model/geodesic.ts';
import { ShapeError, type ParseProblem } from '../model/parse-problems.ts';
import { dayTimeAtOrBefore, toUtcIso, utcDate } from '../model/time.ts';
import { NM_TO_KM } from '../model/units.ts';
import { tcwHistory } from './jtwc.ts';
import {
  bulletinLines,
  dayTime,
  ktToMs,
  passage,
  POSITION,
  positionOf,
  readDesignator,
  readEstimatedPressure,
  readEstimatedWind,
  readMovement,
  readPotential,
  readReferenceLines,
  systemRef,
  type Passage,
} from './jtwc-text.ts';

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * The alert box (see TCFA_BOX_METHOD): each end of the line moved the half-width along the geodesic at right
 * angles to the line, the line's azimuth at that end ± 90°. Counter-clockwise: start right, end right, end left,
 * start left. Longitudes −180…180, so a box across the antimeridian has corners on both sides of it.
 */
export function tcfaBox(line: { from: DisturbancePosition; to: DisturbancePosition }, halfWidthKm: number): DisturbancePosition[] {
  const { start, arrival } = geodesicAzimuths(line.from, line.to);
  const corner = (p: DisturbancePosition, azimuth: number) => {
    const d = destination(p, azimuth, halfWidthKm);
    return { lat: round4(d.lat), lng: round4(normaliseLongitude(d.lng)) };
  };
  return [corner(line.from, start + 90), corner(line.to, arrival + 90), corner(line.to, arrival - 90), corner(line.from, start - 90)];
}

/** nm → km with the exact factor, kept to the metre (no float residue: 65 nm is 120.38 km, not 120.38000000000001). */
const nmToKmExact = (nm: number) => Math.round(nm * NM_TO_KM * 1000) / 1000;

/** What the alert's text gives (both forms carry it). */
interface AlertText {
  heading: string | null;
  headingTime: string | null;
  system: SystemRef | null;
  reissued: boolean;
  line: { from: DisturbancePosition; to: DisturbancePosition } | null;
  halfWidthNm: number | null;
  centre: { position: DisturbancePosition; timeGroup: string } | null;
  body: Passage;
  expiryGroup: string | null;
  formationWithinHours: { from: number; to: number } | null;
}

function readAlertText(lines: readonly string[], from: number, problems: ParseProblem[]): AlertText {
  const at = (re: RegExp) => lines.findIndex((l, i) => i >= from && re.test(l));
  const headingAt = at(/^WT[A-Z]{2}\d{2} [A-Z]{4} \d{6}\b/);
  const heading = headingAt === -1 ? null : /^(WT[A-Z]{2}\d{2} [A-Z]{4}) (\d{6})/.exec(lines[headingAt] as string);
  const subjAt = at(/^SUBJ\//);
  const subject = subjAt === -1 ? '' : passage(lines, subjAt, subjAt + 1).text;
  const rmksAt = at(/^RMKS\//);
  // The text runs from RMKS/ to its closing `//` line (the .tcw's history follows) or to NNNN.
  let end = rmksAt === -1 ? from : rmksAt + 1;
  while (end < lines.length && !/^(\/\/|NNNN)\s*$/.test((lines[end] as string).trim()) && !/\/\/\s*$/.test(lines[end - 1] ?? '')) end += 1;
  const body = rmksAt === -1 ? { text: '', line: from + 1 } : passage(lines, rmksAt + 1, end);
  if (rmksAt === -1) problems.push({ line: from + 1, message: 'the alert has no RMKS/ text' });

  const lineMatch = new RegExp(`WITHIN (\\d{1,3}) NM EITHER SIDE OF A LINE FROM ${POSITION} TO ${POSITION}`).exec(body.text);
  const ends = lineMatch
    ? [
        positionOf(...(lineMatch.slice(2, 6) as [string, string, string, string])),
        positionOf(...(lineMatch.slice(6, 10) as [string, string, string, string])),
      ]
    : [null, null];
  if (!lineMatch && body.text)
    problems.push({ line: body.line, message: 'the text gives no readable alert line (WITHIN N NM EITHER SIDE OF A LINE FROM … TO …)' });
  const centre = new RegExp(`IMAGERY AT (\\d{6})Z INDICATES THAT A CIRCULATION CENTER IS LOCATED NEAR ${POSITION}`).exec(body.text);
  const centrePosition = centre ? positionOf(...(centre.slice(2, 6) as [string, string, string, string])) : null;
  const window = /WITHIN THE NEXT (\d{1,3}) TO (\d{1,3}) HOURS/.exec(body.text);
  const expiry = /WILL BE REISSUED, UPGRADED TO WARNING OR CANCELLED BY (\d{6})Z/.exec(body.text);
  if (body.text && !expiry)
    problems.push({ line: body.line, message: 'the text gives no expiry (WILL BE REISSUED, UPGRADED TO WARNING OR CANCELLED BY …Z)' });
  return {
    heading: heading ? (heading[1] as string) : null,
    headingTime: heading ? (heading[2] as string) : null,
    system: readDesignator(subject)?.system ?? null,
    reissued: /\bREISSUED\b/.test(subject),
    line: ends[0] && ends[1] ? { from: ends[0], to: ends[1] } : null,
    halfWidthNm: lineMatch ? Number(lineMatch[1]) : null,
    centre: centre && centrePosition ? { position: centrePosition, timeGroup: centre[1] as string } : null,
    body,
    expiryGroup: expiry ? (expiry[1] as string) : null,
    formationWithinHours: window ? { from: Number(window[1]), to: Number(window[2]) } : null,
  };
}

/** The system of a product id (`ep9126` → 91E); null for IO and SH, whose letter (A/B, S/P) the id does not tell. */
function systemOfProduct(productId: string, number: string, problems: ParseProblem[]): SystemRef | null {
  const m = /^(al|ep|cp|wp|io|sh)(\d{2})(\d{2})$/.exec(productId.toLowerCase());
  const letter = m ? { al: 'L', ep: 'E', cp: 'C', wp: 'W' }[m[1] as 'al' | 'ep' | 'cp' | 'wp'] : undefined;
  if (!m || m[2] !== number) {
    problems.push({ line: 1, message: `product id "${productId}" does not name invest ${number}` });
    return null;
  }
  if (!letter) {
    problems.push({ line: 1, message: `the designator letter of ${productId} (A or B, S or P) is not in the product id: system left out` });
    return null;
  }
  return systemRef(number, letter);
}

const fmt = (p: DisturbancePosition) => `${Math.abs(p.lat)}${p.lat < 0 ? 'S' : 'N'} ${Math.abs(p.lng)}${p.lng < 0 ? 'W' : 'E'}`;
const near = (a: DisturbancePosition, b: DisturbancePosition) =>
  Math.abs(a.lat - b.lat) < 0.05 && Math.abs(normaliseLongitude(a.lng - b.lng)) < 0.05;

/**
 * A leading run of fixes at one position for 24 hours or more is the position an invest was opened with, not a
 * track (a real 92E history holds 10.0N 105.0W for 8 days, then moves): left out and reported.
 */
function withoutPlaceholderRun(history: HistoryPoint[], problems: ParseProblem[]): HistoryPoint[] {
  const first = history[0];
  if (!first) return history;
  const run = history.findIndex((p) => p.lat !== first.lat || p.lng !== first.lng);
  const length = run === -1 ? history.length : run;
  const last = history[length - 1] as HistoryPoint;
  if (Date.parse(last.time) - Date.parse(first.time) < 24 * 3600_000) return history;
  problems.push({
    line: 1,
    message: `the history holds ${fmt(first)} from ${first.time} to ${last.time} (${length} fixes): a placeholder, left out`,
  });
  return history.slice(length);
}

function assemble(
  form: FormationAlert['form'],
  text: AlertText,
  machine: {
    baseTime: Date;
    line: AlertText['line'];
    halfWidthNm: number | null;
    centre: DisturbancePosition | null;
    issuedAt: Date | null;
    system: SystemRef | null;
  } | null,
  issuedAt: Date | null,
  lines: readonly string[],
  history: HistoryPoint[],
  problems: ParseProblem[],
): FormationAlert {
  const line = machine ? machine.line : text.line;
  const halfWidthNm = machine ? machine.halfWidthNm : text.halfWidthNm;
  // Where the text and the machine lines disagree, the machine lines are served and the text's values are stated beside them.
  let textDiffers = false;
  if (machine && text.line && machine.line && halfWidthNm !== null) {
    const same = near(text.line.from, machine.line.from) && near(text.line.to, machine.line.to) && text.halfWidthNm === halfWidthNm;
    if (!same) {
      textDiffers = true;
      problems.push({
        line: text.body.line,
        message: `the text's alert line (${fmt(text.line.from)} to ${fmt(text.line.to)}, ${text.halfWidthNm} NM) differs from the machine lines' (${fmt(machine.line.from)} to ${fmt(machine.line.to)}, ${halfWidthNm} NM): the machine lines' is used`,
      });
    }
  }
  let centre: FormationAlert['centre'] = null;
  const centreTime = (group: string | undefined) => (group && issuedAt ? dayTime(group, issuedAt) : null);
  if (machine?.centre) {
    centre = { ...machine.centre, time: toUtcIso(machine.baseTime) };
    if (text.centre && !near(text.centre.position, machine.centre)) {
      textDiffers = true;
      problems.push({
        line: text.body.line,
        message: `the text's centre (${fmt(text.centre.position)}) differs from the machine lines' (${fmt(machine.centre)}): the machine lines' is used`,
      });
    }
    const imagery = centreTime(text.centre?.timeGroup);
    if (imagery && imagery.getTime() !== machine.baseTime.getTime()) {
      problems.push({
        line: text.body.line,
        message: `the text's imagery time ${text.centre?.timeGroup}Z is not the base time ${toUtcIso(machine.baseTime)}`,
      });
    }
  } else if (text.centre) {
    const time = centreTime(text.centre.timeGroup);
    centre = { ...text.centre.position, time: time && toUtcIso(time) };
  }
  const expiresAt = text.expiryGroup && issuedAt ? dayTime(text.expiryGroup, issuedAt) : null;
  if (expiresAt && issuedAt && expiresAt.getTime() <= issuedAt.getTime())
    problems.push({ line: text.body.line, message: `the expiry ${text.expiryGroup}Z is not after the issue time` });
  const halfWidthKm = halfWidthNm === null ? null : nmToKmExact(halfWidthNm);
  let box: DisturbancePosition[] | null = null;
  if (line && halfWidthKm !== null) {
    if (near(line.from, line.to)) problems.push({ line: 1, message: 'the alert line has no length: no box' });
    else box = tcfaBox(line, halfWidthKm);
  }
  return {
    form,
    heading: text.heading,
    system: text.system ?? machine?.system ?? null,
    reissued: text.reissued,
    baseTime: machine ? toUtcIso(machine.baseTime) : null,
    issuedAt: issuedAt && toUtcIso(issuedAt),
    expiresAt: expiresAt && expiresAt.getTime() > (issuedAt?.getTime() ?? 0) ? toUtcIso(expiresAt) : null,
    line,
    halfWidthNm,
    halfWidthKm,
    box,
    centre,
    textSays: textDiffers
      ? {
          line: text.line,
          halfWidthNm: text.halfWidthNm,
          halfWidthKm: text.halfWidthNm === null ? null : nmToKmExact(text.halfWidthNm),
          centre: text.centre?.position ?? null,
        }
      : null,
    movement: readMovement(text.body, problems),
    formationWithinHours: text.formationWithinHours,
    wind: readEstimatedWind(text.body, problems),
    pressureMb: readEstimatedPressure(text.body, problems),
    potential: readPotential(text.body, problems),
    references: readReferenceLines(lines, issuedAt, problems),
    history,
  };
}

/** `  9.1 244.5`: a machine-line position (0–360°E longitudes) → −180…180. */
function machinePosition(line: string | undefined): DisturbancePosition | null {
  const m = /^\s*(-?\d{1,2}(?:\.\d+)?)\s+(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(line ?? '');
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = normaliseLongitude(Number(m[2]));
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/**
 * The `.tcw` of a formation alert: `ALERT ATCF MIL 91X XXX 260822000000`, then base time `2026082200`, the line's
 * ends `9.1 244.5` and `15.1 243.1`, the half-width `160` (nm), the centre `9.3 244.4`, the issue time as `220700`
 * and `2608220700`, and a last number (1 in the WTPN21 alerts, 2 in the one WTPN22: read as the n of WTPN2n, not
 * kept). `productId` (`ep9126`, from the RSS) gives the basin the header leaves out (`XXX`).
 */
export function parseJtwcTcfa(text: string, options: { productId?: string } = {}): { alert: FormationAlert; problems: ParseProblem[] } {
  const lines = bulletinLines(text);
  const problems: ParseProblem[] = [];
  const at = lines.findIndex((l) => /^ALERT\b/.test(l.trim()));
  const header = at === -1 ? null : /^ALERT\s+ATCF\s+MIL\s+(\d{2})X\s+\S+\s+\d{12}\s*$/.exec((lines[at] as string).trim());
  const stamp = /^\s*(\d{4})(\d{2})(\d{2})(\d{2})\s*$/.exec(lines[at + 1] ?? '');
  const baseTime = stamp ? utcDate(Number(stamp[1]), Number(stamp[2]), Number(stamp[3]), Number(stamp[4])) : null;
  if (!header || !baseTime)
    throw new ShapeError('not a JTWC formation alert .tcw: no ALERT ATCF MIL header followed by a YYYYMMDDHH base time');
  const from = machinePosition(lines[at + 2]);
  const to = machinePosition(lines[at + 3]);
  const width = /^\s*(\d{1,3})\s*$/.exec(lines[at + 4] ?? '');
  const centre = machinePosition(lines[at + 5]);
  const issue = /^\s*(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\s*$/.exec(lines[at + 7] ?? '');
  const issuedAt = issue ? utcDate(2000 + Number(issue[1]), Number(issue[2]), Number(issue[3]), Number(issue[4]), Number(issue[5])) : null;
  const machineLine = (index: number, what: string) =>
    problems.push({ line: at + index + 1, message: `machine line ${index + 1} is not ${what}: left out` });
  if (!from) machineLine(2, 'the line start (lat lon)');
  if (!to) machineLine(3, 'the line end (lat lon)');
  if (!width || Number(width[1]) === 0) machineLine(4, 'the half-width (nm)');
  if (!centre) machineLine(5, 'the centre (lat lon)');
  if (!issuedAt) machineLine(7, 'the issue time (YYMMDDHHMM)');
  const short = (lines[at + 6] ?? '').trim();
  if (issuedAt && short !== toUtcIso(issuedAt).slice(8, 10) + toUtcIso(issuedAt).slice(11, 13) + toUtcIso(issuedAt).slice(14, 16)) {
    problems.push({ line: at + 7, message: `the issue time ${short} differs from ${toUtcIso(issuedAt)}` });
  }
  const textPart = readAlertText(lines, at + 1, problems);
  if (textPart.headingTime && issuedAt && dayTime(textPart.headingTime, issuedAt)?.getTime() !== issuedAt.getTime()) {
    problems.push({ line: 1, message: `the text's heading time ${textPart.headingTime} is not the issue time ${toUtcIso(issuedAt)}` });
  }
  const history = tcwHistory(lines, baseTime).map((p) => ({
    time: toUtcIso(p.time),
    lat: p.lat,
    lng: p.lng,
    windKt: p.windKt,
    windMs: p.windKt === null ? null : ktToMs(p.windKt),
  }));
  const number = header[1] as string;
  const machine = {
    baseTime,
    line: from && to ? { from, to } : null,
    halfWidthNm: width && Number(width[1]) > 0 ? Number(width[1]) : null,
    centre,
    issuedAt,
    system: options.productId ? systemOfProduct(options.productId, number, problems) : null,
  };
  if (textPart.system && textPart.system.number !== Number(number))
    problems.push({ line: 1, message: `the text names ${textPart.system.id}, the header invest ${number}` });
  const alert = assemble('jmv', textPart, machine, issuedAt, lines, withoutPlaceholderRun(history, problems), problems);
  return { alert, problems: problems.sort((a, b) => a.line - b.line) };
}

/**
 * The text bulletin of a formation alert (`WTPN21 PGTW 220800`, `…web.txt`). It gives no month or year: its heading's
 * `DDHHMM` is read as the latest such time at or before `anchor` (when the text was fetched: a bulletin is never
 * issued in the future), and its other groups (the expiry, the imagery) as the dates nearest the issue time.
 */
export function parseJtwcTcfaText(text: string, options: { anchor: Date }): { alert: FormationAlert; problems: ParseProblem[] } {
  const lines = bulletinLines(text);
  const problems: ParseProblem[] = [];
  const textPart = readAlertText(lines, 0, problems);
  if (!textPart.heading || !textPart.headingTime) throw new ShapeError('not a JTWC formation alert: no WTxx2n heading');
  if (!/^WT[A-Z]{2}2\d /.test(textPart.heading)) throw new ShapeError(`${textPart.heading} is not a formation alert heading (WTxx2n)`);
  const group = /^(\d{2})(\d{2})(\d{2})$/.exec(textPart.headingTime);
  const issuedAt =
    group && Number(group[2]) <= 23 && Number(group[3]) <= 59
      ? dayTimeAtOrBefore(Number(group[1]), Number(group[2]), Number(group[3]), options.anchor)
      : null;
  if (!issuedAt) problems.push({ line: 1, message: `the heading's time group ${textPart.headingTime} is not a time` });
  const alert = assemble('text', textPart, null, issuedAt, lines, [], problems);
  return { alert, problems: problems.sort((a, b) => a.line - b.line) };
}
