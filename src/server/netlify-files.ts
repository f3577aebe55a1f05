/**
 * Reads `_redirects` and `_headers` and matches paths the way Netlify does, for the local server.
 * Supported: exact paths, a trailing `*` splat, `:placeholder` segments, statuses 200/301/302/404, and `!`
 * (force). Not supported (the build never writes them): query or condition matching, proxying to other hosts.
 */

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

export interface HeaderBlock {
  path: string;
  headers: [string, string][];
}

const content = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));

export function parseRedirects(text: string): RedirectRule[] {
  return content(text).map((line, index) => {
    const [from, to, statusText = '301'] = line.trim().split(/\s+/);
    const status = Number(statusText.replace(/!$/, ''));
    if (!from || !to || !Number.isInteger(status)) throw new Error(`_redirects rule ${index + 1} is not "from to status": ${line}`);
    return { from, to, status, force: statusText.endsWith('!') };
  });
}

export function parseHeaders(text: string): HeaderBlock[] {
  const blocks: HeaderBlock[] = [];
  for (const line of content(text)) {
    if (!/^\s/.test(line)) {
      blocks.push({ path: line.trim(), headers: [] });
      continue;
    }
    const current = blocks[blocks.length - 1];
    const colon = line.indexOf(':');
    if (!current || colon === -1) throw new Error(`_headers line is neither a path nor "Name: value": ${line}`);
    current.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return blocks;
}

/** Netlify path matching: `*` at the end matches the rest (as `:splat`), `:name` one segment; `/x/*` takes `/x`. */
export function matchNetlifyPath(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern.endsWith('/*') && pathname === pattern.slice(0, -2)) return { splat: '' };
  const splat = pattern.endsWith('*');
  const want = (splat ? pattern.slice(0, -1) : pattern).split('/');
  const got = pathname.split('/');
  if (splat ? got.length < want.length : got.length !== want.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (splat && i === want.length - 1) {
      if (!g.startsWith(w)) return null;
      params.splat = [g.slice(w.length), ...got.slice(want.length)].join('/');
    } else if (w.startsWith(':')) params[w.slice(1)] = g;
    else if (w !== g) return null;
  }
  return params;
}

/** The target of a rule with its placeholders filled in. */
export const fillTarget = (to: string, params: Record<string, string>) =>
  to.replace(/:(\w+)/g, (whole, name: string) => params[name] ?? whole);

/** Headers for a static answer: every block matching the request path or the file path; repeats are joined. */
export function headersFor(blocks: readonly HeaderBlock[], paths: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const block of blocks) {
    if (!paths.some((p) => matchNetlifyPath(block.path, p))) continue;
    for (const [name, value] of block.headers) headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}
