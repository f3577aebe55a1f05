/** A site rendered in memory from a sources folder, read back: every storm's detail record, and any file as JSON. */
import { renderSite } from '../../build/build-site.ts';
import type { Typhoon } from '../../src/model/schemas.ts';

export interface RenderedArchive {
  /** The detail records (`/api/v1/typhoons/{code}`) by code. */
  details: Map<string, Typhoon>;
  /** A rendered file (its path under public/), parsed. */
  json<T>(file: string): T;
}

export async function renderArchive(sourcesDir: string): Promise<RenderedArchive> {
  const { files } = await renderSite(sourcesDir);
  const bodies = new Map(files.map((f) => [f.file, f.body]));
  const details = new Map<string, Typhoon>();
  for (const [file, body] of bodies) {
    if (!file.startsWith('api/v1/typhoons/')) continue;
    const typhoon = JSON.parse(body).data as Typhoon;
    details.set(typhoon.code, typhoon);
  }
  const json = <T>(file: string): T => {
    const body = bodies.get(file);
    if (body === undefined) throw new Error(`the build rendered no ${file}`);
    return JSON.parse(body) as T;
  };
  return { details, json };
}
