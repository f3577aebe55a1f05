/**
 * Storm codes, stable across rebuilds and documented in docs/api/conventions.md. Main entries are coded first, so a Chinese
 * number goes to the storm's main entry, never to a continuation of it:
 *
 * 1. A CMA main entry merged with a Zhejiang record keeps its `tfbh` (`YYYYNN`), the id the live service uses.
 * 2. Any other main entry with a Chinese number gets `YYYY` + the number's last two digits (`202524`), unless
 *    rule 1 or a zj-only storm holds that code.
 * 3. A main entry China did not number (or whose number is held) gets `YYYY` + `C` + its two-digit CMA sequence
 *    number (`1967C05`).
 * 4. A secondary entry (`Vera(-)1`) merged with a Zhejiang record keeps its `tfbh` when no main entry holds that
 *    code (`Faye(Gloria)(-)1` = 197128, the header's second number); otherwise, like every other secondary entry, it
 *    gets its main entry's code + `-n` (`197920-1`; `Nora(-)1` = 195906-1, whose zj file 195906 holds only that part
 *    of Nora 5906).
 *
 * Codes never collide with the Zhejiang service's 8-digit ids for unnamed systems, which the lookup passes on.
 */
import type { CmaEntryRaw } from '../sources/cma-best-track.ts';
import type { SourceMatch } from './match-sources.ts';

const pad2 = (n: number) => String(n).padStart(2, '0');

export function assignCodes(entries: readonly CmaEntryRaw[], matches: readonly SourceMatch[]): Map<CmaEntryRaw, string> {
  const codes = new Map<CmaEntryRaw, string>();
  const taken = new Set<string>();
  const give = (entry: CmaEntryRaw, code: string) => {
    codes.set(entry, code);
    taken.add(code);
  };
  const isMain = (entry: CmaEntryRaw) => entry.secondary === 0;
  for (const { zj, cma } of matches) if (cma && isMain(cma)) give(cma, zj.tfbh);
  for (const { zj, cma } of matches) if (!cma) taken.add(zj.tfbh);

  const mains = entries.filter((e) => isMain(e) && !codes.has(e));
  for (const entry of mains) {
    const numbered = entry.chineseNumbers.map((n) => `${entry.year}${n.slice(2)}`).find((code) => !taken.has(code));
    if (numbered) give(entry, numbered);
  }
  for (const entry of mains) if (!codes.has(entry)) give(entry, `${entry.year}C${pad2(entry.seq)}`);

  for (const { zj, cma } of matches) if (cma && !isMain(cma) && !taken.has(zj.tfbh)) give(cma, zj.tfbh);
  for (const entry of entries) {
    if (codes.has(entry)) continue;
    const main = entries.find((e) => e.year === entry.year && e.seq === entry.seq && isMain(e));
    const base = (main && codes.get(main)) ?? `${entry.year}C${pad2(entry.seq)}`;
    give(entry, `${base}-${entry.secondary}`);
  }
  return codes;
}
