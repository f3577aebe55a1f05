/**
 * Storm codes, stable across rebuilds and documented in the README:
 *
 * 1. A storm merged with a Zhejiang record keeps its `tfbh` (`YYYYNN`), the id the live service uses.
 * 2. Any other CMA main entry with a Chinese number gets `YYYY` + the number's last two digits (`202524`).
 * 3. A CMA main entry China did not number gets `YYYY` + `C` + its two-digit CMA sequence number (`1967C05`).
 * 4. A CMA secondary entry (`Vera(-)1`) gets its main entry's code + `-n` (`197920-1`), unless rule 1 applies.
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
  for (const { zj, cma } of matches) if (cma) give(cma, zj.tfbh);
  for (const { zj, cma } of matches) if (!cma) taken.add(zj.tfbh);

  const mains = entries.filter((e) => e.secondary === 0 && !codes.has(e));
  for (const entry of mains) {
    const numbered = entry.chineseNumbers.map((n) => `${entry.year}${n.slice(2)}`).find((code) => !taken.has(code));
    if (numbered) give(entry, numbered);
  }
  for (const entry of mains) if (!codes.has(entry)) give(entry, `${entry.year}C${pad2(entry.seq)}`);

  for (const entry of entries) {
    if (codes.has(entry)) continue;
    const main = entries.find((e) => e.year === entry.year && e.seq === entry.seq && e.secondary === 0);
    const base = (main && codes.get(main)) ?? `${entry.year}C${pad2(entry.seq)}`;
    give(entry, `${base}-${entry.secondary}`);
  }
  return codes;
}
