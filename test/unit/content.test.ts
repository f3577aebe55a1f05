/** The content pipeline: real content validates; a broken file fails with every problem, file and line. */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { describe, expect, it } from 'vitest';
import { BuildError } from '../../build/build-site.ts';
import { CONTENT_DIR } from '../../src/config/paths.ts';
import { ContentError, loadContent } from '../../src/content/load-content.ts';

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
      'news/2024-09-06-bad.md': [
        '---',
        'title: 标题',
        'date: 2024-9-6',
        'summary: 摘要',
        'sources:',
        '  - title: 来源',
        '    url: not a url',
        'extra: 1',
        '---',
        '正文',
      ].join('\n'),
      'knowledge/Bad_Slug.md': [
        '---',
        'title: x',
        'summary: y',
        'category: weather',
        'tags: []',
        'updated: 2026-01-01',
        'sources: []',
        '---',
        'body',
      ].join('\n'),
      'knowledge/no-frontmatter.md': '# Just a heading\n',
      'knowledge/bad-yaml.md': ['---', 'title: [unclosed', '---', 'body'].join('\n'),
    });
    const problems = await problemsOf(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^content\/news\/2024-09-06-bad\.md:3: date: /),
        expect.stringMatching(/^content\/news\/2024-09-06-bad\.md:6: sources\.0\.publisher: /),
        expect.stringMatching(/^content\/news\/2024-09-06-bad\.md:7: sources\.0\.url: /),
        expect.stringMatching(/^content\/news\/2024-09-06-bad\.md:2: .*extra/),
        expect.stringMatching(/^content\/knowledge\/Bad_Slug\.md:1: file name "Bad_Slug" is not a slug/),
        expect.stringMatching(/^content\/knowledge\/Bad_Slug\.md:4: category: /),
        expect.stringMatching(/^content\/knowledge\/Bad_Slug\.md:7: sources: /),
        expect.stringMatching(/^content\/knowledge\/no-frontmatter\.md:1: expected YAML frontmatter/),
        expect.stringMatching(/^content\/knowledge\/bad-yaml\.md:\d+: /),
      ]),
    );
  });

  it('names a broken versions.yaml by line', async () => {
    const dir = await contentWith({});
    await fs.writeFile(
      path.join(dir, 'versions.yaml'),
      (await fs.readFile(path.join(dir, 'versions.yaml'), 'utf8')).replace(/min: 1\.2\.0/, 'min: one'),
    );
    const problems = await problemsOf(dir);
    expect(problems.some((p) => /^content\/versions\.yaml:\d+: android\.min: /.test(p))).toBe(true);
  });
});

describe('content validation that names every problem', () => {
  const article = (fields: string[], body = '正文') => ['---', ...fields, '---', body].join('\n');
  const news = (date: string) =>
    article(['title: 标题', `date: ${date}`, 'summary: 摘要', 'sources:', '  - title: 来源', '    publisher: 中国气象局']);
  const knowledge = (updated: string) =>
    article([
      'title: 标题',
      'summary: 摘要',
      'category: basics',
      `updated: ${updated}`,
      'sources:',
      '  - title: 来源',
      '    publisher: 中国气象局',
    ]);
  const announcement = (from: string, until?: string) =>
    article(['title: 通知', 'level: info', `from: ${from}`, ...(until ? [`until: ${until}`] : [])]);

  it('accepts only real calendar dates, and an announcement whose until is not before its from', async () => {
    const dir = await contentWith({
      'news/bad-month.md': news('2024-13-45'),
      'news/leap-ok.md': news('2024-02-29'),
      'news/not-leap.md': news('2023-02-29'),
      'knowledge/bad-day.md': knowledge('2026-02-30'),
      'announcements/bad-from.md': announcement('2026-04-31'),
      'announcements/backwards.md': announcement('2026-03-01', '2026-02-28'),
      'announcements/one-day.md': announcement('2026-03-01', '2026-03-01'),
    });
    const problems = await problemsOf(dir);
    expect(problems.sort()).toEqual([
      'content/announcements/backwards.md:5: until: until (2026-02-28) is before from (2026-03-01): the announcement would never be shown',
      'content/announcements/bad-from.md:4: from: 2026-04-31 is not a calendar date',
      'content/knowledge/bad-day.md:5: updated: 2026-02-30 is not a calendar date',
      'content/news/bad-month.md:3: date: 2024-13-45 is not a calendar date',
      'content/news/not-leap.md:3: date: 2023-02-29 is not a calendar date',
    ]);
  });

  it('refuses bytes that are not UTF-8, naming the file and the line, instead of publishing �', async () => {
    const dir = await contentWith({ 'news/2024-09-06-latin1.md': news('2024-09-06') });
    const file = path.join(dir, 'news/2024-09-06-latin1.md');
    // "Café" saved as Latin-1 on line 9 (the body): 0xE9 alone is not UTF-8.
    const original = await fs.readFile(file);
    await fs.writeFile(file, Buffer.concat([original, Buffer.from('\nCaf\xe9\n', 'latin1')]));
    const before = await fs.readFile(path.join(dir, 'versions.yaml'));
    await fs.writeFile(path.join(dir, 'versions.yaml'), Buffer.concat([Buffer.from('# \xff\n', 'latin1'), before]));
    expect(await problemsOf(dir)).toEqual([
      `content/news/2024-09-06-latin1.md:10: not valid UTF-8: byte 0xE9 at line 10, column 4 (byte offset ${original.length + 4}); save the file as UTF-8`,
      'content/versions.yaml:1: not valid UTF-8: byte 0xFF at line 1, column 3 (byte offset 2); save the file as UTF-8',
    ]);
  });

  it('names every file in news/, knowledge/ and announcements/ that is not a lower-case *.md', async () => {
    const dir = await contentWith({
      'knowledge/storm-surge.MD': knowledge('2026-01-01'),
      'knowledge/wind.markdown': knowledge('2026-01-01'),
      'news/notes.txt': 'draft',
      'news/drafts/2024-01-01-x.md': news('2024-01-01'),
      'announcements/.DS_Store': '',
      'knowledge/fine.md': knowledge('2026-01-01'),
    });
    expect((await problemsOf(dir)).sort()).toEqual([
      'content/announcements/.DS_Store:1: is not read: content/announcements/ holds only <slug>.md files (lower-case .md); rename it or move it out of the folder',
      'content/knowledge/storm-surge.MD:1: is not read: content/knowledge/ holds only <slug>.md files (lower-case .md); rename it or move it out of the folder',
      'content/knowledge/wind.markdown:1: is not read: content/knowledge/ holds only <slug>.md files (lower-case .md); rename it or move it out of the folder',
      'content/news/drafts:1: is a folder: content/news/ holds only <slug>.md files, and nothing below it is read',
      'content/news/notes.txt:1: is not read: content/news/ holds only <slug>.md files (lower-case .md); rename it or move it out of the folder',
    ]);
  });

  it('reports all of 60 broken files, and the build error says how many it does not print', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [`news/broken-${String(i).padStart(2, '0')}.md`, news('2024-13-45')]),
    );
    const problems = await problemsOf(await contentWith(files));
    expect(problems).toHaveLength(60);
    expect(problems[59]).toBe('content/news/broken-59.md:3: date: 2024-13-45 is not a calendar date');
    const error = new BuildError(problems);
    expect(error.problems).toHaveLength(60);
    expect(error.message).toContain('content/news/broken-49.md');
    expect(error.message).toMatch(/\n {2}… and 10 more$/);
  });
});
