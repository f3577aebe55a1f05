/**
 * The disturbance parsers' results checked against their schemas, and the parts the suites compare: shared by the
 * suites over the own fixtures (test/unit/disturbance-parsers.test.ts) and over the recorded samples (test/real-data).
 */
import {
  formationAlertSchema,
  jtwcAdvisorySchema,
  type AdvisoryDisturbance,
  type FormationAlert,
  type JtwcAdvisory,
} from '../../src/model/disturbance-product-schemas.ts';
import { parseJtwcAdvisory } from '../../src/upstream/jtwc-advisory.ts';

export function advisory(text: string) {
  const result = parseJtwcAdvisory(text);
  jtwcAdvisorySchema.parse(result.advisory);
  return result;
}
export const disturbances = (a: JtwcAdvisory): AdvisoryDisturbance[] =>
  a.areas.flatMap((area) => [...area.disturbances.items, ...area.subtropical.items]);
export const messages = (problems: { message: string }[]) => problems.map((p) => p.message);

export function alertOf(result: { alert: FormationAlert; problems: { line: number; message: string }[] }) {
  formationAlertSchema.parse(result.alert);
  return result;
}
