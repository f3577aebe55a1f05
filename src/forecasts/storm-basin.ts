/** The basin of an ATCF id (`al032004` → AL); the id's first two letters, as ATCF writes them. */
import type { Issuance } from '../model/forecast-schemas.ts';

const BASINS = new Set<Issuance['basin']>(['WP', 'AL', 'EP', 'CP', 'IO', 'SH']);

export function basinOfAtcfId(atcfId: string): Issuance['basin'] {
  const basin = atcfId.slice(0, 2).toUpperCase() as Issuance['basin'];
  if (!BASINS.has(basin)) throw new Error(`ATCF id ${atcfId}: unknown basin ${basin}`);
  return basin;
}
