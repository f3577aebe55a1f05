/**
 * Reads content/: news and knowledge articles, announcements, the site configuration and client versions.
 * Every problem in every file is collected (file and line) so one build run reports them all: YAML and schema
 * errors, dates that are not on the calendar, bytes that are not UTF-8, and files in the Markdown folders that
 * would not be read (anything but a lower-case `*.md`).
 */
import path from 'node:path';
import fs from 'fs-extra';
import { LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import {
  announcementFrontmatterSchema, knowledgeFrontmatterSchema, newsFrontmatterSchema, siteConfigSchema, slugSchema, versionsFileSchema,
  type Announcement, type KnowledgeItem, type NewsItem, type SiteConfig, type VersionsFile,
} from '../model/content-schemas.ts';
import { decodeUtf8 } from '../sources/decode-text.ts';
import { parseFrontmatter, type ContentProblem } from './frontmatter.ts';

export interface SiteContent {
  news: NewsItem[];
  knowledge: KnowledgeItem[];
  announcements: Announcement[];
  site: SiteConfig;
  versions: VersionsFile;
}

export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(`content/ has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p.file}:${p.line}: ${p.message}`).join('\n')}`);
    this.name = 'ContentError';
  }
}

/** The folders of Markdown items; each holds `<slug>.md` files and nothing else. */
const MARKDOWN_FOLDERS = ['news', 'knowledge', 'announcements'] as const;
const MARKDOWN_FILE = /\.md$/;

/**
 * Every entry of a Markdown folder that is not a lower-case `*.md` file is a problem that names it: a
 * `storm-surge.MD` or `typhoon.markdown` would otherwise be left out of the site without a word.
 */
async function markdownFiles(contentDir: string, folder: string, problems: ContentProblem[]): Promise<string[]> {
  const entries = await fs.readdir(path.join(contentDir, folder), { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const file = path.posix.join(folder, entry.name);
    const shown = path.posix.join('content', file);
    if (entry.isFile() && MARKDOWN_FILE.test(entry.name)) files.push(file);
    else if (entry.isDirectory()) problems.push({ file: shown, line: 1, message: `is a folder: content/${folder}/ holds only <slug>.md files, and nothing below it is read` });
    else problems.push({ file: shown, line: 1, message: `is not read: content/${folder}/ holds only <slug>.md files (lower-case .md); rename it or move it out of the folder` });
  }
  return files.sort();
}

/** The file as UTF-8 text, or null with a problem naming the line of the first byte that is not UTF-8. */
async function readUtf8(contentDir: string, file: string, shown: string, problems: ContentProblem[]): Promise<string | null> {
  const decoded = decodeUtf8(await fs.readFile(path.join(contentDir, file)));
  if (decoded.ok) return decoded.text;
  problems.push({ file: shown, line: decoded.bad.line, message: decoded.message });
  return null;
}

async function readMarkdown<S extends z.ZodType, T>(
  contentDir: string,
  folder: (typeof MARKDOWN_FOLDERS)[number],
  schema: S,
  make: (slug: string, data: z.infer<S>, body: string) => T,
  problems: ContentProblem[],
): Promise<T[]> {
  const files = await markdownFiles(contentDir, folder, problems);
  const items: T[] = [];
  for (const file of files) {
    const slug = path.basename(file, '.md');
    const shown = path.posix.join('content', file);
    if (!slugSchema.safeParse(slug).success) problems.push({ file: shown, line: 1, message: `file name "${slug}" is not a slug (lower-case ASCII words joined by hyphens)` });
    const text = await readUtf8(contentDir, file, shown, problems);
    if (text === null) continue;
    const parsed = parseFrontmatter(text, shown, schema);
    if (!parsed.ok) problems.push(...parsed.problems);
    else if (parsed.body.trim().length === 0) problems.push({ file: shown, line: 1, message: 'the Markdown body is empty' });
    else items.push(make(slug, parsed.data, parsed.body));
  }
  return items;
}

async function readYaml<S extends z.ZodType>(contentDir: string, file: string, schema: S, problems: ContentProblem[]): Promise<z.infer<S> | null> {
  const shown = path.posix.join('content', file);
  if (!(await fs.pathExists(path.join(contentDir, file)))) {
    problems.push({ file: shown, line: 1, message: 'file is missing' });
    return null;
  }
  const text = await readUtf8(contentDir, file, shown, problems);
  if (text === null) return null;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  if (doc.errors.length) {
    problems.push(...doc.errors.map((e) => ({ file: shown, line: lineCounter.linePos(e.pos[0]).line, message: e.message })));
    return null;
  }
  const result = schema.safeParse(doc.toJS());
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const node = doc.getIn(issue.path as (string | number)[], true) as { range?: [number, number, number] } | undefined;
    problems.push({ file: shown, line: node?.range ? lineCounter.linePos(node.range[0]).line : 1, message: `${issue.path.join('.')}: ${issue.message}` });
  }
  return null;
}

export async function loadContent(contentDir: string): Promise<SiteContent> {
  const problems: ContentProblem[] = [];
  const news = await readMarkdown(contentDir, 'news', newsFrontmatterSchema, (slug, data, body) => ({ slug, ...data, typhoon: data.typhoon ?? null, body }), problems);
  const knowledge = await readMarkdown(contentDir, 'knowledge', knowledgeFrontmatterSchema, (slug, data, body) => ({ slug, ...data, body }), problems);
  const announcements = await readMarkdown(contentDir, 'announcements', announcementFrontmatterSchema, (slug, data, body) => ({ slug, ...data, until: data.until ?? null, body }), problems);
  const site = await readYaml(contentDir, 'site.yaml', siteConfigSchema, problems);
  const versions = await readYaml(contentDir, 'versions.yaml', versionsFileSchema, problems);
  if (problems.length || !site || !versions) throw new ContentError(problems);
  news.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  knowledge.sort((a, b) => a.category.localeCompare(b.category) || a.slug.localeCompare(b.slug));
  announcements.sort((a, b) => b.from.localeCompare(a.from) || a.slug.localeCompare(b.slug));
  return { news, knowledge, announcements, site, versions };
}
