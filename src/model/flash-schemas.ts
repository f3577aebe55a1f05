/**
 * Response shapes of program-written text: flash items, and the fields every AI-generated text carries
 * (`aiGenerated`, `generator`). Kept here, beside the other schemas, so the route table needs no store code.
 */
import { z } from 'zod';

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
    'template: the deterministic generator, from the data alone; llm: rephrased by a language model during the scheduled run and kept because it passed every check (docs/generated-text.md)',
  );

export const flashItemSchema = z
  .object({
    id: z
      .string()
      .regex(/^[0-9a-f]{12}$/)
      .describe('Stable id derived from the event'),
    code: z.string().describe('Typhoon code, global cyclone id or disturbance id'),
    type: z.enum(EVENT_TYPES),
    time: z.string().describe('When the event happened (ISO 8601 with offset)'),
    title: z.string(),
    content: z.string(),
    titleEn: z.string(),
    contentEn: z.string(),
    aiGenerated: z
      .literal(true)
      .describe('Always true: a program wrote the text (the template generator or a language model; see generator)'),
    generator: z
      .enum(GENERATORS)
      .describe(
        'template: the deterministic generator; llm: rephrased by a language model during the scheduled run and kept because it passed every check (src/flash/llm.ts)',
      ),
    createdAt: z.string(),
  })
  .meta({ id: 'FlashItem' });
export type FlashItem = z.infer<typeof flashItemSchema>;
