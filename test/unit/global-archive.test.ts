/**
 * The global archive across a storm's life replayed through the mock upstream: it appears, strengthens, a
 * b-deck download is cut off, the feed fails, the store loses its index (a crash between two writes), the
 * process restarts (a fresh store object each refresh), and the storm drops off the feed. At the end every
 * best-track point is in the archive exactly once. And an archive stored before records had the typhoon records'
 * names still reads, whole.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestTrack, parseAtcfDeck } from '../../src/upstream/atcf.ts';
import { globalPoint, mergeCyclone, summarizeCyclone } from '../../src/global/build-cyclone.ts';
import { readCyclone, readIndex, writeCyclone } from '../../src/global/global-store.ts';
import { activeGlobalCyclones } from '../../src/global/global-view.ts';
import { refreshGlobal } from '../../src/global/refresh-global.ts';
import type { GlobalUpstreams } from '../../src/upstream/addresses.ts';
import { OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { fileStore } from '../../src/store/store.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';

const DECK = path.join(OWN_PAYLOADS, 'nhc', 'bal132025.dat');

let mock: MockUpstream;
let up: GlobalUpstreams;
beforeAll(async () => {
  mock = await startMockUpstream();
  up = {
    nhcBase: mock.nhcBase,
    nhcAtcfBase: mock.nhcAtcfBase,
    nhcTextBase: mock.nhcTextBase,
    jtwcBase: mock.jtwcBase,
    ucarBase: mock.ucarBase,
    client: createUpstreamClient({ retries: 0 }),
  };
  mock.setPayload('jtwc/rss', null);
});
afterAll(() => mock.close());

describe('global archive over a replayed life', () => {
  it('holds every point exactly once through growth, faults, a lost index, restarts and the end', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-global-'));
    const lines = (await fs.readFile(DECK, 'utf8')).split('\n').filter(Boolean);
    const track = bestTrack(parseAtcfDeck(lines.join('\n')).records);
    const stamp = (d: Date) => d.toISOString().slice(0, 13).replace(/[-T]/g, '');
    const stage = (end: number) => {
      const last = track[end]!;
      mock.setPayload('nhc/btk/bal132025', lines.filter((l) => (l.split(',')[2] ?? '').trim() <= stamp(last.time)).join('\n') + '\n');
      mock.setPayload(
        'nhc/CurrentStorms',
        JSON.stringify({
          activeStorms: [
            {
              id: 'al132025',
              name: 'Melissa',
              classification: last.type,
              intensity: String(last.windKt),
              pressure: String(last.pressure),
              latitudeNumeric: last.lat,
              longitudeNumeric: last.lng,
              movementDir: 0,
              movementSpeed: 0,
              lastUpdate: last.time.toISOString(),
            },
          ],
        }),
      );
    };
    const refresh = () => refreshGlobal(up, fileStore(dir)); // a fresh store object: as after a restart

    stage(5);
    expect((await refresh()).nhc.ok).toBe(true);
    stage(20);
    await refresh();
    // A cut-off b-deck is rejected; the advisory position still extends the track.
    stage(30);
    mock.setPayload('nhc/btk/bal132025', lines.slice(0, 40).join('\n').slice(0, -17));
    await refresh();
    expect((await readCyclone(fileStore(dir), 'nhc-al132025'))?.points.map((p) => p.time)).toContain(
      track[30]!.time.toISOString().replace('.000', ''),
    );
    // The feed fails: nothing changes, the cyclone is served stale.
    stage(40);
    mock.setFault('5xx', 'nhc');
    expect((await refresh()).nhc.ok).toBe(false);
    mock.setFault(null);
    const stale = await activeGlobalCyclones(fileStore(dir), new Date());
    expect(stale.typhoons[0]).toMatchObject({ id: 'nhc-al132025', stale: true });
    // A crash between the cyclone write and the index write loses the index; it is rebuilt from the documents.
    await fs.remove(path.join(dir, 'global-index.json'));
    expect((await readIndex(fileStore(dir))).map((s) => s.id)).toEqual(['nhc-al132025']);
    stage(track.length - 1);
    await refresh();
    await refresh(); // the same data twice adds nothing
    // It drops off the feed: ended, still available.
    mock.setPayload('nhc/CurrentStorms', '{"activeStorms":[]}');
    await refresh();

    const stored = await readCyclone(fileStore(dir), 'nhc-al132025');
    const times = stored?.points.map((p) => p.time) ?? [];
    expect(times).toEqual(track.map((r) => r.time.toISOString().replace('.000', '')));
    expect(new Set(times).size).toBe(times.length);
    expect(stored).toMatchObject({ isActive: false, peakGrade: 'SuperTY', maxWindKt: 160, minPressure: 892 });
    expect(stored).toMatchObject({ code: 'nhc-al132025', name: 'MELISSA', enname: 'MELISSA', nameSource: 'english' });
    expect((await activeGlobalCyclones(fileStore(dir), new Date())).typhoons).toEqual([]);
    expect((await readIndex(fileStore(dir)))[0]).toMatchObject({ id: 'nhc-al132025', isActive: false });
    await fs.remove(dir);
  });
});

describe('global archive stored before the typhoon names (schema version 1) or publishedAt (version 2)', () => {
  it('reads old records and index entries with code, enname and nameSource filled in from the English name', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-global-v1-'));
    const store = fileStore(dir);
    const fixes = [0, 6, 12].map((h) =>
      globalPoint({ time: new Date(Date.UTC(2026, 7, 1, h)), lat: 15, lng: -120 - h / 6, windKt: 40 + h }),
    );
    const current = mergeCyclone(null, {
      source: 'nhc',
      atcfId: 'ep072026',
      enname: 'GENEVIEVE',
      points: fixes,
      forecast: null,
      seenAt: new Date('2026-08-01T12:00:00Z'),
      // The latest fix's time: what a record stored before publishedAt reads with.
      publishedAt: new Date('2026-08-01T12:00:00Z'),
    });
    // As version 1 wrote it: the English name in `name`, no code, enname or nameSource (nor publishedAt).
    const { code: _code, enname: _enname, nameSource: _source, publishedAt: _published, ...v1 } = { ...current, name: 'GENEVIEVE' };
    const { code: _c, enname: _e, nameSource: _s, ...v1Summary } = { ...summarizeCyclone(current), name: 'GENEVIEVE' };
    await store.set('global/nhc-ep072026', JSON.stringify({ schemaVersion: 1, data: v1 }));
    await store.set(
      'global/jtwc-sh062024',
      JSON.stringify({ ...v1, id: 'jtwc-sh062024', atcfId: 'sh062024', basin: 'SH', source: 'jtwc', name: 'ANGGREK' }),
    ); // before versions: bare JSON
    await store.set('global-index', JSON.stringify({ schemaVersion: 1, data: [v1Summary] }));

    expect(await readCyclone(store, 'nhc-ep072026')).toEqual(current);
    expect(await readCyclone(store, 'jtwc-sh062024')).toMatchObject({
      code: 'jtwc-sh062024',
      name: 'ANGGREK',
      enname: 'ANGGREK',
      nameSource: 'english',
      points: current.points,
    });
    const index = await readIndex(store);
    expect(index.find((s) => s.id === 'nhc-ep072026')).toEqual(summarizeCyclone(current));
    expect(index.map((s) => s.id).sort()).toEqual(['jtwc-sh062024', 'nhc-ep072026']);

    // Version 2 had the names but no publishedAt: it reads with the latest fix's time.
    const { publishedAt: _p, ...v2 } = current;
    await store.set('global/nhc-ep082026', JSON.stringify({ schemaVersion: 2, data: { ...v2, id: 'nhc-ep082026', code: 'nhc-ep082026' } }));
    expect((await readCyclone(store, 'nhc-ep082026'))?.publishedAt).toBe('2026-08-01T12:00:00Z');

    // Written back as version 3, then read the same.
    await writeCyclone(store, (await readCyclone(store, 'nhc-ep072026'))!);
    expect(JSON.parse((await store.get('global/nhc-ep072026'))!)).toMatchObject({
      schemaVersion: 3,
      data: { code: 'nhc-ep072026', name: '吉纳维芙', publishedAt: '2026-08-01T12:00:00Z' },
    });
    await fs.remove(dir);
  });
});
