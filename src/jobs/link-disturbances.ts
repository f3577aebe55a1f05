/**
 * The links between JTWC's north-western Pacific invests and the storms the Zhejiang service or NMC lists
 * (docs/api/disturbances.md), stored in the disturbance records so that the history keeps what each invest became. Run
 * after the refreshes: it reads both stores (the two rooms never import each other, src/live and src/global).
 *
 * An invest and a listed storm are the same system when their tracks share instants and the centres agree within
 * SAME_DEPRESSION_DEGREES (src/live/storm-identity.ts `sameStorm`); the invest's track is its b-deck, else its timed
 * position. A China number (6 digits) is what it became (`becameStorm.code`); an unnumbered depression (8 digits) is
 * what it is (`sameAs`). A link stays when its storm leaves the list (the history); it is dropped only when the list
 * still holds that storm and the tracks no longer agree (a re-analysed b-deck).
 */
import { readDisturbanceDocument, writeDisturbances } from '../global/disturbance-store.ts';
import { readSnapshot } from '../live/snapshot.ts';
import { sameStorm } from '../live/storm-identity.ts';
import { SAME_DEPRESSION_DEGREES, type Disturbance } from '../model/disturbance-schemas.ts';
import type { Typhoon } from '../model/typhoon-schemas.ts';
import type { KeyValueStore } from '../store/store.ts';

type Listed = Pick<Typhoon, 'code' | 'name' | 'points'>;

const investTrack = (r: Disturbance) =>
  r.track?.points ?? (r.position?.time ? [{ time: r.position.time, lat: r.position.lat, lng: r.position.lng }] : []);

/** One record with its links to the listed storms brought up to date. */
function linked(record: Disturbance, storms: readonly Listed[]): Disturbance {
  const track = investTrack(record);
  if (record.basin !== 'WP' || track.length === 0) return record;
  const agrees = (storm: Listed) => sameStorm(track, storm.points, SAME_DEPRESSION_DEGREES);
  const listed = (code: string | null | undefined) => storms.find((s) => s.code === code);
  let next = record;
  const numbered = storms.find((s) => /^\d{6}$/.test(s.code) && agrees(s));
  const oldNumber = listed(record.becameStorm?.code);
  if (numbered && numbered.code !== record.becameStorm?.code) {
    const became = record.becameStorm ?? { designator: null, atcfId: null, globalId: null, name: null, classification: null };
    next = { ...next, becameStorm: { ...became, code: numbered.code } };
  } else if (!numbered && oldNumber && next.becameStorm) {
    // Its storm is still listed and no longer agrees: the link was wrong. A JTWC warning's part stays.
    next = next.becameStorm.designator ? { ...next, becameStorm: { ...next.becameStorm, code: null } } : { ...next, becameStorm: null };
  }
  const depression = storms.find((s) => /^\d{8}$/.test(s.code) && agrees(s));
  if (depression) {
    const sameAs = { code: depression.code, name: depression.name || null };
    if (sameAs.code !== record.sameAs?.code || sameAs.name !== record.sameAs?.name) next = { ...next, sameAs };
  } else if (listed(record.sameAs?.code)) next = { ...next, sameAs: null };
  return next;
}

/** The records with their links to the listed storms: the same array when nothing changed. */
export function linkToListedStorms(records: Disturbance[], storms: readonly Listed[]): Disturbance[] {
  const next = records.map((r) => linked(r, storms));
  return next.some((r, i) => r !== records[i]) ? next : records;
}

/** Reads both stores and writes the disturbance records when a link changed; true when it wrote. */
export async function recordDisturbanceLinks(store: KeyValueStore): Promise<boolean> {
  const [stored, snapshot] = await Promise.all([readDisturbanceDocument(store), readSnapshot(store)]);
  // Nothing to link, or records that cannot be read (never written over: src/global/refresh-disturbances.ts).
  if (stored.state !== 'ok' || !snapshot) return false;
  const records = linkToListedStorms(stored.value.records, snapshot.typhoons);
  if (records === stored.value.records) return false;
  await writeDisturbances(store, { ...stored.value, records });
  return true;
}
