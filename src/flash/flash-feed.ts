/**
 * Flash news as syndication feeds, RSS 2.0 and Atom 1.0 (written by the `feed` library). One entry per flash
 * item, Chinese first with the English beside it (title `中文 / English`, a paragraph per language), so an event
 * is one entry whatever the reader's language, as the JSON items are. Every entry says it was written by a
 * program: a closing line naming the generator and the category `ai-generated`.
 *
 * Ids are stable: an entry's id (Atom `<id>`, RSS `<guid isPermaLink="false">`) and link are the item's API URL,
 * `<homepage>api/v1/flash/<id>`, and an item's id never changes (src/flash/flash-store.ts).
 */
import { Feed } from 'feed';
import type { FlashItem } from '../model/flash-schemas.ts';

const AI_GENERATED_CATEGORY = 'ai-generated';
/** Minutes between refreshes of the live data: RSS `<ttl>`. */
const REFRESH_MINUTES = 15;

export interface FeedSite {
  homepage: string;
  name: string;
  nameEn: string;
}

/** The item text is plain text; feeds carry it as HTML (Atom `type="html"`, RSS description). */
const escapeHtml = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string);

const generatorLine = (item: FlashItem) =>
  item.generator === 'llm'
    ? '本条快讯由程序生成，经语言模型改写 · AI-generated: written by a program and rephrased by a language model'
    : '本条快讯由程序根据数据自动生成 · AI-generated: written by a program from the data';

/** A feed of the given items (newest first), of one storm when `code` is given. `now` dates an empty feed. */
export function flashFeed(items: readonly FlashItem[], site: FeedSite, code: string | null, now: Date): Feed {
  const base = site.homepage.replace(/\/?$/, '/');
  const query = code === null ? '' : `?code=${encodeURIComponent(code)}`;
  const about = code === null ? '' : ` · ${code}`;
  const feed = new Feed({
    id: `${base}feeds/flash.atom${query}`,
    title: `台风快讯 · Typhoon flash news${about}`,
    description: `${site.name}：程序自动生成的台风快讯，中文附英文；数据仅供参考，以官方发布为准。${site.nameEn}: machine-written typhoon flash news, Chinese with English beside it; for reference only, official releases prevail.`,
    link: base,
    language: 'zh-CN',
    ttl: REFRESH_MINUTES,
    updated: items[0] ? new Date(items[0].time) : now,
    generator: site.nameEn,
    author: { name: site.nameEn, link: base },
    feedLinks: { rss: `${base}feeds/flash.xml${query}`, atom: `${base}feeds/flash.atom${query}` },
  });
  for (const item of items) {
    const url = `${base}api/v1/flash/${item.id}`;
    feed.addItem({
      id: url,
      link: url,
      title: escapeHtml(`${item.title} / ${item.titleEn}`),
      description: [
        `<p lang="zh-CN">${escapeHtml(item.content)}</p>`,
        `<p lang="en">${escapeHtml(item.contentEn)}</p>`,
        `<p>${generatorLine(item)}</p>`,
      ].join(''),
      date: new Date(item.time),
      category: [item.type, item.code, AI_GENERATED_CATEGORY].map((name) => ({ name, term: name })),
    });
  }
  return feed;
}
