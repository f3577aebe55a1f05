/**
 * Content in content/: news and knowledge articles (Markdown with YAML frontmatter), announcements, the site
 * configuration and client versions. The frontmatter schemas validate the files at build time; the item
 * schemas are what the API returns.
 */
import { z } from 'zod';

export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(80)
  .describe('URL-safe identifier: lower-case ASCII words joined by hyphens');
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` names a day of the calendar: month 01–12, day within that month (2026-02-30 does not exist). */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isoDate = z
  .string()
  .regex(ISO_DATE, 'expected a date written YYYY-MM-DD')
  // The format has its own message; this one is only about dates in the right format that do not exist.
  .refine((text) => !ISO_DATE.test(text) || isCalendarDate(text), { error: (issue) => `${String(issue.input)} is not a calendar date` })
  .describe('Calendar date YYYY-MM-DD (Beijing)');

export const contentSourceSchema = z
  .object({
    title: z.string().min(1).describe("The source's title"),
    publisher: z.string().min(1).describe('Who published it'),
    url: z.url().optional().describe('Where to read it; absent when it is not online'),
  })
  .meta({ id: 'ContentSource' });

const titleField = z.string().min(1).max(120).describe('Title, at most 120 characters');
const summaryField = z.string().min(1).max(300).describe('Summary, at most 300 characters');
const tagsField = z.array(z.string().min(1)).default([]).describe('Tags; empty when none');
const sourcesField = z.array(contentSourceSchema).min(1).describe('What the text is based on, at least one');

export const newsFrontmatterSchema = z.strictObject({
  title: titleField,
  date: isoDate,
  summary: summaryField,
  typhoon: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  tags: tagsField,
  sources: sourcesField,
});

export const KNOWLEDGE_CATEGORIES = ['basics', 'data', 'agencies', 'warnings', 'safety', 'history'] as const;

export const knowledgeFrontmatterSchema = z.strictObject({
  title: titleField,
  summary: summaryField,
  category: z.enum(KNOWLEDGE_CATEGORIES).describe('Its category'),
  tags: tagsField,
  updated: isoDate,
  sources: sourcesField,
});

const announcementFields = z.strictObject({
  title: titleField,
  level: z.enum(['info', 'warning', 'critical']).describe('How prominently a client shows it'),
  from: isoDate.describe('First day shown'),
  until: isoDate.optional().describe('Last day shown; open-ended when absent'),
});

/** An announcement is shown from `from` to `until`: a last day before the first would never show. */
export const announcementFrontmatterSchema = announcementFields.refine(
  (a) => a.until === undefined || !isCalendarDate(a.until) || !isCalendarDate(a.from) || a.until >= a.from,
  {
    path: ['until'],
    error: (issue) => {
      const { from, until } = issue.input as { from: string; until: string };
      return `until (${until}) is before from (${from}): the announcement would never be shown`;
    },
  },
);

const markdownBody = z.string().describe('Article body in Markdown (CommonMark)');

export const newsItemSchema = newsFrontmatterSchema
  .extend({
    slug: slugSchema,
    body: markdownBody,
    typhoon: z.string().nullable().describe('The code of the storm the item is about; null when it is about none'),
  })
  .meta({ id: 'NewsItem' });
export const newsSummarySchema = newsItemSchema.omit({ body: true }).meta({ id: 'NewsSummary' });
export const knowledgeItemSchema = knowledgeFrontmatterSchema
  .extend({ slug: slugSchema, body: markdownBody })
  .meta({ id: 'KnowledgeItem' });
export const knowledgeSummarySchema = knowledgeItemSchema.omit({ body: true }).meta({ id: 'KnowledgeSummary' });
export const announcementSchema = announcementFields
  .extend({
    slug: slugSchema,
    body: markdownBody,
    until: z.string().nullable().describe('Last day shown (YYYY-MM-DD, Beijing); null when open-ended'),
  })
  .meta({ id: 'Announcement' });

export const PLATFORMS = ['android', 'ios', 'harmony'] as const;
export const platformSchema = z.enum(PLATFORMS).describe('Client platform').meta({ id: 'Platform' });
export type Platform = (typeof PLATFORMS)[number];

const semverText = z
  .string()
  .regex(/^\d+\.\d+\.\d+$/)
  .describe('Semantic version x.y.z');

export const platformVersionSchema = z
  .strictObject({
    latest: semverText,
    min: semverText.describe('Clients below this version must update'),
    url: z.url().describe('Where to get the latest version'),
    notes: z.string().describe('Release notes of the latest version'),
  })
  .describe("A client platform's latest version, and the minimum version a client must run")
  .meta({ id: 'PlatformVersion' });

export const versionsFileSchema = z.strictObject(
  Object.fromEntries(PLATFORMS.map((p) => [p, platformVersionSchema])) as Record<(typeof PLATFORMS)[number], typeof platformVersionSchema>,
);

export const versionAnswerSchema = platformVersionSchema
  .extend({
    platform: platformSchema,
    current: semverText.nullable().describe('The version the client said it runs (query `current`)'),
    updateAvailable: z.boolean().nullable().describe('current < latest; null without `current`'),
    forceUpdate: z.boolean().nullable().describe('current < min; null without `current`'),
  })
  .meta({ id: 'VersionAnswer' });

export const siteConfigSchema = z
  .strictObject({
    name: z.string().describe("The service's name, Chinese"),
    nameEn: z.string().describe("The service's name, English"),
    homepage: z.url().describe('Its home page'),
    contact: z.string().describe('How to reach the maintainers'),
    disclaimer: z.string().describe('The disclaimer to show, Chinese'),
    dataNotice: z.string().describe("The data's credits and terms to show, English"),
    creditRequest: z.string().describe('How to credit the service when quoting its data, Chinese'),
  })
  .meta({ id: 'SiteConfig' });

const pageFieldsSchema = z
  .object({
    list: z.array(z.unknown()).describe('The items of this page; empty past the last page'),
    total: z.number().int().describe('Items in the whole list'),
    page: z.number().int().describe('This page, from 1'),
    size: z.number().int().describe('Items per page, 1–50'),
    pages: z.number().int().describe('Number of pages'),
  })
  .meta({ id: 'Page' });

/** A page of a paged list: one Page schema, whatever the items (an `allOf` in JSON Schema). */
export const pageSchema = <T extends z.ZodType>(item: T) => z.intersection(pageFieldsSchema, z.object({ list: z.array(item) }));

export type NewsItem = z.infer<typeof newsItemSchema>;
export type KnowledgeItem = z.infer<typeof knowledgeItemSchema>;
export type Announcement = z.infer<typeof announcementSchema>;
export type VersionsFile = z.infer<typeof versionsFileSchema>;
export type SiteConfig = z.infer<typeof siteConfigSchema>;
