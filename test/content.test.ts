/** The content pipeline: real content validates; a broken file fails with every problem, file and line. */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../src/config.ts';
import { ContentError, loadContent } from '../src/content/load-content.ts';

describe('content/', () => {
  it('validates, with at least 15 knowledge articles and 8 news items, each naming sources', async () => {
    const content = await loadContent(CONTENT_DIR);
    expect(content.knowledge.length).toBeGreaterThanOrEqual(15);
    expect(content.news.length).toBeGreaterThanOrEqual(8);
    for (const item of [...content.knowledge, ...content.news]) expect(item.sources.length, item.slug).toBeGreaterThan(0);
    expect(content.news.map((n) => n.date)).toEqual([...content.news.map((n) => n.date)].sort().reverse());
  });
});

async function contentWith(files: Record<string, string>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-content-'));
  await fs.copy(path.join(CONTENT_DIR, 'site.yaml'), path.join(dir, 'site.yaml'));
  await fs.copy(path.join(CONTENT_DIR, 'versions.yaml'), path.join(dir, 'versions.yaml'));
  for (const [name, text] of Object.entries(files)) await fs.outputFile(path.join(dir, name), text);
  return dir;
}

const problemsOf = async (dir: string) => {
  const error = await loadContent(dir).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
};

describe('a broken content file', () => {
  it('lists every problem with its file and line', async () => {
    const dir = await contentWith({
      'news/2024-09-06-bad.md': ['---', 'title: 标题', 'date: 2024-9-6', 'summary: 摘要', 'sources:', '  - title: 来源', '    url: not a url', 'extra: 1', '---', '正文'].join('\n'),
      'knowledge/Bad_Slug.md': ['---', 'title: x', 'summary: y', 'category: weather', 'tags: []', 'updated: 2026-01-01', 'sources: []', '---', 'body'].join('\n'),
      'knowledge/no-frontmatter.md': '# Just a heading\n',
      'knowledge/bad-yaml.md': ['---', 'title: [unclosed', '---', 'body'].join('\n'),
    });
    const problems = await problemsOf(dir);
    expect(problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/^content\/news\/2024-09-06-bad\.md:3: date: /),
      expect.stringMatching(/^content\/news\/2024-09-06-bad\.md:6: sources\.0\.publisher: /),
      expect.stringMatching(/^content\/news\/2024-09-06-bad\.md:7: sources\.0\.url: /),
      expect.stringMatching(/^content\/news\/2024-09-06-bad\.md:2: .*extra/),
      expect.stringMatching(/^content\/knowledge\/Bad_Slug\.md:1: file name "Bad_Slug" is not a slug/),
      expect.stringMatching(/^content\/knowledge\/Bad_Slug\.md:4: category: /),
      expect.stringMatching(/^content\/knowledge\/Bad_Slug\.md:7: sources: /),
      expect.stringMatching(/^content\/knowledge\/no-frontmatter\.md:1: expected YAML frontmatter/),
      expect.stringMatching(/^content\/knowledge\/bad-yaml\.md:\d+: /),
    ]));
  });

  it('names a broken versions.yaml by line', async () => {
    const dir = await contentWith({});
    await fs.writeFile(path.join(dir, 'versions.yaml'), (await fs.readFile(path.join(dir, 'versions.yaml'), 'utf8')).replace(/min: 1\.2\.0/, 'min: one'));
    const problems = await problemsOf(dir);
    expect(problems.some((p) => /^content\/versions\.yaml:\d+: android\.min: /.test(p))).toBe(true);
  });
});
