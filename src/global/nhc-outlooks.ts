/**
 * NHC's Tropical Weather Outlooks as served with the disturbances (docs/api/disturbances.md, "NHC's outlooks"): each
 * area with its 48-hour and 7-day formation chances, a stable id where NHC tags the area with an invest, and the
 * invest's 7-day chance in the outlook before (what the "7-day chance reaches 60%" flash item is told from).
 */
import type { FormationOutlook } from '../model/disturbance-schemas.ts';
import type { NhcOutlook, OutlookChance } from '../model/disturbance-product-schemas.ts';

const PRODUCT_OF = { atlantic: 'ABNT20', 'eastern-north-pacific': 'ABPZ20', 'central-north-pacific': null } as const;
const AREA_BASIN = { atlantic: 'at', 'eastern-north-pacific': 'ep', 'central-north-pacific': 'cp' } as const;

const withHorizon = (chance: OutlookChance | null, horizonHours: 48 | 168) => chance && { ...chance, horizonHours };

/**
 * One outlook as stored: `previous` is the one stored for the same product. When it is the same outlook (the same
 * issue, read again) it is kept as it is, so that "the outlook before" stays the one before.
 */
export function formationOutlook(outlook: NhcOutlook, previous: FormationOutlook | undefined): FormationOutlook | null {
  const product = PRODUCT_OF[outlook.basin];
  if (!product) return null;
  if (previous && previous.issuedAt === outlook.issuedAt) return previous;
  const year = outlook.issuedAt.slice(0, 4);
  const issued = outlook.issuedAt.slice(0, 16).replace(/\D/g, '');
  const areas = outlook.areas.map((area, i) => {
    const atcfId = area.invest ? `${area.invest.id.toLowerCase()}${year}` : null;
    const id = atcfId ? `nhc-${atcfId}` : `nhc-${AREA_BASIN[outlook.basin]}-${issued}-${i + 1}`;
    const before = atcfId ? previous?.areas.find((a) => a.atcfId === atcfId) : undefined;
    return {
      id,
      title: area.title,
      atcfId,
      chance48h: withHorizon(area.chance48h, 48),
      chance7d: withHorizon(area.chance7d, 168),
      chance7dBefore: before?.chance7d?.percent ?? null,
    };
  });
  const { heading, basin, issuedAt, activeSystems, formationNotExpected } = outlook;
  return { product, heading, basin, issuedAt, activeSystems, formationNotExpected, areas, stale: false, staleReason: null };
}
