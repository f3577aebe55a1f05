/**
 * Netlify's path matching, for `_redirects` rules and functions' `config.path` (the parsers give the rules, not a
 * matcher): `:name` takes one segment, a final `*` the rest (as `:splat`), `/x/*` also takes `/x`, one trailing
 * slash is ignored (docs/maintainers/operations.md#netlify-facts-that-shape-the-code). Paths are compared as sent (still
 * percent-encoded) and case-sensitively, as Netlify's docs say. `_headers` needs none of this: its parser gives each
 * block a `forRegExp`.
 */

export type Params = Record<string, string>;
export type PathMatcher = (pathname: string) => Params | null;

export const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function compilePath(pattern: string): PathMatcher {
  let body = withoutTrailingSlash(pattern);
  let tail = '';
  const splat = body.endsWith('*');
  if (splat) {
    body = body.slice(0, -1);
    // `/x/*` matches `/x`, `/x/` and everything below; `/x*` is a plain prefix.
    tail = body.endsWith('/') ? '(?:/(.*))?' : '(.*)';
    if (body.endsWith('/')) body = body.slice(0, -1);
  }
  const names: string[] = [];
  const source = body
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return escapeRegExp(segment);
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  if (splat) names.push('splat');
  const regexp = new RegExp(`^${source}${tail}/?$`);
  return (pathname) => {
    const found = regexp.exec(pathname);
    if (!found) return null;
    const params: Params = {};
    names.forEach((name, i) => (params[name] = found[i + 1] ?? ''));
    return params;
  };
}

/** A rule's target with its placeholders (`:splat`, `:name`) filled in; unknown ones stay as written. */
export const fillTarget = (to: string, params: Params) => to.replace(/:(\w+)/g, (whole, name: string) => params[name] ?? whole);
