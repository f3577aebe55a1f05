/**
 * Unit conversions, with exact constants: a knot is one nautical mile (1852 m, exact by definition) per hour,
 * so 1 kt = 1852/3600 m/s. Rounding 0.514444 instead turns 45 kt into 23.1 m/s where the exact value gives 23.15,
 * 23.2 at one decimal. A statute mile is 1609.344 m (exact, the international mile of 1959). Which source gives
 * which unit, and where that is documented: docs/data/formats.md, "Units and where they are stated".
 */

export const NM_TO_KM = 1.852;
export const MILE_TO_KM = 1.609344;
export const KT_TO_MS = 1852 / 3600;
export const MS_TO_KT = 3600 / 1852;

/** Knots → m/s, one decimal; null stays null, 0 (unknown in ATCF) becomes null. */
export const knotsToMs = (kt: number | null) => (kt === null || kt <= 0 ? null : Math.round(kt * KT_TO_MS * 10) / 10);
/** Knots → km/h, whole numbers. */
export const knotsToKmh = (kt: number | null) => (kt === null || kt < 0 ? null : Math.round(kt * NM_TO_KM));
/** Statute miles per hour → km/h, whole numbers (NHC's CurrentStorms motion). */
export const mphToKmh = (mph: number | null) => (mph === null || mph < 0 ? null : Math.round(mph * MILE_TO_KM));
/** Nautical miles → km, whole numbers; 0 and negatives (ATCF "none" / "missing") stay as given or null. */
export const nmToKm = (nm: number | null) => (nm === null || nm < 0 ? null : Math.round(nm * NM_TO_KM));
