/**
 * A mock of the live upstreams on loopback, for tests and offline runs (`npm start -- --mock-upstream`).
 * It replays recorded payloads (../shared/data/upstream, when present) and the project's own payloads
 * (test/fixtures/upstream), under the same routes as the real services:
 *
 *   /zj/Api/TyhoonActivity, /zj/Api/TyphoonInfo/{tfid}, /zj/Api/TyphoonList/{year}
 *   /nmc/list_default, /nmc/view_{id}
 *
 * Fault switches, per service (`zj`, `nmc`) or both: timeout, 5xx, html404, truncated, wrong-types, empty.
 * Set them in-process (`setFault`) or over HTTP: `POST /__mock/fault?service=zj&fault=timeout`, `DELETE /__mock/fault`.
 * Payloads can be replaced at run time (`setPayload`) to replay a storm's life.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fs from 'fs-extra';
import { PROJECT_ROOT } from '../config.ts';

export const FAULTS = ['timeout', '5xx', 'html404', 'truncated', 'wrong-types', 'empty'] as const;
export type Fault = (typeof FAULTS)[number];
export type Service = 'zj' | 'nmc';

export const OWN_PAYLOADS = path.join(PROJECT_ROOT, 'test', 'fixtures', 'upstream');
export const RECORDED_PAYLOADS = path.resolve(PROJECT_ROOT, '..', 'shared', 'data', 'upstream');

/** Recorded samples served under their ids (the legacy FUNG-WONG and MINDULLE captures). */
const RECORDED: Record<string, string> = {
  'zj/TyphoonInfo/201927': 'zj/TyphoonInfo_201927_FUNG-WONG.legacy-zjwater.json',
  'zj/TyphoonInfo/202116': 'zj/TyphoonInfo_202116_MINDULLE.legacy-zjwater.array-wrapped.json',
  'zj/TyphoonList/2019': 'zj/TyphoonList_2019.legacy-zjwater.json',
  'zj/404': 'zj/error-404.spring-boot.modern-slt.json',
};

export interface MockUpstream {
  url: string;
  zjBase: string;
  nmcBase: string;
  setFault(fault: Fault | null, service?: Service | 'all'): void;
  /** Replaces what a route answers (`zj/TyhoonActivity`, `zj/TyphoonInfo/202699`, `nmc/list_default`, …). */
  setPayload(route: string, body: string | null): void;
  requests(): number;
  close(): Promise<void>;
}

async function loadPayloads(recordedDir: string): Promise<Map<string, string>> {
  const payloads = new Map<string, string>();
  for (const [route, file] of Object.entries(RECORDED)) {
    const full = path.join(recordedDir, file);
    if (await fs.pathExists(full)) payloads.set(route, await fs.readFile(full, 'utf8'));
  }
  for (const file of await fs.readdir(path.join(OWN_PAYLOADS, 'zj'))) {
    const route = file.replace(/\.json$/, '').replace(/_/g, '/');
    payloads.set(`zj/${route}`, await fs.readFile(path.join(OWN_PAYLOADS, 'zj', file), 'utf8'));
  }
  for (const file of await fs.readdir(path.join(OWN_PAYLOADS, 'nmc'))) {
    payloads.set(`nmc/${file.replace(/\.jsonp$/, '')}`, await fs.readFile(path.join(OWN_PAYLOADS, 'nmc', file), 'utf8'));
  }
  return payloads;
}

/** The route key of a request path, or null for paths the services do not have. */
function routeOf(pathname: string): { service: Service; key: string } | null {
  const zj = /^\/zj\/Api\/(TyhoonActivity|TyphoonInfo\/[^/]+|TyphoonList\/[^/]+)$/.exec(pathname);
  if (zj) return { service: 'zj', key: `zj/${decodeURIComponent(zj[1] as string)}` };
  const nmc = /^\/nmc\/(list_default|view_\d+)$/.exec(pathname);
  if (nmc) return { service: 'nmc', key: `nmc/${nmc[1]}` };
  return null;
}

export async function startMockUpstream(options: { port?: number; recordedDir?: string } = {}): Promise<MockUpstream> {
  const payloads = await loadPayloads(options.recordedDir ?? RECORDED_PAYLOADS);
  const faults: Record<Service, Fault | null> = { zj: null, nmc: null };
  const held = new Set<http.ServerResponse>();
  let count = 0;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    if (url.pathname === '/__mock/fault') {
      const fault = url.searchParams.get('fault') as Fault | null;
      const service = (url.searchParams.get('service') ?? 'all') as Service | 'all';
      for (const s of ['zj', 'nmc'] as const) if (service === 'all' || service === s) faults[s] = req.method === 'DELETE' ? null : fault;
      res.writeHead(204).end();
      return;
    }
    count += 1;
    const route = routeOf(url.pathname);
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
      case 'truncated':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end((body ?? '[{"tfid":"2026').slice(0, Math.max(10, Math.floor((body ?? '').length / 2))));
        return;
      case 'wrong-types':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(route.service === 'nmc' ? 'cb(({"typhoonList":"none"}))' : '{"tfid":null,"points":"none","lat":{}}');
        return;
      case 'empty':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('');
        return;
      default:
    }
    if (body === undefined) {
      if (route.key === 'zj/TyhoonActivity') res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
      else if (route.service === 'zj') res.writeHead(404, { 'Content-Type': 'application/json' }).end(payloads.get('zj/404') ?? '{"status":404}');
      else res.writeHead(404, { 'Content-Type': 'text/html' }).end('<html><body>404</body></html>');
      return;
    }
    // Like the real services: no charset on the content type.
    res.writeHead(200, { 'Content-Type': route.service === 'nmc' ? 'application/octet-stream' : 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    zjBase: `${url}/zj/Api`,
    nmcBase: `${url}/nmc`,
    setFault: (fault, service = 'all') => {
      for (const s of ['zj', 'nmc'] as const) if (service === 'all' || service === s) faults[s] = fault;
    },
    setPayload: (route, body) => {
      if (body === null) payloads.delete(route);
      else payloads.set(route, body);
    },
    requests: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
