/**
 * JMA's own forecasts on JMA's sample documents (TYPHOON_UPSTREAM_SAMPLES/warnings/jma, whose SOURCES.md says which
 * JMA built from real storms, TALIM 1718 and LAN 1721 of 2017, MORAKOT and GONI of 2009, and which are illustrative, the
 * 2019 and 2020 ones):
 * - every typhoon analysis and forecast document read as an issuance, checked against an independent reading of its
 *   XML (each time's label, centre, wind in knots and pressure, by pattern); the documents without a forecast give
 *   none, and none is refused;
 * - the VPTW6x documents (those the run fetches) replayed through the scheduled run at the times JMA sent them, with a
 *   failed upstream, lost writes, a restart and a damaged document: every issuance kept once and none lost, the
 *   corrections numbered in the order JMA sent them; no storm of the live list is any of these, so each event is
 *   kept apart under its JMA event id and reported.
 * The same parts on the project's own documents: test/unit/jma-forecasts.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fse from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStormForecasts, storedForecastStorms } from '../../src/forecasts/forecast-store.ts';
import { heldStormId, jmaIssuance, type JmaKeptDocument } from '../../src/forecasts/jma-issuances.ts';
import { runScheduledRefresh } from '../../src/jobs/scheduled-run.ts';
import { issuanceKey, type IssuanceDraft } from '../../src/model/issuance-key.ts';
import { fileStore, type KeyValueStore } from '../../src/store/store.ts';
import { readTextQuality } from '../../src/store/text-quality.ts';
import { parseJmaTyphoonDocument } from '../../src/upstream/jma-xml.ts';
import { manualClock, noWait } from '../helpers/clock.ts';
import { jmaTyphoonFeed } from '../helpers/jma-feed.ts';
import { captureLogs } from '../helpers/logs.ts';
import { startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { describeRealData } from '../helpers/real-data.ts';

const logs = captureLogs();

describeRealData('upstream', "JMA's own forecasts: every sample typhoon document", (upstream) => {
  const dir = path.join(upstream, 'warnings', 'jma');
  const files = fs
    .readdirSync(dir)
    .filter((f) => /_VPTW\d\d\.xml$/.test(f))
    .sort();
  // Each document read and parsed once: both tests, and the replay's ordering, ask for them many times.
  const once = <T>(read: (file: string) => T) => {
    const seen = new Map<string, T>();
    return (file: string): T => {
      if (!seen.has(file)) seen.set(file, read(file));
      return seen.get(file) as T;
    };
  };
  const xmlOf = once((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
  const typeOf = (file: string) => (/_(VPTW\d\d)\.xml$/.exec(file) as RegExpExecArray)[1] as string;
  const parseOf = once((file) => parseJmaTyphoonDocument(xmlOf(file), typeOf(file)));
  const keptOf = (file: string, as = file): JmaKeptDocument => {
    const parse = parseOf(file);
    return { file: as, document: parse.document, unreadTimes: parse.unreadTimes };
  };
  const heldStorm = (file: string) => {
    const { document } = parseOf(file);
    return { id: heldStormId(document.eventId), code: null, atcfId: null, name: document.name };
  };

  /** The elements `jmx_eb:<tag>` of a block with every attribute named (in any order), and their text. */
  const valuesOf = (block: string, tag: string, attributes: readonly string[]) =>
    [...block.matchAll(new RegExp(`<jmx_eb:${tag}([^>]*)>([^<]*)</jmx_eb:${tag}>`, 'g'))]
      .filter((m) => attributes.every((a) => (m[1] as string).includes(a)))
      .map((m) => ({ attributes: m[1] as string, text: m[2] as string }));

  /** What a document states, read by pattern (not by the parser): each time's label, UTC time, centre, kt, hPa, class. */
  function stated(xml: string) {
    return xml
      .split('<MeteorologicalInfo>')
      .slice(1)
      .map((block) => {
        const [, label, time] = /<DateTime type="([^"]+)">([^<]+)<\/DateTime>/.exec(block) as RegExpExecArray;
        const centre = /^([+-][\d.]+)([+-][\d.]+)\/$/.exec(
          [...valuesOf(block, 'Coordinate', ['type="中心位置（度）"']), ...valuesOf(block, 'BasePoint', ['type="中心位置（度）"'])][0]
            ?.text ?? '',
        );
        const wind = valuesOf(block, 'WindSpeed', ['type="最大風速"', 'unit="ノット"'])[0];
        const pressure = valuesOf(block, 'Pressure', ['type="中心気圧"'])[0];
        return {
          label: (label as string).normalize('NFKC'),
          time: new Date(time as string).toISOString().replace('.000', ''),
          lat: centre ? Number(centre[1]) : null,
          lng: centre ? Number(centre[2]) : null,
          wind: wind && wind.text !== '' && !wind.attributes.includes('condition="なし"') ? Number(wind.text) : null,
          pressure: pressure && pressure.text !== '' ? Number(pressure.text) : null,
          stage: /\((TY|STS|TS|TD|LOW)\)$/.exec(valuesOf(block, 'TyphoonClass', [])[0]?.text ?? '')?.[1] ?? null,
        };
      });
  }

  it('every document with a forecast is an issuance with JMA’s values as the document states them; the others none', () => {
    const none: string[] = [];
    for (const file of files) {
      const draft = jmaIssuance(keptOf(file), heldStorm(file), new Date('2026-01-01T00:00:00Z'));
      const times = stated(xmlOf(file));
      const forecasts = times.filter((t) => /^(延長)?予報 \d+時間後$/.test(t.label));
      if (!draft) {
        expect(forecasts, file).toEqual([]);
        none.push(file.slice(0, 8));
        continue;
      }
      const analysis = times.find((t) => t.label === '実況');
      const asPosition = (t: (typeof times)[number], lead: number) => ({
        leadHours: lead,
        validTime: t.time,
        lat: t.lat,
        lng: t.lng,
        wind: t.wind,
        pressure: t.pressure,
        stage: t.stage,
      });
      expect(draft.initialTime, file).toBe(analysis?.time);
      expect(draft.initial, file).toEqual(asPosition(analysis as (typeof times)[number], 0));
      expect(draft.points, file).toEqual(forecasts.map((t) => asPosition(t, Number((/(\d+)時間後/.exec(t.label) as RegExpExecArray)[1]))));
      expect(
        draft.points.every((p) => Date.parse(p.validTime) - Date.parse(draft.initialTime) === p.leadHours * 3_600_000),
        file,
      ).toBe(true);
      expect(draft.wind, file).toEqual({ unit: 'kt', period: '10min' });
    }
    // GONI's last (a depression again), TALIM's hourly position and its last (extratropical), and TD 2002's "will not
    // become a typhoon": no forecast in them.
    expect(none).toEqual(['09_02_06', '10_04_07', '10_04_08', '10_05_05']);
  });

  describe('replayed through the scheduled run at the times JMA sent them', () => {
    // The run fetches VPTW6x only; each under a file name as JMA's feed gives it (the UTC time it was sent first).
    const sent = (file: string) => (/<DateTime>([^<]+)<\/DateTime>/.exec(xmlOf(file)) as RegExpExecArray)[1] as string;
    const replay = files
      .filter((f) => /_VPTW6\d\.xml$/.test(f))
      .sort((a, b) => sent(a).localeCompare(sent(b)) || a.localeCompare(b))
      .map((file, i, all) => {
        const twin = all.slice(0, i).filter((f) => sent(f) === sent(file)).length;
        return { file, name: `${sent(file).replace(/[-T:Z]/g, '')}_${twin}_${typeOf(file)}_010000.xml`, at: new Date(sent(file)) };
      });
    let mock: MockUpstream;
    let root = '';
    const storeDir = () => path.join(root, 'store');
    const expected = new Map<string, Set<string>>();

    beforeAll(async () => {
      mock = await startMockUpstream({ recordedDir: null, decksDir: null });
      root = await fse.mkdtemp(path.join(os.tmpdir(), 'typhoon-jma-forecasts-real-'));
      for (const { file, name } of replay) mock.setPayload(`jma/data/${name}`, xmlOf(file));
      let store: KeyValueStore = fileStore(storeDir());
      // A run on a clock of its own that stands still; an upstream's retries do not wait (on the machine's timers or any other).
      const run = (target: KeyValueStore, at: Date) =>
        runScheduledRefresh({ store: target, upstreams: mock.addresses, llm: null, clock: manualClock(), sleep: noWait, now: at });
      for (const [i, { file, name, at }] of replay.entries()) {
        const listed = replay.slice(0, i + 1).map((r) => r.name);
        for (const feed of ['extra.xml', 'extra_l.xml']) mock.setPayload(`jma/feed/${feed}`, jmaTyphoonFeed(listed));
        const draft = jmaIssuance(keptOf(file, name), heldStorm(file), at);
        if (draft) {
          const id = draft.storm.id;
          expected.set(id, (expected.get(id) ?? new Set()).add(issuanceKey(draft as IssuanceDraft)));
        }
        const now = new Date(at.getTime() + 5 * 60_000);
        if (i === 2) {
          // JMA cannot be reached when the document is new: the next run, a minute on, fetches it.
          mock.setFault('5xx', 'jma');
          await run(store, now);
          mock.setFault(null, 'jma');
          await run(store, new Date(now.getTime() + 60_000));
        } else if (i === 4) {
          // Read, but every forecast write lost: what the warnings keep is read again by the next run.
          const losing: KeyValueStore = {
            ...store,
            set: (key, value) => (key.startsWith('forecasts/') ? Promise.reject(new Error('disk full')) : store.set(key, value)),
          };
          expect((await run(losing, now)).forecasts?.errors.length).toBeGreaterThan(0);
          await run(store, new Date(now.getTime() + 60_000));
        } else if (i === 6) {
          // A restart over the same folder, with TALIM's document damaged in both copies (the main one cut short, the
          // backup of a wrong shape whose issuances still read one by one) when its first documents have left the
          // warnings' 72 hours: rebuilt from what the copies hold.
          store = fileStore(storeDir());
          const copy = (key: string) => path.join(storeDir(), `${encodeURIComponent(key)}.json`);
          const text = await fse.readFile(copy('forecasts/jma-tc1725'), 'utf8');
          await fse.writeFile(copy('forecasts/jma-tc1725'), text.slice(0, 1_000));
          const backup = JSON.parse(text);
          await fse.writeFile(
            copy('backup/forecasts/jma-tc1725'),
            JSON.stringify({ ...backup, data: { ...backup.data, operational: 'lost' } }),
          );
          expect((await run(store, now)).forecasts?.rebuilt).toEqual(['jma-tc1725']);
        } else await run(store, now);
      }
    }, 600_000);
    afterAll(async () => {
      await mock.close();
      await fse.remove(root);
    });

    it('keeps every issuance once and loses none, each event apart under its JMA event id', async () => {
      const store = fileStore(storeDir());
      const stored = (await storedForecastStorms(store)).filter((id) => id.startsWith('jma-'));
      expect(stored.sort()).toEqual([...expected.keys()].sort());
      for (const [id, keys] of expected) {
        const read = await readStormForecasts(store, id);
        if (read.state !== 'ok') throw new Error(`forecasts/${id}: ${read.state}`);
        const kept = read.value.issuances.map((i) => i.key);
        expect(kept.sort(), id).toEqual([...keys].sort());
        expect(
          read.value.issuances.every((i) => i.agency === 'jma' && i.source.product === 'jma-vptw'),
          id,
        ).toBe(true);
      }
      expect([...expected.values()].reduce((n, keys) => n + keys.size, 0)).toBe(13);
    });

    it('numbers the corrections in the order JMA sent them (TD 2001 at 06 UTC on 28 September 2020: 発表, 訂正, 訂正)', async () => {
      const read = await readStormForecasts(fileStore(storeDir()), 'jma-tc2001');
      if (read.state !== 'ok') throw new Error(read.state);
      const at06 = read.value.issuances.filter((i) => i.initialTime === '2020-09-28T06:00:00Z');
      expect(at06.map((i) => [i.revision, i.points.find((p) => p.leadHours === 72)?.pressure])).toEqual([
        [3, 996],
        [2, 986],
        [1, 999],
      ]);
      expect(at06[0]?.amends).toBe(at06[1]?.key);
    });

    it('reports each event that no storm of the live list is, and the rebuilt document', async () => {
      const faults = (await readTextQuality(fileStore(storeDir()))).faults;
      expect(
        faults
          .filter((f) => f.kind === 'unlinked-forecast')
          .map((f) => f.product)
          .sort(),
      ).toEqual([...expected.keys()].map((id) => `forecasts/${id}`).sort());
      expect(faults.some((f) => f.kind === 'store-loss' && f.product === 'forecasts/jma-tc1725')).toBe(true);
      expect(faults.some((f) => f.kind === 'unreadable-forecast')).toBe(false);
      expect(logs.all().join('\n')).toMatch(/JMA's forecasts of TC1725 \(typhoon 1718 TALIM\) match no storm of the live list/);
    });
  });
});
