/**
 * LB tags printed from the app (docs/decisions/217): the label presets — a PDF page is one label —
 * the query of one receipt's tag and the body of several receipts' tags in one PDF.
 */
import { z } from 'zod';
import { REQUIRED_MESSAGE, required } from './common';

export interface LbTagPreset {
  id: string;
  /** What the preset picker shows. */
  label: string;
  widthMm: number;
  heightMm: number;
  /** The printer's resolution: every bar is a whole number of its dots wide. */
  dpi: number;
}

const INCH_MM = 25.4;

/** Zebra-style thermal labels at both usual resolutions, and Brother's 62 × 29 mm (DK-11209, 300 dpi). */
export const LB_TAG_PRESETS = [
  { id: '2x1in-203dpi', label: '2 × 1 in, 203 dpi (Zebra)', widthMm: 2 * INCH_MM, heightMm: 1 * INCH_MM, dpi: 203 },
  { id: '2x1in-300dpi', label: '2 × 1 in, 300 dpi (Zebra)', widthMm: 2 * INCH_MM, heightMm: 1 * INCH_MM, dpi: 300 },
  { id: '4x6in-203dpi', label: '4 × 6 in, 203 dpi (Zebra)', widthMm: 4 * INCH_MM, heightMm: 6 * INCH_MM, dpi: 203 },
  { id: '4x6in-300dpi', label: '4 × 6 in, 300 dpi (Zebra)', widthMm: 4 * INCH_MM, heightMm: 6 * INCH_MM, dpi: 300 },
  { id: '62x29mm-300dpi', label: '62 × 29 mm, 300 dpi (Brother)', widthMm: 62, heightMm: 29, dpi: 300 },
] as const satisfies readonly LbTagPreset[];

export type LbTagPresetId = (typeof LB_TAG_PRESETS)[number]['id'];
const PRESET_IDS = LB_TAG_PRESETS.map((p) => p.id) as [LbTagPresetId, ...LbTagPresetId[]];

/** The smallest and most common thermal label. */
export const DEFAULT_LB_TAG_PRESET: LbTagPresetId = '2x1in-203dpi';

export function lbTagPreset(id: LbTagPresetId): LbTagPreset {
  return LB_TAG_PRESETS.find((p) => p.id === id) ?? LB_TAG_PRESETS[0];
}

/** A preset by its id; missing or empty means the default. */
export const lbTagPresetId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? DEFAULT_LB_TAG_PRESET : v),
  z.enum(PRESET_IDS, { error: () => `Choose one of ${PRESET_IDS.join(', ')}.` }),
);

/** `GET /api/receipts/{id}/lb_tag.pdf?preset=` */
export const lbTagQuery = z.object({ preset: lbTagPresetId });
export type LbTagQuery = z.infer<typeof lbTagQuery>;

/** One PDF holds at most this many tags (one page each). */
export const MAX_LB_TAGS = 500;
export const TOO_MANY_LB_TAGS = `At most ${MAX_LB_TAGS} tags at once.`;
export const LB_TAG_TWICE = 'Each receipt can be listed once.';

/** `POST /api/receipts/lb_tags.pdf`: the receipts' ids in the order their labels print. */
export const lbTagsBody = z.object({
  ids: required(
    z
      .array(z.uuid())
      .min(1, REQUIRED_MESSAGE)
      .max(MAX_LB_TAGS, TOO_MANY_LB_TAGS)
      .refine((ids) => new Set(ids).size === ids.length, LB_TAG_TWICE),
  ),
  preset: lbTagPresetId,
});
export type LbTagsBody = z.infer<typeof lbTagsBody>;

/** The file names: one receipt's tag is named by its LB number. */
export const lbTagFileName = (lbNumber: string) => `lb-tag-${lbNumber}.pdf`;
export const lbTagsFileName = (count: number) => `lb-tags-${count}.pdf`;
