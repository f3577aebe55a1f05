/**
 * `/api/v1/version?platform=android[&current=1.3.0]`: the platform's `latest`, `min`, `url`, `notes`; with
 * `current`, whether an update is available and whether it is forced (current below `min`), compared as semver.
 */
import semver from 'semver';
import type { VersionsFile } from '../../model/content-schemas.ts';
import { DATA_FILES } from '../data-files.ts';
import { parseQuery } from '../params.ts';
import { okResponse } from '../respond.ts';
import { readPublicJson } from '../site-data.ts';

export async function handleVersion(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const { platform, current } = parseQuery(url, ['platform', 'current']);
  const versions = await readPublicJson<VersionsFile>(DATA_FILES.versions);
  if (!versions) throw new Error(`${DATA_FILES.versions} is missing: run the build first`);
  const info = versions[platform as keyof VersionsFile];
  return okResponse('v1', {
    platform,
    ...info,
    current,
    updateAvailable: current === null ? null : semver.lt(current, info.latest),
    forceUpdate: current === null ? null : semver.lt(current, info.min),
  }, {
    cacheControl: 'public, max-age=300',
    cdnCacheControl: 'public, durable, s-maxage=3600',
    extraHeaders: { 'Netlify-Vary': 'query=platform|current' },
  });
}
