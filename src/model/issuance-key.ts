/**
 * The stable key of an issuance: agency, product, storm, initial time and a digest of its content, so the same
 * forecast read twice (a later fetch, a restart, the live a-deck and then the archive's) is one record, and a
 * changed content for the same initial time is another (an amendment: src/forecasts/merge-issuances.ts).
 */
import { createHash } from 'node:crypto';
import { ISSUANCE_SCHEMA_VERSION, type Issuance } from './forecast-schemas.ts';

/** What an adapter makes: an issuance before its key and its place among the revisions are known. */
export type IssuanceDraft = Omit<Issuance, 'schemaVersion' | 'key' | 'revision' | 'amends'>;

/** The content the digest covers: the forecast itself, not when or how it was read. */
const content = (d: IssuanceDraft) => JSON.stringify([d.basin, d.wind, d.stageScheme, d.initial, d.points, d.special]);

/** `YYYYMMDDHHmm` of an ISO UTC time. */
const compact = (utc: string) => utc.slice(0, 16).replace(/[-T:]/g, '');

/** The group an issuance belongs to: one agency's forecasts of one storm from one initial time, by one product. */
export const issuanceGroup = (d: Pick<Issuance, 'agency' | 'source' | 'storm' | 'initialTime'>) =>
  `${d.agency}/${d.source.product}/${d.storm.id}/${compact(d.initialTime)}`;

export function issuanceKey(d: IssuanceDraft): string {
  const digest = createHash('sha256').update(content(d)).digest('hex').slice(0, 12);
  return `${issuanceGroup(d)}/${digest}`;
}

/** A draft as a first revision (mergeIssuances renumbers one that amends a stored issuance). */
export const issuanceOf = (d: IssuanceDraft): Issuance => ({
  schemaVersion: ISSUANCE_SCHEMA_VERSION,
  key: issuanceKey(d),
  ...d,
  revision: 1,
  amends: null,
});
