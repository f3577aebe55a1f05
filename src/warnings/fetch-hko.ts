/**
 * The Hong Kong Observatory's warnings, as the scheduled run reads them: `warnsum` in English and Traditional
 * Chinese (both needed: the answer is the two merged), and `warningInfo` in both (only the storm its tropical
 * cyclone bulletin names is kept; a failure of it costs that link, never the warnings).
 */
import { mergeHkoLanguages, parseHkoWarningInfo, parseHkoWarnsum, withHkoStorms, type HkoLanguage } from '../upstream/hko-warnings.ts';
import type { WarningUpstreams } from '../upstream/addresses.ts';
import { liveNamesTable } from '../sources/names-table.ts';
import { describeError, type AgencyRead, type Parts } from './agency-read.ts';

export const hkoUrl = (base: string, dataType: 'warnsum' | 'warningInfo', lang: HkoLanguage) =>
  `${base}/weather.php?dataType=${dataType}&lang=${lang}`;

export async function readHko(up: WarningUpstreams): Promise<AgencyRead> {
  const parts: Parts = {};
  const part = async <T>(name: string, work: () => Promise<T>): Promise<T | null> => {
    try {
      const value = await work();
      parts[name] = null;
      return value;
    } catch (error) {
      parts[name] = describeError(error);
      return null;
    }
  };
  const names = liveNamesTable();
  const [en, tc, infoEn, infoTc] = await Promise.all([
    part('warnsum-en', async () => parseHkoWarnsum(await up.client.json(hkoUrl(up.hkoBase, 'warnsum', 'en')), 'en')),
    part('warnsum-tc', async () => parseHkoWarnsum(await up.client.json(hkoUrl(up.hkoBase, 'warnsum', 'tc')), 'tc')),
    part('warningInfo-en', async () => parseHkoWarningInfo(await up.client.json(hkoUrl(up.hkoBase, 'warningInfo', 'en')), 'en', names)),
    part('warningInfo-tc', async () => parseHkoWarningInfo(await up.client.json(hkoUrl(up.hkoBase, 'warningInfo', 'tc')), 'tc', names)),
  ]);
  if (!en || !tc)
    return { failed: `warnsum could not be read: ${[parts['warnsum-en'], parts['warnsum-tc']].filter(Boolean).join('; ')}`, parts };
  const merged = mergeHkoLanguages(en, tc);
  // An answer with an entry that could not be read and nothing else in force is no answer: the last good one stays.
  if (merged.snapshot.state === 'unknown')
    return { failed: `warnsum could not be read whole: ${merged.problems.map((p) => p.message).join('; ')}`, parts };
  const details = [...(infoEn?.details ?? []), ...(infoTc?.details ?? [])];
  return {
    failed: null,
    parts,
    snapshot: withHkoStorms(merged.snapshot, details),
    stateReason: null,
    rejected: merged.rejected,
    problems: [...merged.problems, ...(infoEn?.problems ?? []), ...(infoTc?.problems ?? [])].map((p) => p.message),
  };
}
