/**
 * The one way issuances are kept (the scheduled run and the build call it): what was stored and what was just read
 * become one list in which every issuance is once, none is lost, and the order is fixed.
 *
 * - Same key (agency, product, storm, initial time and content: src/model/issuance-key.ts): one record, the stored
 *   one. A fetched copy only fills what the stored one lacks (the issue time and advisory number a later
 *   CurrentStorms gives an a-deck forecast, a storm name); it never changes what the stored one says.
 * - A new content for a stored agency, product, storm and initial time is an amendment: a new record, revision
 *   n + 1, `amends` naming revision n. A content seen before (a stale copy served again) is not a new revision.
 * - Within one fetch, the originals come before their special advisories, then earlier issue times first, then by
 *   the file read (JMA's file names begin with the time each document was published, so a correction, 訂正, which
 *   keeps the report time of the document it corrects, comes after it), so the revisions do not depend on the order
 *   an adapter returns them in.
 * - A fetched draft that is not a valid issuance is reported and left out; a stored record is never dropped.
 * - The list is newest first: initial time, then agency, product and storm, then the latest revision first.
 */
import { issuanceSchema, type Issuance } from '../model/forecast-schemas.ts';
import { issuanceGroup, issuanceOf, type IssuanceDraft } from '../model/issuance-key.ts';

export interface IssuanceMerge {
  issuances: Issuance[];
  /** The records this merge added, in the order they were numbered. */
  added: Issuance[];
  /** Stored records a fetched copy completed (keys). */
  completed: string[];
  /** Fetched drafts left out, with why. */
  rejected: { group: string | null; message: string }[];
}

const FILLABLE = ['issuedAt', 'advisory'] as const;

function completedBy(stored: Issuance, fetched: Issuance): Issuance | null {
  const filled: Partial<Issuance> = {};
  for (const field of FILLABLE) if (stored[field] === null && fetched[field] !== null) filled[field] = fetched[field];
  const name = stored.storm.name === null && fetched.storm.name !== null ? fetched.storm.name : null;
  if (Object.keys(filled).length === 0 && name === null) return null;
  return { ...stored, ...filled, storm: { ...stored.storm, name: name ?? stored.storm.name } };
}

const arrivalOrder = (a: Issuance, b: Issuance) =>
  a.initialTime.localeCompare(b.initialTime) ||
  Number(a.special) - Number(b.special) ||
  (a.issuedAt ?? '').localeCompare(b.issuedAt ?? '') ||
  (a.source.file ?? '').localeCompare(b.source.file ?? '') ||
  a.key.localeCompare(b.key);

export const newestFirst = (a: Issuance, b: Issuance) =>
  b.initialTime.localeCompare(a.initialTime) ||
  a.agency.localeCompare(b.agency) ||
  a.source.product.localeCompare(b.source.product) ||
  a.storm.id.localeCompare(b.storm.id) ||
  b.revision - a.revision;

export function mergeIssuances(stored: readonly Issuance[], fetched: readonly IssuanceDraft[]): IssuanceMerge {
  const byKey = new Map<string, Issuance>();
  const latestOfGroup = new Map<string, Issuance>();
  for (const record of stored) {
    if (byKey.has(record.key)) continue;
    byKey.set(record.key, record);
    const group = issuanceGroup(record);
    const latest = latestOfGroup.get(group);
    if (!latest || record.revision > latest.revision) latestOfGroup.set(group, record);
  }
  const rejected: IssuanceMerge['rejected'] = [];
  const candidates: Issuance[] = [];
  for (const draft of fetched) {
    const checked = issuanceSchema.safeParse(keyed(draft));
    if (checked.success) candidates.push(checked.data);
    else {
      const issue = checked.error.issues[0];
      rejected.push({ group: safeGroup(draft), message: `${issue?.path.join('.')}: ${issue?.message}` });
    }
  }
  const added: Issuance[] = [];
  const completed = new Set<string>();
  for (const candidate of candidates.sort(arrivalOrder)) {
    const known = byKey.get(candidate.key);
    if (known) {
      const fuller = completedBy(known, candidate);
      if (fuller) {
        byKey.set(known.key, fuller);
        if (latestOfGroup.get(issuanceGroup(known))?.key === known.key) latestOfGroup.set(issuanceGroup(known), fuller);
        if (!added.some((a) => a.key === known.key)) completed.add(known.key);
      }
      continue;
    }
    const group = issuanceGroup(candidate);
    const previous = latestOfGroup.get(group);
    const record: Issuance = previous ? { ...candidate, revision: previous.revision + 1, amends: previous.key } : candidate;
    byKey.set(record.key, record);
    latestOfGroup.set(group, record);
    added.push(record);
  }
  return {
    issuances: [...byKey.values()].sort(newestFirst),
    added: added.map((a) => byKey.get(a.key) as Issuance),
    completed: [...completed],
    rejected,
  };
}

/** The draft with its key, or the draft as it is when no key can be made of it (the schema then says what is wrong). */
function keyed(draft: IssuanceDraft): unknown {
  try {
    return issuanceOf(draft);
  } catch {
    return draft;
  }
}

function safeGroup(draft: IssuanceDraft): string | null {
  try {
    return issuanceGroup(draft);
  } catch {
    return null;
  }
}
