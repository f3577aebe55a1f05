/**
 * PAGASA's wind signals, as the scheduled run reads them (docs/api/warnings.md, "PAGASA"): its bulletin page
 * (src/upstream/pagasa-listing.ts), then each current bulletin it links (`bulletin_<name>.pdf`, from the configured
 * file server, the name taken from the link), read with unpdf (src/upstream/pagasa-bulletin.ts). The answer is the
 * bulletins together: in force when one has a signal, none in force only when every bulletin read says "No Wind
 * Signal" in PAGASA's words. A bulletin older than the one kept for the same file replaces nothing.
 */
import type { Warning, WarningSnapshot } from '../model/warning-schemas.ts';
import type { WarningTextRejection } from '../model/warning-text.ts';
import type { WarningUpstreams } from '../upstream/addresses.ts';
import { UpstreamError } from '../upstream/client.ts';
import { parsePagasaBulletin, readPdfText } from '../upstream/pagasa-bulletin.ts';
import { parsePagasaListing } from '../upstream/pagasa-listing.ts';
import { laterTime } from '../model/offset-time.ts';
import { describeError, type AgencyRead, type Parts } from './agency-read.ts';
import type { PagasaBulletinKept } from './warning-store.ts';

/** The page that links the current bulletins, under TYPHOON_PAGASA_BASE. */
export const PAGASA_LISTING_PATH = '/tropical-cyclone/severe-weather-bulletin';
/** Bulletins read per run at most (PAGASA rarely has more than two storms in its area). */
const BULLETINS_PER_RUN = 4;

/** The page is HTML: read as text here (the client refuses HTML where data is expected). */
async function listingHtml(up: WarningUpstreams): Promise<string> {
  const url = `${up.pagasaBase}${PAGASA_LISTING_PATH}`;
  const text = new TextDecoder('utf-8').decode(await up.client.bytes(url));
  if (text.trim() === '') throw new UpstreamError('empty', url, 'empty body');
  return text;
}

export async function readPagasa(
  up: WarningUpstreams,
  kept: readonly PagasaBulletinKept[],
): Promise<{ read: AgencyRead; bulletins: PagasaBulletinKept[] }> {
  const parts: Parts = {};
  let files: string[];
  try {
    files = parsePagasaListing(await listingHtml(up)).files;
    parts.page = null;
  } catch (error) {
    parts.page = describeError(error);
    return { read: { failed: `the bulletin page could not be read: ${parts.page}`, parts }, bulletins: [...kept] };
  }
  const rejected: WarningTextRejection[] = [];
  const problems: string[] = [];
  const bulletins: PagasaBulletinKept[] = [];
  await Promise.all(
    files.slice(0, BULLETINS_PER_RUN).map(async (file) => {
      const before = kept.find((b) => b.file === file);
      try {
        const parse = parsePagasaBulletin(await readPdfText(await up.client.bytes(`${up.pagasaFilesBase}/${file}`)));
        rejected.push(...parse.rejected);
        problems.push(...parse.problems.map((p) => `${file}: ${p.message}`));
        parts[file] = null;
        const older = before !== undefined && Date.parse(parse.bulletin.issuedAt) < Date.parse(before.snapshot.sourceTime ?? '');
        bulletins.push(older ? before : { file, snapshot: parse.snapshot });
      } catch (error) {
        parts[file] = describeError(error);
        // The last good bulletin of that file stays (told stale by its part's failure).
        if (before) bulletins.push(before);
      }
    }),
  );
  bulletins.sort((a, b) => files.indexOf(a.file) - files.indexOf(b.file));
  if (files.length === 0)
    return {
      read: {
        failed: null,
        parts,
        snapshot: { agency: 'pagasa', state: 'unknown', sourceTime: null, warnings: [], cancelled: [], documents: [] },
        stateReason:
          "PAGASA's bulletin page links no current bulletin; that page with no storm was never recorded, so it is not read as PAGASA's word that no wind signal is in force",
        rejected,
        problems,
      },
      bulletins,
    };
  if (bulletins.length === 0)
    return { read: { failed: `no bulletin could be read: ${files.map((f) => `${f}: ${parts[f]}`).join('; ')}`, parts }, bulletins };
  const warnings: Warning[] = bulletins.flatMap((b) => b.snapshot.warnings);
  const states = bulletins.map((b) => b.snapshot.state);
  const snapshot: WarningSnapshot = {
    agency: 'pagasa',
    state: warnings.length > 0 ? 'in-force' : states.every((s) => s === 'none-in-force') ? 'none-in-force' : 'unknown',
    sourceTime: bulletins.reduce<string | null>((t, b) => laterTime(t, b.snapshot.sourceTime), null),
    warnings,
    cancelled: [],
    documents: bulletins.flatMap((b) => b.snapshot.documents),
  };
  return { read: { failed: null, parts, snapshot, stateReason: null, rejected, problems }, bulletins };
}
