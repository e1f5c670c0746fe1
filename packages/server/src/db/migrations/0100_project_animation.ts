import type { Kysely } from 'kysely';

/**
 * Animated output settings of a project (JSON: format, frame rate, duration, poster frame, GIF
 * dithering). Existing projects get `{}`: the defaults (WebP at 12 fps, as long as the longest layer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('animation', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('animation').execute();
}
