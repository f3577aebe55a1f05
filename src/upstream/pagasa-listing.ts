/**
 * PAGASA's page of tropical cyclone bulletins (`/tropical-cyclone/severe-weather-bulletin`): one tab per active storm,
 * each linking that storm's current bulletin as a PDF on PAGASA's file server (`…/tamss/weather/bulletin_<name>.pdf`,
 * the storm's local name in lower case). The one recorded answer of the page is a capture of 3 September 2022
 * (Typhoon HENRY; docs/api/warnings.md gives its provenance): only what that capture shows is read, by shape: the file
 * names of the links to current bulletins. The page is HTML and its prose is never kept.
 *
 * A page without the bulletin page's own container is not this page (a changed layout, an error page served with
 * 200): ShapeError. A page with the container and no link lists no bulletin; what PAGASA's page looks like with no
 * storm was never recorded, so that is not read as PAGASA's word that no wind signal is in force.
 */
import { ShapeError } from '../model/parse-problems.ts';

/** The container of the bulletin page in the recorded capture. */
const PAGE_MARK = 'tropical-cyclone-weather-bulletin-page';

/** A link to a current bulletin: the file name, `bulletin_henry.pdf` (the archive's `bulletin/TCB%2310_henry.pdf` is not one). */
const CURRENT_BULLETIN = /["'/]bulletin_([a-z][a-z-]{1,20})\.pdf["']/g;

export interface PagasaListing {
  /** The file names of the current bulletins, in the page's order, each once: `bulletin_henry.pdf`. */
  files: string[];
}

export function parsePagasaListing(html: string): PagasaListing {
  if (!html.includes(PAGE_MARK)) throw new ShapeError(`PAGASA bulletin page: no ${PAGE_MARK} container (not the page, or a new layout)`);
  const files = [...new Set([...html.matchAll(CURRENT_BULLETIN)].map((m) => `bulletin_${m[1]}.pdf`))];
  return { files };
}
