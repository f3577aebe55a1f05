/**
 * Response shapes of program-written text: flash items, and the fields every AI-generated text carries
 * (`aiGenerated`, `generator`), and the answers made of them: the web news list, the feeds and the live summary.
 * Kept here, beside the other schemas, so the route table needs no store code.
 */
import { z } from 'zod';
import { globalBriefSchema } from './global-schemas.ts';
import { activeStormSchema, liveListSchema } from './live-schemas.ts';

export const EVENT_TYPES = [
  'numbered',
  'formed',
  'tracked',
  'upgraded',
  'downgraded',
  'landfall',
  'warning-48h',
  'dissipated',
  'global-formed',
  'global-tracked',
  'disturbance-alert',
  'disturbance-alert-cancelled',
  'disturbance-high',
  'disturbance-chance60',
  'warning-raised',
  'warning-changed',
  'warning-lowered',
  'warning-cancelled',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const GENERATORS = ['template', 'llm'] as const;
export type Generator = (typeof GENERATORS)[number];

/** Response fields, the same wherever a program wrote the text (flash items, the summary, the briefing). */
export const aiGeneratedSchema = z
  .literal(true)
  .describe('Always true: a program wrote this text, the template generator or a language model (see generator)');
export const generatorSchema = z
  .enum(GENERATORS)
  .describe(
    'template: the deterministic generator, from the data alone; llm: rephrased by a language model during the scheduled run and kept because it passed every check (docs/data/generated-text.md)',
  );

export const flashItemSchema = z
  .object({
    id: z
      .string()
      .regex(/^[0-9a-f]{12}$/)
      .describe('Stable id derived from the event'),
    code: z
      .string()
      .describe(
        'Typhoon code, global cyclone id or disturbance id; for a warning, the storm the agency named when it is active, else the agency (hko, jma, pagasa)',
      ),
    type: z
      .enum(EVENT_TYPES)
      .describe(
        "The event: numbered (a China number), formed (a tropical depression), upgraded or downgraded (its grade), landfall (a recorded one), warning-48h (it entered China's 48-hour warning line), dissipated, global-formed (a global cyclone), disturbance-alert and disturbance-alert-cancelled (a formation alert), disturbance-high (potential raised to HIGH), disturbance-chance60 (NHC's 7-day chance reached 60 percent), warning-raised, warning-changed, warning-lowered and warning-cancelled (an agency's signal or warning, as the agency said: docs/api/warnings.md)",
      ),
    time: z.string().describe('When the event happened (ISO 8601 with offset)'),
    title: z.string().describe('Headline, Chinese'),
    content: z.string().describe('The item, Chinese'),
    titleEn: z.string().describe('Headline, English'),
    contentEn: z.string().describe('The item, English'),
    aiGenerated: z
      .literal(true)
      .describe('Always true: a program wrote the text (the template generator or a language model; see generator)'),
    generator: z
      .enum(GENERATORS)
      .describe(
        'template: the deterministic generator; llm: rephrased by a language model during the scheduled run and kept because it passed every check (src/flash/llm.ts)',
      ),
    createdAt: z.string().describe('When this service wrote the item (ISO 8601, UTC)'),
  })
  .meta({ id: 'FlashItem' });
export type FlashItem = z.infer<typeof flashItemSchema>;

/** The web family's latest flash items (`/api/seo/news`), of one storm with `?code=`. */
export const seoNewsSchema = z.object({
  code: z.string().nullable().describe('The code asked for (?code=); null without one'),
  total: z.number().int().describe('Items matching'),
  news: z.array(flashItemSchema).describe('The items, newest first'),
});

/** The flash feeds: the documents themselves, text (`/feeds/flash.xml`, `/feeds/flash.atom`). */
export const rssFeedSchema = z
  .string()
  .describe(
    'An RSS 2.0 document: an <item> per flash item, <guid isPermaLink="false"> its API URL, <category>ai-generated</category> on each',
  );
export const atomFeedSchema = z
  .string()
  .describe('An Atom 1.0 document: an <entry> per flash item, <id> its API URL, <category term="ai-generated"/> on each');

/** The live summary (`/api/llm/summary`, `/api/v1/summary`): the text about the north-western Pacific with the data it describes. */
export const liveSummarySchema = z.object({
  summary: z
    .string()
    .describe(
      "Chinese text about the north-western Pacific, written by the scheduled run (the same text as bootstrap's briefing); before one is stored for the current data, the template text of the current live view",
    ),
  summaryEn: z.string().describe('English beside it'),
  typhoons: z.array(activeStormSchema).describe('The active north-western Pacific storms, in brief'),
  global: z.array(globalBriefSchema).describe('The active cyclones of the other basins, in brief'),
  fetchedAt: z.string().nullable().describe('When the north-western Pacific snapshot was fetched (+08:00); null before the first fetch'),
  publishedAt: liveListSchema.shape.publishedAt,
  stale: z.boolean().describe('true when the north-western Pacific snapshot is the last good data of a failed refresh'),
  aiGenerated: aiGeneratedSchema,
  generator: generatorSchema,
});
