/**
 * Storm names as the sources write them. One list of what means "no name" for every source, and, for names from
 * the live upstreams, a shape check: a name reaches flash news and the language model's input, so anything that
 * does not look like a storm name (too long, a link, an address, an instruction) is treated as no name and logged.
 */

/** What the sources write for "no name": zj `-` and `未名`/`未命名`, NMC `nameless` and `热带低压`. */
const PLACEHOLDERS = new Set(['', '-', '未名', '未命名', '热带低压', 'NAMELESS']);

/** The name, or null for a placeholder; trimmed (NMC names can end in a newline). */
export function cleanStormName(raw: string | null | undefined): string | null {
  const name = raw?.trim() ?? '';
  return PLACEHOLDERS.has(name.toUpperCase()) || PLACEHOLDERS.has(name) ? null : name;
}

/** A Chinese name of up to 8 Han characters (with a middle dot), or a Latin one of letters, spaces, hyphens, apostrophes. */
const PLAUSIBLE = /^(?:[\p{Script=Han}·]{1,8}|[A-Za-z][A-Za-z' -]{0,29})$/u;

/** A name from a live upstream, or null when it is a placeholder or does not look like a storm name. */
export function liveStormName(raw: string | null | undefined): string | null {
  const name = cleanStormName(raw);
  if (name === null || PLAUSIBLE.test(name)) return name;
  console.warn(`upstream storm name left out, it does not look like a name: ${JSON.stringify(name.slice(0, 80))}`);
  return null;
}
