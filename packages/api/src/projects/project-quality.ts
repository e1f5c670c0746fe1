import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { ProjectIdParamsSchema } from './project.ts';

/** What a quality finding is about. */
export const QualityFindingKindSchema = z.enum([
  'empty',
  'hides-everything',
  'size-and-placement',
  'never-visible',
  'look-alike',
  'impossible',
]);
export type QualityFindingKind = z.infer<typeof QualityFindingKindSchema>;

/** `blocks`: the collection would show something wrong; `warns`: probably a mistake; `notes`: worth a look. */
export const QualitySeveritySchema = z.enum(['blocks', 'warns', 'notes']);
export type QualitySeverity = z.infer<typeof QualitySeveritySchema>;

/** A trait a finding names, with its id for the trait's thumbnail. */
export const QualityTraitSchema = z.object({
  layerId: z.string(),
  layer: z.string(),
  traitId: z.string(),
  trait: z.string(),
});
export type QualityTrait = z.infer<typeof QualityTraitSchema>;

/** One thing to look at in the layers before generating: what is wrong, in plain words, and the fix. */
export const QualityFindingSchema = z.object({
  kind: QualityFindingKindSchema,
  severity: QualitySeveritySchema,
  traits: z.array(QualityTraitSchema),
  message: z.string(),
  fix: z.string(),
});
export type QualityFinding = z.infer<typeof QualityFindingSchema>;

/** The layer quality of a project, worst findings first. */
export const ProjectQualitySchema = z.object({
  findings: z.array(QualityFindingSchema),
  /** Trait images analysed. */
  analysed: z.number().int(),
  /** Traits whose image could not be analysed (a video, for one), with why; their visual checks were skipped. */
  skipped: z.array(QualityTraitSchema.extend({ reason: z.string() })),
});
export type ProjectQuality = z.infer<typeof ProjectQualitySchema>;

/** `GET /api/v1/projects/{id}/quality`: the layer quality findings of the saved project (same checks as `layerloom check`). */
export const checkProjectQuality = {
  method: 'GET',
  path: '/api/v1/projects/:id/quality',
  params: ProjectIdParamsSchema,
  response: successSchema(ProjectQualitySchema),
} as const;
