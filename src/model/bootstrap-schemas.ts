/**
 * An app's start-up bundle (`/api/v1/bootstrap`): the site, the announcements in effect, the active storms and
 * disturbances in brief, the briefing, today in history and the versions, each as its own endpoint answers it.
 */
import { z } from 'zod';
import { warningsBriefSchema } from './warning-answer-schemas.ts';
import { announcementSchema, siteConfigSchema, versionsFileSchema } from './content-schemas.ts';
import { disturbanceBriefSchema, disturbanceFreshnessSchema } from './disturbance-answer-schemas.ts';
import { aiGeneratedSchema, generatorSchema } from './flash-schemas.ts';
import { activeStormSchema, liveListSchema } from './live-schemas.ts';
import { todayEntrySchema, todayInHistorySchema } from './typhoon-schemas.ts';

export const bootstrapSchema = z.object({
  site: siteConfigSchema.describe("The service's name, links and notices"),
  announcements: z
    .object({
      list: z.array(announcementSchema).describe('The announcements in effect today'),
      total: z.number().int().describe('Announcements in effect'),
    })
    .describe('Announcements to show'),
  typhoons: z
    .object({
      list: z.array(activeStormSchema).describe('The active storms, in brief'),
      total: z.number().int().describe('Number of active storms'),
      fetchedAt: z.string().nullable().describe('When the live data was fetched; null before the first fetch'),
      publishedAt: liveListSchema.shape.publishedAt,
      stale: liveListSchema.shape.stale,
      staleReason: liveListSchema.shape.staleReason,
      upstream: liveListSchema.shape.upstream,
    })
    .describe('The active north-western Pacific storms in brief, with their freshness (as /api/v1/typhoons)'),
  disturbances: disturbanceFreshnessSchema
    .extend({
      list: z.array(disturbanceBriefSchema).describe('Active tropical disturbances with a position (/api/v1/disturbances has them whole)'),
      total: z.number().int().describe('Number listed'),
    })
    .describe('Active tropical disturbances (invests) in brief'),
  warnings: warningsBriefSchema,
  briefing: z
    .object({
      text: z.string().describe("Chinese: the same text as /api/llm/summary's summary"),
      textEn: z.string().describe("English: the same text as /api/llm/summary's summaryEn"),
      generatedAt: z.string().describe('When the live data it describes was fetched'),
      publishedAt: liveListSchema.shape.publishedAt,
      aiGenerated: aiGeneratedSchema,
      generator: generatorSchema,
    })
    .nullable()
    .describe('null before the first refresh'),
  todayInHistory: z
    .object({
      date: todayInHistorySchema.shape.date,
      list: z.array(todayEntrySchema).describe('The first 5 of /api/v1/history/today'),
      total: todayInHistorySchema.shape.total,
    })
    .describe('Well-known storms of this calendar day in past years'),
  versions: versionsFileSchema.describe('The current version of each client platform'),
});
