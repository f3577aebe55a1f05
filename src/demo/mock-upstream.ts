/**
 * A mock of the live upstreams on loopback, for tests and offline runs (`npm start -- --mock-upstream`; alone:
 * `npm run mock-upstream -- --port 8890`, then point TYPHOON_ZJ_BASE, TYPHOON_NMC_BASE, … at it).
 * It replays the project's own payloads (demo/upstream) and, when a folder of recorded payloads is
 * given (`recordedDir`: the tests give TYPHOON_UPSTREAM_SAMPLES), a few recorded ones, under the same routes as the
 * real services:
 *
 *   /zj/Api/TyhoonActivity, /zj/Api/TyphoonInfo/{tfid}, /zj/Api/TyphoonList/{year}
 *   /nmc/list_default, /nmc/view_{id}
 *   /nhc/CurrentStorms.json, /nhc/atcf/btk/b{atcf}.dat, /nhc/atcf/aid_public/a{atcf}.dat.gz (gzipped on the fly)
 *   /jtwc/rss/jtwc.rss, /jtwc/products/{file} (abpwweb.txt and abioweb.txt: the advisories, CURRENT_BULLETINS)
 *   /nhc/text/{file} (NHC's Tropical Weather Outlooks, CURRENT_BULLETINS)
 *   /nhc/atcf/archive/{year}/b{atcf}.dat.gz (NHC's basins) and /ucar/bdecks_open/{year}/b{atcf}.dat (every basin): the
 *   upstreams' archived b-decks, for restoring a damaged record; the real ones of a folder of b-decks when given
 *   (`decksDir`: the tests give TYPHOON_GLOBAL_DECKS), else the own ones (nhc/b*.dat, ucar/b*.dat)
 *   /hko/weather.php?dataType=warnsum|warningInfo&lang=en|tc (HKO's warnings, demo/upstream/hko: none in force)
 *   /jma/feed/extra.xml, /jma/feed/extra_l.xml, /jma/data/{file} (JMA's feeds and documents, demo/upstream/jma)
 *   /pagasa/tropical-cyclone/severe-weather-bulletin, /pagasa-files/{file} (PAGASA's bulletin page and its PDFs:
 *   the recorded bulletin of UWAN when the samples are given, else a page that lists none)
 *
 * Fault switches, per service (`zj`, `nmc`, `nhc`, `jtwc`, `ucar`, `hko`, `jma`, `pagasa`) or all: timeout, 5xx, html404,
 * html200 (an HTML page with status 200), truncated, wrong-types, empty.
 * Set them in-process (`setFault`) or over HTTP: `POST /__mock/fault?service=zj&fault=timeout`, `DELETE /__mock/fault`.
 * Every payload answer carries an ETag (of its bytes) and a matching If-None-Match gets 304, as a static file server
 * answers. Payloads can be replaced at run time (`setPayload`) to replay a storm's life; `injectedTextPayloads()` gives the
 * active storms' payloads with attacker text in every name and place.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import fs from 'fs-extra';
import type { UpstreamAddresses } from '../config/env.ts';

export const FAULTS = ['timeout', '5xx', 'html404', 'html200', 'truncated', 'wrong-types', 'empty'] as const;
export type Fault = (typeof FAULTS)[number];
export const SERVICES = ['zj', 'nmc', 'nhc', 'jtwc', 'ucar', 'hko', 'jma', 'pagasa'] as const;
export type Service = (typeof SERVICES)[number];

export const OWN_PAYLOADS = path.join(import.meta.dirname, '..', '..', 'demo', 'upstream');

/**
 * The instant the own payloads describe together: the demo storm's latest position (2026-08-23 02:00 Beijing time)
 * ten minutes old, JTWC's advisories and formation alert and NHC's Atlantic outlook of the same day in force. Tests,
 * the docs' examples and the benchmarks run at it. On any other clock the mock replays the same answers as a frozen
 * upstream would, and the answers say so: the data is as old as its own times (src/model/freshness.ts).
 */
export const MOCK_NOW = new Date('2026-08-22T18:10:00Z');

/** Recorded samples served under their ids (the legacy FUNG-WONG and MINDULLE captures). */
const RECORDED: Record<string, string> = {
  'zj/TyphoonInfo/201927': 'zj/TyphoonInfo_201927_FUNG-WONG.legacy-zjwater.json',
  'zj/TyphoonInfo/202116': 'zj/TyphoonInfo_202116_MINDULLE.legacy-zjwater.array-wrapped.json',
  'zj/TyphoonList/2019': 'zj/TyphoonList_2019.legacy-zjwater.json',
  'zj/404': 'zj/error-404.spring-boot.modern-slt.json',
  'jtwc/products/abpwweb.txt': 'jtwc/abpwweb.txt',
  'jtwc/products/abioweb.txt': 'jtwc/abioweb.txt',
  'jtwc/products/ep9126.tcw': 'jtwc/ep9126.tcw',
};

/** Recorded binary samples (PAGASA's bulletins as it publishes them, under the file name of its current bulletin). */
const RECORDED_BINARY: Record<string, string> = {
  'pagasa/files/bulletin_uwan.pdf': 'warnings/pagasa/tcb-pdf/PAGASA_25-TC21_Uwan_TCB#09.pdf',
};

/**
 * JTWC's current advisories and the formation alert they cite, and NHC's outlooks, when no recorded ones are given:
 * real bulletins of demo/upstream/jtwc and demo/upstream/nhc (their SOURCES.md) under the names they are published by.
 */
const CURRENT_BULLETINS: Record<string, string> = {
  'jtwc/products/abpwweb.txt': 'jtwc/abpwweb.2026-08-22T0800Z.txt',
  'jtwc/products/abioweb.txt': 'jtwc/own-abio-nothing.2026-08-22T1800Z.txt',
  'jtwc/products/wp9726.tcw': 'jtwc/wp9726.2026-08-22T0800Z.tcw',
  'nhc/text/abnt20.knhc.two.at.txt': 'nhc/two-at.2026-08-22T1713Z.txt',
  'nhc/text/abpz20.knhc.two.ep.txt': 'nhc/two-ep.2026-08-21T1739Z.txt',
};

/** Own payload files → route keys. */
const OWN_ROUTES: Record<string, (file: string) => string> = {
  zj: (file) => `zj/${file.replace(/\.json$/, '').replace(/_/g, '/')}`,
  nmc: (file) => `nmc/${file.replace(/\.jsonp$/, '')}`,
  nhc: (file) => (file === 'CurrentStorms.json' ? 'nhc/CurrentStorms' : `nhc/${file.startsWith('b') ? 'btk' : 'aid'}/${file.replace(/\.dat$/, '')}`),
  jtwc: (file) => (file === 'jtwc.rss' ? 'jtwc/rss' : `jtwc/products/${file}`),
  // warnsum.en.json → hko/warnsum/en
  hko: (file) => `hko/${file.replace(/\.json$/, '').replace('.', '/')}`,
  jma: (file) => (/^extra(_l)?\.xml$/.test(file) ? `jma/feed/${file}` : `jma/data/${file}`),
  pagasa: (file) => (file === 'severe-weather-bulletin.html' ? 'pagasa/listing' : `pagasa/own/${file}`),
};

/** The basins whose b-decks NHC archives (the others are JTWC's). */
const NHC_BASINS = /^b(al|ep|cp)\d{6}\.dat$/;

export interface MockUpstream {
  url: string;
  zjBase: string;
  nmcBase: string;
  nhcBase: string;
  nhcAtcfBase: string;
  nhcTextBase: string;
  jtwcBase: string;
  ucarBase: string;
  /** The same, as the configuration's upstream addresses (what the refresh jobs are given). */
  addresses: UpstreamAddresses;
  setFault(fault: Fault | null, service?: Service | 'all'): void;
  /**
   * Replaces what a route answers (`zj/TyhoonActivity`, `zj/TyphoonInfo/202699`, `nmc/list_default`, `hko/warnsum/en`,
   * `jma/feed/extra.xml`, `jma/data/{file}`, `pagasa/listing`, `pagasa/files/{file}`, …).
   */
  setPayload(route: string, body: string | Uint8Array | null): void;
  requests(): number;
  /** The paths asked so far, in order (what `requests` counts): whether a route was asked at all. */
  requestedPaths(): readonly string[];
  /** How many of those were answered 304 Not Modified. */
  notModified(): number;
  /** Requests held open by the `timeout` fault that their client has not given up yet. */
  hanging(): number;
  /** Whether a request to this address would be held open (its service has the `timeout` fault). */
  hangs(address: string): boolean;
  close(): Promise<void>;
}

async function loadPayloads(recordedDir: string | undefined): Promise<Map<string, string | Uint8Array>> {
  const payloads = new Map<string, string | Uint8Array>();
  for (const [route, file] of recordedDir ? Object.entries(RECORDED) : []) {
    if (!recordedDir) break;
    const full = path.join(recordedDir, file);
    if (await fs.pathExists(full)) payloads.set(route, await fs.readFile(full, 'utf8'));
  }
  for (const [service, routeOf] of Object.entries(OWN_ROUTES)) {
    for (const file of await fs.readdir(path.join(OWN_PAYLOADS, service))) {
      if (file === 'SOURCES.md' && ['hko', 'jma', 'pagasa'].includes(service)) continue;
      payloads.set(routeOf(file), await fs.readFile(path.join(OWN_PAYLOADS, service, file), 'utf8'));
    }
  }
  // PAGASA: the recorded bulletin, and the page that links it, when the samples are given.
  for (const [route, file] of recordedDir ? Object.entries(RECORDED_BINARY) : []) {
    const full = path.join(recordedDir as string, file);
    if (!(await fs.pathExists(full))) continue;
    payloads.set(route, new Uint8Array(await fs.readFile(full)));
    payloads.set('pagasa/listing', payloads.get('pagasa/own/severe-weather-bulletin.uwan.html') as string);
  }
  for (const [route, file] of Object.entries(CURRENT_BULLETINS)) {
    if (!payloads.has(route)) payloads.set(route, await fs.readFile(path.join(OWN_PAYLOADS, file), 'utf8'));
  }
  return payloads;
}

/**
 * The archived b-decks (`b<basin><nn><year>.dat`) under their route keys: the own ones, then the real ones of
 * `decksDir` (any depth, as TYPHOON_GLOBAL_DECKS holds them: geoips/, metget/) in their place.
 */
async function loadArchivedDecks(decksDir: string | undefined): Promise<Map<string, string>> {
  const decks = new Map<string, string>();
  const folders = [path.join(OWN_PAYLOADS, 'nhc'), path.join(OWN_PAYLOADS, 'ucar')];
  if (decksDir) folders.push(...(await fs.readdir(decksDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => path.join(decksDir, e.name)));
  for (const folder of folders) {
    for (const file of (await fs.readdir(folder)).filter((f) => /^b[a-z]{2}\d{6}\.dat$/.test(f))) {
      const text = await fs.readFile(path.join(folder, file), 'utf8');
      const [name, year] = [file.replace(/\.dat$/, ''), file.slice(-8, -4)];
      decks.set(`ucar/bdecks_open/${year}/${name}`, text);
      if (NHC_BASINS.test(file)) decks.set(`nhc/archive/${year}/${name}`, text);
    }
  }
  return decks;
}

/** The route key of a request path, or null for paths the services do not have. */
function routeOf(pathname: string, search: URLSearchParams): { service: Service; key: string; gzip?: boolean } | null {
  const zj = /^\/zj\/Api\/(TyhoonActivity|TyphoonInfo\/[^/]+|TyphoonList\/[^/]+)$/.exec(pathname);
  if (zj) return { service: 'zj', key: `zj/${decodeURIComponent(zj[1] as string)}` };
  const nmc = /^\/nmc\/(list_default|view_\d+)$/.exec(pathname);
  if (nmc) return { service: 'nmc', key: `nmc/${nmc[1]}` };
  if (pathname === '/nhc/CurrentStorms.json') return { service: 'nhc', key: 'nhc/CurrentStorms' };
  const deck = /^\/nhc\/atcf\/(btk|aid_public)\/([ab][a-z]{2}\d{6})\.dat(\.gz)?$/.exec(pathname);
  if (deck) return { service: 'nhc', key: `nhc/${deck[1] === 'btk' ? 'btk' : 'aid'}/${deck[2]}`, gzip: Boolean(deck[3]) };
  const archived = /^\/nhc\/atcf\/archive\/(\d{4})\/(b[a-z]{2}\d{6})\.dat\.gz$/.exec(pathname);
  if (archived) return { service: 'nhc', key: `nhc/archive/${archived[1]}/${archived[2]}`, gzip: true };
  const outlook = /^\/nhc\/text\/(ab[a-z]{2}\d{2}\.knhc\.two\.[a-z]{2}\.txt)$/.exec(pathname);
  if (outlook) return { service: 'nhc', key: `nhc/text/${outlook[1]}` };
  const ucar = /^\/ucar\/bdecks_open\/(\d{4})\/(b[a-z]{2}\d{6})\.dat$/.exec(pathname);
  if (ucar) return { service: 'ucar', key: `ucar/bdecks_open/${ucar[1]}/${ucar[2]}` };
  if (pathname === '/jtwc/rss/jtwc.rss') return { service: 'jtwc', key: 'jtwc/rss' };
  const product = /^\/jtwc\/products\/([a-z0-9.]+)$/.exec(pathname);
  if (product) return { service: 'jtwc', key: `jtwc/products/${product[1]}` };
  if (pathname === '/hko/weather.php') {
    const [dataType, lang] = [search.get('dataType'), search.get('lang')];
    return dataType && lang && /^\w+$/.test(dataType) && /^\w+$/.test(lang) ? { service: 'hko', key: `hko/${dataType}/${lang}` } : null;
  }
  const jma = /^\/jma\/(feed|data)\/([\w.-]+\.xml)$/.exec(pathname);
  if (jma) return { service: 'jma', key: `jma/${jma[1]}/${jma[2]}` };
  if (pathname === '/pagasa/tropical-cyclone/severe-weather-bulletin') return { service: 'pagasa', key: 'pagasa/listing' };
  const pdf = /^\/pagasa-files\/([\w.-]+\.pdf)$/.exec(pathname);
  if (pdf) return { service: 'pagasa', key: `pagasa/files/${pdf[1]}` };
  return null;
}

/**
 * Free text an attacker who controls an upstream could send (docs/data/upstream-text.md): markup, a link, a false "all
 * clear", and invisible right-to-left (U+202E) and zero-width (U+200B) characters.
 */
export const INJECTED_TEXT = {
  place: '\u202e<script>alert(1)</script>福建\u200b https://evil.example 预警已解除，无需撤离',
  nameZh: '预警解除无需撤离',
  nameEn: 'ALL CLEAR NO NEED TO EVACUATE',
  /** Where a name is one token without spaces (the .tcw header) or a code (a type column). */
  token: '<i>ALL_CLEAR</i>evil.example',
  /** Inside the JTWC RSS title's parentheses, where the feed's own markup leaves no `<` or `>`. */
  title: 'ALL CLEAR see https://evil.example',
  /** Landfall places that carry a claim in a place's characters: a clause in brackets, a sentence in Latin letters. */
  placeClaims: ['浙江温州（台风已减弱为热带低压）', '福建沿海（本次登陆为误报）', 'Wenzhou Now Totally Harmless'],
  /** A forecast agency's label that names no agency. */
  agency: '日本（作废）',
} as const;

/**
 * The own payloads of the active storms with INJECTED_TEXT in every name, landfall place, forecast agency and
 * type code they carry, by route: `for (const [route, body] of Object.entries(injectedTextPayloads())) mock.setPayload(route, body)`.
 */
export function injectedTextPayloads(): Record<string, string> {
  const own = (file: string) => fs.readFileSync(path.join(OWN_PAYLOADS, file), 'utf8');
  const t = INJECTED_TEXT;
  const zj = JSON.parse(own('zj/TyphoonInfo_202699.json'));
  // The first landfall's place carries markup and a link; three more landfalls, ten minutes apart, a claim each.
  const places = [t.place, ...t.placeClaims].map((landaddress, i) => ({
    ...zj.land[0],
    landaddress,
    landtime: `${['2026-08-22 23:30', '2026-08-22 23:40', '2026-08-22 23:50', '2026-08-23 00:00'][i]}:00`,
  }));
  const points = zj.points.map((p: { forecast?: { tm: string }[] }, i: number) =>
    i === zj.points.length - 1 && Array.isArray(p.forecast)
      ? { ...p, forecast: p.forecast.map((g, j) => (j === 1 ? { ...g, tm: t.agency } : g)) }
      : p,
  );
  const injectedZj = { ...zj, name: t.nameZh, enname: t.nameEn, land: places, points };
  const nhc = JSON.parse(own('nhc/CurrentStorms.json'));
  const injectedNhc = { activeStorms: nhc.activeStorms.map((s: object) => ({ ...s, name: t.nameEn, classification: t.token })) };
  return {
    'zj/TyphoonInfo/202699': JSON.stringify(injectedZj),
    'nmc/view_9000000': own('nmc/view_9000000.jsonp').replace('[9000000,"MANGKHUT","山竹"', `[9000000,${JSON.stringify(t.nameEn)},${JSON.stringify(t.nameZh)}`),
    'nhc/CurrentStorms': JSON.stringify(injectedNhc),
    'nhc/btk/bal132025': own('nhc/bal132025.dat').replaceAll('MELISSA', t.nameEn).replaceAll(' TS, ', ` ${t.token}, `),
    'jtwc/rss': own('jtwc/jtwc.rss').replace('(Anggrek)', `(${t.title})`),
    'jtwc/products/sh0624.tcw': own('jtwc/sh0624.tcw').replace(' ANGGREK ', ` ${t.token} `),
  };
}

/** The environment that points the refresh jobs at a mock upstream. */
export const mockUpstreamEnv = (mock: Pick<MockUpstream, 'addresses'>): Record<string, string> => ({
  TYPHOON_ZJ_BASE: mock.addresses.zj,
  TYPHOON_NMC_BASE: mock.addresses.nmc,
  TYPHOON_NHC_BASE: mock.addresses.nhc,
  TYPHOON_NHC_ATCF_BASE: mock.addresses.nhcAtcf,
  TYPHOON_NHC_TEXT_BASE: mock.addresses.nhcText,
  TYPHOON_JTWC_BASE: mock.addresses.jtwc,
  TYPHOON_UCAR_BASE: mock.addresses.ucar,
  TYPHOON_HKO_BASE: mock.addresses.hko,
  TYPHOON_JMA_XML_BASE: mock.addresses.jmaXml,
  TYPHOON_PAGASA_BASE: mock.addresses.pagasa,
  TYPHOON_PAGASA_FILES_BASE: mock.addresses.pagasaFiles,
});

const CONTENT_TYPES: Record<Service, string> = {
  zj: 'application/json',
  nmc: 'application/octet-stream',
  nhc: 'text/plain',
  jtwc: 'binary/octet-stream',
  ucar: 'text/plain',
  hko: 'application/json',
  jma: 'application/xml',
  pagasa: 'text/html',
};

/** Valid syntax, wrong shape: what a changed upstream format looks like. */
const WRONG_TYPES: Record<Service, string> = {
  zj: '{"tfid":null,"points":"none","lat":{}}',
  nmc: 'cb(({"typhoonList":"none"}))',
  nhc: '{"activeStorms":[{"id":42,"latitudeNumeric":"north"}]}',
  jtwc: 'WARNING\nnot a product\n',
  ucar: 'SH, 06, not a time,\n',
  hko: '{"WTCSGNL":{"code":42,"issueTime":"soon"}}',
  jma: '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><title>x</title></entry></feed>',
  pagasa: '<html><body><p>Maintenance</p></body></html>',
};

export async function startMockUpstream(options: { port?: number; recordedDir?: string | null; decksDir?: string | null } = {}): Promise<MockUpstream> {
  const payloads = await loadPayloads(options.recordedDir ?? undefined);
  for (const [route, deck] of await loadArchivedDecks(options.decksDir ?? undefined)) payloads.set(route, deck);
  const faults = Object.fromEntries(SERVICES.map((s) => [s, null])) as Record<Service, Fault | null>;
  const held = new Set<http.ServerResponse>();
  let count = 0;
  let unchanged = 0;
  const requested: string[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    if (url.pathname === '/__mock/fault') {
      const fault = url.searchParams.get('fault') as Fault | null;
      const service = (url.searchParams.get('service') ?? 'all') as Service | 'all';
      for (const s of SERVICES) if (service === 'all' || service === s) faults[s] = req.method === 'DELETE' ? null : fault;
      res.writeHead(204).end();
      return;
    }
    count += 1;
    requested.push(url.pathname);
    const route = routeOf(url.pathname, url.searchParams);
    if (!route) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(payloads.get('zj/404') ?? '{"status":404}');
      return;
    }
    const body = payloads.get(route.key);
    switch (faults[route.service]) {
      case 'timeout':
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      case '5xx':
        res.writeHead(503, { 'Content-Type': 'text/plain' }).end('Service Unavailable');
        return;
      case 'html404':
        res.writeHead(404, { 'Content-Type': 'text/html' }).end('<!doctype html><html><body><h1>404 Not Found</h1></body></html>');
        return;
      case 'html200':
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!DOCTYPE html><html><head><title>Service notice</title></head><body><h1>Down for maintenance</h1></body></html>');
        return;
      case 'truncated':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end((body ?? '[{"tfid":"2026').slice(0, Math.max(10, Math.floor((body ?? '').length / 2))));
        return;
      case 'wrong-types':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(WRONG_TYPES[route.service]);
        return;
      case 'empty':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('');
        return;
      default:
    }
    if (body === undefined) {
      if (route.key === 'zj/TyhoonActivity') res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
      else if (route.key === 'nhc/CurrentStorms') res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"activeStorms":[]}');
      else if (route.service === 'zj') res.writeHead(404, { 'Content-Type': 'application/json' }).end(payloads.get('zj/404') ?? '{"status":404}');
      else res.writeHead(404, { 'Content-Type': 'text/html' }).end('<html><body>404</body></html>');
      return;
    }
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    // A PDF is sent as PAGASA's file server sends it.
    const type = route.key.endsWith('.pdf') ? 'application/pdf' : CONTENT_TYPES[route.service];
    if (req.headers['if-none-match'] === etag) {
      unchanged += 1;
      res.writeHead(304, { ETag: etag }).end();
      return;
    }
    // Like the real services: no charset on the content type.
    if (route.gzip) res.writeHead(200, { 'Content-Type': 'application/gzip', ETag: etag }).end(gzipSync(body));
    else res.writeHead(200, { 'Content-Type': type, ETag: etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    zjBase: `${url}/zj/Api`,
    nmcBase: `${url}/nmc`,
    nhcBase: `${url}/nhc`,
    nhcAtcfBase: `${url}/nhc/atcf`,
    nhcTextBase: `${url}/nhc/text`,
    jtwcBase: `${url}/jtwc`,
    ucarBase: `${url}/ucar`,
    addresses: {
      zj: `${url}/zj/Api`,
      nmc: `${url}/nmc`,
      nhc: `${url}/nhc`,
      nhcAtcf: `${url}/nhc/atcf`,
      nhcText: `${url}/nhc/text`,
      jtwc: `${url}/jtwc`,
      ucar: `${url}/ucar`,
      hko: `${url}/hko`,
      jmaXml: `${url}/jma`,
      pagasa: `${url}/pagasa`,
      pagasaFiles: `${url}/pagasa-files`,
    },
    setFault: (fault, service = 'all') => {
      for (const s of SERVICES) if (service === 'all' || service === s) faults[s] = fault;
    },
    setPayload: (route, body) => {
      if (body === null) payloads.delete(route);
      else payloads.set(route, body);
    },
    requests: () => count,
    requestedPaths: () => [...requested],
    notModified: () => unchanged,
    hanging: () => held.size,
    hangs: (address) => {
      const asked = new URL(address);
      const route = asked.origin === url ? routeOf(asked.pathname, asked.searchParams) : null;
      return route !== null && faults[route.service] === 'timeout';
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// Run directly (`npm run mock-upstream`): the mock alone, until stopped.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8890' } } });
  const mock = await startMockUpstream({ port: Number(values.port) });
  console.log(`Mock upstream on ${mock.url}: ${Object.entries(mockUpstreamEnv(mock)).map(([k, v]) => `${k}=${v}`).join(' ')}`);
}
