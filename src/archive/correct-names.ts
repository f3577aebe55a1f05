/**
 * Applies a reviewed correction of a storm's English name (content/names/corrections.yaml) and lists it, with its
 * evidence, in the data-quality report. The source's spelling stays in the record (`cma.name`), so search finds
 * the storm by either. A correction that does not fit its storm (CMA spells it otherwise) stops the build: the
 * file is stale or mistyped, and a silent skip would hide it.
 */
import type { CmaEntryRaw } from '../sources/cma-best-track.ts';
import type { NameCorrection } from '../sources/name-corrections.ts';
import type { DataQualityProblem } from './data-quality.ts';

export const NAME_CORRECTIONS_PATH = 'content/names/corrections.yaml';

function nameCorrectionProblem(correction: NameCorrection, cma: CmaEntryRaw): DataQualityProblem {
  const { agency, id, name, match } = correction.evidence;
  return {
    code: 'enname-corrected',
    file: `cma-bst/CH${cma.year}BST.txt`,
    field: `line ${cma.line}: name`,
    value: cma.name,
    rule: `the English name is the official (JMA/WMO) spelling; ${agency.toUpperCase()} ${id}${name ? ` ${name}` : ''} is this storm: ${match}`,
    action: `enname ${correction.corrected} (${NAME_CORRECTIONS_PATH}); CMA's spelling kept in cma.name, and search finds both`,
  };
}

/** The corrected English name and its report entry, or null when the storm has no correction. */
export function correctEnglishName(
  code: string,
  cma: CmaEntryRaw | null,
  correction: NameCorrection | undefined,
): { enname: string; problem: DataQualityProblem } | null {
  if (!correction) return null;
  const spelling = cma?.baseName?.toUpperCase() ?? null;
  if (!cma || spelling !== correction.cma) {
    throw new Error(
      `${NAME_CORRECTIONS_PATH}: storm ${code} is to be corrected from ${correction.cma}, but CMA ${cma ? `names it ${JSON.stringify(cma.name)} (CH${cma.year}BST.txt line ${cma.line})` : 'has no entry for it'}: update the correction`,
    );
  }
  return { enname: correction.corrected, problem: nameCorrectionProblem(correction, cma) };
}
