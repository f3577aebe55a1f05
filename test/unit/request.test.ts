/**
 * Reading a request as its route declares it (src/api/request.ts): every route a function answers refuses a query
 * parameter it does not declare, naming the ones it takes and where the parameter belongs; a static route reads no
 * query. Derived from the route table, so every route (a new one too) is covered.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import { exampleQuery, PARAMS, queryName, rejection, type ParamKind } from '../../src/api/params.ts';
import { parseRequest } from '../../src/api/request.ts';
import { ENDPOINTS, fillPath, RESOURCES, readsQuery, type Endpoint, type ROUTES } from '../../src/api/route-table.ts';

const endpoint = (id: keyof typeof ROUTES, family: 'web' | 'v1') => {
  const found = ENDPOINTS.find((e) => e.resource.id === id && e.family === family);
  if (!found) throw new Error(`no ${family} ${id}`);
  return found;
};

/** An endpoint's example request with `extra` added to its query: its raw path parameters and URL. */
function exampleRequest(e: Endpoint, extra: string): { raw: Record<string, string>; url: URL } {
  const raw = Object.fromEntries(
    Object.entries(e.resource.params).map(([name, kind]) => [name, e.resource.examples?.[name] ?? PARAMS[kind as ParamKind].example]),
  );
  const query = exampleQuery(e.resource.query ?? []);
  return { raw, url: new URL(`http://localhost${fillPath(e.path, raw)}${query ? `${query}&` : '?'}${extra}`) };
}

const refusal = (e: Endpoint, extra: string) => {
  const { raw, url } = exampleRequest(e, extra);
  return rejection(() => parseRequest(e, raw, url));
};

describe('a path parameter that reads as a name', () => {
  it("is pointed to the route that finds it by name, in its path or its query, in the answer's family", () => {
    const refusal = (id: keyof typeof ROUTES, family: 'web' | 'v1', raw: Record<string, string>) =>
      rejection(() => parseRequest(endpoint(id, family), raw, new URL('http://localhost/')));
    expect(refusal('typhoon-similar', 'web', { code: 'Haiyan' })).toMatch(/ To search for it: \/api\/history\/search\/Haiyan\.$/);
    expect(refusal('global-typhoon', 'v1', { id: 'melissa' })).toMatch(/ To search for it: \/api\/v1\/global\/history\?q=melissa\.$/);
    // Nothing finds flash items by name.
    expect(refusal('flash-item', 'v1', { id: 'yagi' })).toBe('id must be 12 hexadecimal digits; got "yagi".');
  });

  it('is found by routes that take the name in a parameter of theirs, one route per kind', () => {
    const finders = RESOURCES.filter((r) => r.finds);
    expect(finders.length).toBeGreaterThan(0);
    for (const { id, finds, params, query } of finders) {
      const by = finds?.by as string;
      expect(params[by] !== undefined || (query ?? []).some((kind) => queryName(kind) === by), id).toBe(true);
      expect(finders.filter((r) => r.finds?.kind === finds?.kind).length, id).toBe(1);
    }
  });
});

describe('a query parameter the route does not declare', () => {
  it.each(ENDPOINTS.filter((e) => readsQuery(e.resource)).map((e) => [`${e.family} ${e.path}`, e] as const))(
    '%s (a function) refuses it with 40001, naming the parameters it takes',
    (_, e) => {
      const known = (e.resource.query ?? []).map(queryName);
      expect(refusal(e, 'colour=red')).toBe(
        `Unknown query parameter "colour" for this endpoint: it takes ${known.length ? known.join(', ') : 'none'}.`,
      );
    },
  );

  it.each(ENDPOINTS.filter((e) => !readsQuery(e.resource)).map((e) => [`${e.family} ${e.path}`, e] as const))(
    '%s (static) reads no query, as its files cannot',
    (_, e) => {
      const { raw, url } = exampleRequest(e, 'colour=red');
      expect(parseRequest(e, raw, url).query).toEqual({});
    },
  );

  it('names the known parameters it is closest to, in any case, among those the query does not give', () => {
    const near = endpoint('history-near', 'v1');
    expect(refusal(near, 'mingrade=TY')).toMatch(
      /^Unknown query parameter "mingrade" for this endpoint: it takes lat, lng, radius, .*, size\. Did you mean minGrade\?$/,
    );
    expect(refusal(near, 'sise=5')).toMatch(/ Did you mean size\?$/);
    // The example gives lat and lng already; a name too far from every other is guessed at by none.
    expect(refusal(near, 'lon=114')).toMatch(/, size\.$/);
    expect(refusal(near, 'pagesize=50')).toMatch(/, size\.$/);
    expect(rejection(() => parseRequest(endpoint('live-near', 'web'), {}, new URL('http://localhost/api/near?lon=1')))).toMatch(
      / Did you mean lat or lng\?$/,
    );
  });

  it('names the endpoint that takes it in its path, filled in when the value is well formed', () => {
    expect(refusal(endpoint('live-typhoons', 'v1'), 'code=202411')).toBe(
      'Unknown query parameter "code" for this endpoint: it takes none. /api/v1/typhoons/{code} takes code in its path: /api/v1/typhoons/202411.',
    );
    expect(refusal(endpoint('history-today', 'web'), 'date=9-6')).toBe(
      'Unknown query parameter "date" for this endpoint: it takes none. /api/history/today/{date} takes date in its path.',
    );
  });

  it('quotes at most three and counts the rest; a name without a value is still a name', () => {
    expect(refusal(endpoint('live-typhoons', 'web'), 'a=1&b&c=3&d=4&a=5')).toBe(
      'Unknown query parameters "a", "b", "c" and 1 more for this endpoint: it takes none.',
    );
  });

  it('is checked before the declared values, so a misspelt name is told as such', () => {
    const near = endpoint('live-near', 'v1');
    const url = new URL('http://localhost/api/v1/near?lat=22&lon=114');
    expect(() => parseRequest(near, {}, url)).toThrow(ApiError);
    expect(rejection(() => parseRequest(near, {}, url))).toBe(
      'Unknown query parameter "lon" for this endpoint: it takes lat, lng. Did you mean lng?',
    );
  });
});
