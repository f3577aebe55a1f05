/** The answer of the live list: the snapshot's storms plus when and from where they were fetched. */
import { z } from 'zod';
import { globalCycloneSchema } from './global-schemas.ts';
import { trackPointSchema, typhoonSchema } from './schemas.ts';

export const liveListSchema = z.object({
  typhoons: z.array(typhoonSchema).describe('Active storms; empty when none is active (see upstream)'),
  total: z.number().int().describe('Number of active storms'),
  fetchedAt: z.string().nullable().describe('When the snapshot was fetched (+08:00); null before the first successful refresh'),
  source: z.enum(['zj-live', 'nmc']).nullable().describe('Upstream of the snapshot: the Zhejiang service, or NMC as failover'),
  stale: z.boolean().describe('true when the latest refresh failed, was stopped, or is overdue, and this is the last good data'),
  staleReason: z.string().nullable().describe('Why the answer is stale, in words; null when it is not'),
  upstream: z.enum(['ok', 'unavailable', 'never-fetched']).describe('ok: the list is current (an empty list means no active storm); unavailable: the upstreams failed'),
}).meta({ id: 'LiveList' });

/** One active storm in brief (bootstrap): its latest position and intensity. */
export const activeStormSchema = typhoonSchema
  .pick({ code: true, name: true, enname: true })
  .extend(trackPointSchema.pick({ time: true, lat: true, lng: true, grade: true, strong: true, speed: true, pressure: true, moveDir: true, moveSpeed: true }).shape)
  .meta({ id: 'ActiveStorm' });

const sourceStateSchema = z.object({
  fetchedAt: z.string().nullable().describe('Last successful refresh of this source (UTC)'),
  stale: z.boolean().describe('The data of this source may be out of date (same rules as the typhoon list)'),
  staleReason: z.string().nullable().describe('Why it is stale, in words; null when it is not'),
  upstream: z.enum(['ok', 'unavailable', 'never-fetched']),
}).meta({ id: 'SourceState' });

/** The answer of the global live list. */
export const globalListSchema = z.object({
  typhoons: z.array(globalCycloneSchema).describe('Active cyclones outside the north-western Pacific'),
  total: z.number().int().describe('Number of active cyclones'),
  sources: z.object({ nhc: sourceStateSchema, jtwc: sourceStateSchema }),
}).meta({ id: 'GlobalList' });
