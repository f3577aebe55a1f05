/**
 * Which issuances are verified: for each agency, storm and initial time, one forecast. NHC's rule: a special
 * advisory does not supersede the forecast issued for its synoptic time, the original is kept; so a special
 * advisory's forecast is verified only when nothing else was issued for that time. Any other amendment (a
 * correction the agency or the relaying service made to the same initial time's forecast, or the rest of a forecast
 * first read while it was being written) is the agency's last word: the latest such revision is verified. When one
 * agency's forecast came by more than one product (JTWC's in its own `.tcw` and relayed by the Zhejiang service, JMA's
 * in its own XML document and relayed), the agency's own product is verified: the a-deck, then JTWC's warning, then
 * JMA's document, then NMC, then the Zhejiang service.
 */
import type { ForecastProduct, Issuance } from '../model/forecast-schemas.ts';
import type { VerifiableForecast } from './verify-forecast.ts';

const PRODUCT_PREFERENCE: readonly ForecastProduct[] = ['atcf-adeck', 'jtwc-tcw', 'jma-vptw', 'nmc-service', 'zj-service'];

const rank = (i: Issuance) => [PRODUCT_PREFERENCE.indexOf(i.source.product), Number(i.special), -i.revision];

function better(a: Issuance, b: Issuance): boolean {
  const [x, y] = [rank(a), rank(b)];
  for (let k = 0; k < x.length; k += 1) if ((x[k] as number) !== (y[k] as number)) return (x[k] as number) < (y[k] as number);
  return a.key < b.key;
}

/** The issuances to verify, one per agency, storm and initial time, oldest first. */
export function issuancesToVerify(issuances: readonly Issuance[]): Issuance[] {
  const chosen = new Map<string, Issuance>();
  for (const i of issuances) {
    const case_ = `${i.agency}|${i.storm.id}|${i.initialTime}`;
    const held = chosen.get(case_);
    if (!held || better(i, held)) chosen.set(case_, i);
  }
  return [...chosen.values()].sort((a, b) => a.initialTime.localeCompare(b.initialTime) || a.agency.localeCompare(b.agency));
}

export const verifiableIssuance = (i: Issuance): VerifiableForecast => ({
  key: i.key,
  agency: i.agency,
  stormId: i.storm.id,
  basin: i.basin,
  initialTime: i.initialTime,
  wind: i.wind,
  points: i.points,
});
