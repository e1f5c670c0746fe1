import { type MetadataFormatSettings, MetadataFormatSettingsSchema } from '@layerloom/api';

// The contract's check of a project's metadata settings, loaded on first need (metadata-check.ts).

/** The first problem the server would find with the settings, or null when it would save them. */
export function metadataSettingsProblem(metadata: MetadataFormatSettings): { message: string } | null {
  const issue = MetadataFormatSettingsSchema.safeParse(metadata).error?.issues[0];
  return issue ? { message: issue.message } : null;
}
