/**
 * The recorded PAGASA bulletin (UWAN No. 9, 9 November 2025) and the mock's JMA documents through the warnings'
 * refresh and the endpoints, at the mock's moment: the bulletin is long past its own bound (the time of PAGASA's next
 * bulletin), so its signals are served stale, told as last reported at its time, never as now; JMA's storm areas past
 * the 4-hour bound of its typhoon documents likewise. The same run on the project's own payloads is in
 * test/unit/warnings-run.test.ts.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { warningAgency, warningList } from '../../src/api/handlers/warnings.ts';
import { serveFunction } from '../../src/api/serve.ts';
import { readConfig } from '../../src/config/env.ts';
import { fileStore } from '../../src/store/store.ts';
import { warningUpstreams } from '../../src/upstream/addresses.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { refreshWarnings } from '../../src/warnings/refresh-warnings.ts';
import { MOCK_NOW, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { describeRealData } from '../helpers/real-data.ts';

describeRealData('upstream', 'the recorded PAGASA bulletin and the JMA documents through the warnings refresh', (SHARED) => {
  let mock: MockUpstream;
  let dir: string;
  const refresh = (now: Date) =>
    refreshWarnings(warningUpstreams(mock.addresses, createUpstreamClient({ retries: 0 })), fileStore(dir), now, {
      agencies: ['jma', 'pagasa'],
      storms: [],
    });
  const ask = async (pathname: string, now: Date) => {
    const handler = serveFunction([warningList, warningAgency], { ...readConfig(), store: { kind: 'files', dir } }, () => now);
    return (await (await handler(new Request(`http://localhost${pathname}`))).json()) as any;
  };
  /** The v1 data and the web payload, checked to be the same. */
  const both = async (pathname: string, now: Date) => {
    const v1 = await ask(`/api/v1${pathname}`, now);
    expect(await ask(`/api${pathname}`, now)).toEqual(v1.data);
    return v1.data;
  };

  beforeAll(async () => {
    mock = await startMockUpstream({ recordedDir: SHARED, decksDir: null });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-warnings-real-'));
    const result = await refresh(MOCK_NOW);
    expect(result.agencies.map((a) => [a.agency, a.ok, a.state])).toEqual([
      ['jma', true, 'in-force'],
      ['pagasa', true, 'in-force'],
    ]);
  }, 60_000);
  afterAll(async () => {
    await mock.close();
    await fs.remove(dir);
  });

  it("PAGASA's bulletin past the time of its next one: its signals served, stale, last reported at its time", async () => {
    const pagasa = await both('/warnings/pagasa', MOCK_NOW);
    expect(pagasa).toMatchObject({ state: 'in-force', stale: true, upstream: 'ok' });
    expect(pagasa.publishedAt).toMatch(/^2025-11-09T.*\+08:00$/);
    expect(pagasa.staleReason).toMatch(
      /^TCB#9 issued at 2025-11-09T\S+\+08:00 was valid until 2025-11-09T\S+\+08:00 and no newer one was read$/,
    );
    expect(pagasa.warnings.filter((w: { level: number }) => w.level === 5).map((w: { area: { name: string } }) => w.area.name)).toEqual([
      'Polillo Islands',
      'Camarines Norte',
      'Camarines Sur',
      'Catanduanes',
    ]);
    expect(pagasa.warnings.every((w: { storm: { localName: string } }) => w.storm.localName === 'UWAN')).toBe(true);
    expect((await both('/warnings', MOCK_NOW)).stale).toBe(true);
  });

  it("JMA's storm areas, read again 5 hours on with no newer typhoon document: stale, JMA has published nothing new", async () => {
    expect(await both('/warnings/jma', MOCK_NOW)).toMatchObject({ state: 'in-force', stale: false, staleReason: null });
    const later = new Date(MOCK_NOW.getTime() + 5 * 3_600_000);
    expect((await refresh(later)).agencies.find((a) => a.agency === 'jma')).toMatchObject({ ok: true, state: 'in-force' });
    const jma = await both('/warnings/jma', later);
    expect(jma).toMatchObject({ state: 'in-force', stale: true, upstream: 'ok' });
    expect(jma.staleReason).toMatch(/^the upstream has published nothing new since 2026-08-23T\S+\+09:00$/);
  });
});
