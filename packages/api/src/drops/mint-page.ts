import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/** Most gallery images a mint page shows. */
export const MAX_GALLERY_IMAGES = 48;
export const MINT_PAGE_TITLE_MAX = 80;
export const MINT_PAGE_DESCRIPTION_MAX = 2000;
/** Largest banner or logo upload, in bytes. */
export const MINT_PAGE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** Hosts each social link may point at (with or without `www.`). */
const LINK_HOSTS = {
  website: null,
  x: ['x.com', 'twitter.com'],
  discord: ['discord.gg', 'discord.com'],
} as const;

/** Why a link cannot be used, or null when it is a valid https URL on the expected site. */
export function linkProblem(kind: keyof typeof LINK_HOSTS, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a full address starting with https://';
  }
  if (url.protocol !== 'https:') return 'Use an https:// address';
  if (url.username || url.password) return 'The address must not contain a user name or password';
  if (!url.hostname.includes('.')) return 'Enter a full address with a domain name';
  const hosts = LINK_HOSTS[kind];
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (hosts && !(hosts as readonly string[]).includes(host)) {
    return `Use a link on ${hosts.join(' or ')}`;
  }
  return null;
}

const linkSchema = (kind: keyof typeof LINK_HOSTS) =>
  z
    .string()
    .trim()
    .max(300, 'Keep the address under 300 characters')
    .superRefine((value, context) => {
      const problem = value === '' ? null : linkProblem(kind, value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => (value === '' ? null : value))
    .nullable();

/** The creator's links shown on the page; null (or empty) hides one. */
export const MintPageLinksSchema = z.object({
  website: linkSchema('website'),
  x: linkSchema('x'),
  discord: linkSchema('discord'),
});
export type MintPageLinks = z.output<typeof MintPageLinksSchema>;

export const AccentColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a hex colour like #7c3aed')
  .transform((value) => value.toLowerCase());

/** Which of the collection's images the page shows: the first N, or tokens the creator picked. */
export const MintPageGallerySchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('first'),
    count: z
      .number()
      .int('Use a whole number of images')
      .min(1, 'Show at least one image')
      .max(MAX_GALLERY_IMAGES, `Show at most ${MAX_GALLERY_IMAGES} images`),
  }),
  z.object({
    mode: z.literal('chosen'),
    tokenIds: z
      .array(z.number().int('Token numbers are whole numbers').min(1, 'Token numbers start at 1'))
      .min(1, 'Choose at least one token')
      .max(MAX_GALLERY_IMAGES, `Choose at most ${MAX_GALLERY_IMAGES} tokens`)
      .refine((ids) => new Set(ids).size === ids.length, 'A token is listed twice'),
  }),
]);
export type MintPageGallery = z.infer<typeof MintPageGallerySchema>;

/** An uploaded banner or logo of the collection, by the name its upload answered. */
export const MintPageImageNameSchema = z
  .string()
  .regex(/^(banner|logo)-[0-9a-f]{24}\.webp$/, 'Upload the image again: this one is not known');

/** What the creator sets on the public mint page. Empty title/description fall back to the collection's. */
export const MintPageSettingsSchema = z.object({
  title: z.string().trim().max(MINT_PAGE_TITLE_MAX, `Keep the title under ${MINT_PAGE_TITLE_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(MINT_PAGE_DESCRIPTION_MAX, `Keep the description under ${MINT_PAGE_DESCRIPTION_MAX} characters`),
  links: MintPageLinksSchema,
  /** Null: the page's own purple. */
  accentColor: AccentColorSchema.nullable(),
  /** Null: the collection's collage. */
  banner: MintPageImageNameSchema.nullable(),
  /** Null: no logo. */
  logo: MintPageImageNameSchema.nullable(),
  gallery: MintPageGallerySchema,
});
export type MintPageSettings = z.output<typeof MintPageSettingsSchema>;
export type MintPageSettingsInput = z.input<typeof MintPageSettingsSchema>;

/** The saved settings as answered (no transforms, so a response can be serialised with it). */
export const MintPageSettingsViewSchema = z.object({
  title: z.string(),
  description: z.string(),
  links: z.object({
    website: z.string().nullable(),
    x: z.string().nullable(),
    discord: z.string().nullable(),
  }),
  accentColor: z.string().nullable(),
  banner: z.string().nullable(),
  logo: z.string().nullable(),
  gallery: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('first'), count: z.number().int() }),
    z.object({ mode: z.literal('chosen'), tokenIds: z.array(z.number().int()) }),
  ]),
});

/** The page as its owner edits it, with what the editor needs to preview it before it is saved. */
export const MintPageEditorSchema = z.object({
  settings: MintPageSettingsViewSchema,
  /** The collection's name and description, used when the title or description is left empty. */
  collectionName: z.string(),
  collectionDescription: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** The public slug once published; the page is not public before. */
  slug: z.string().nullable(),
  /** The owner's URL of an uploaded image by name (`…/images/{name}`), and of the collage banner. */
  imageBaseUrl: z.string(),
  collageUrl: z.string(),
  /** True while the published drop's art is hidden until its reveal: the collage is not shown publicly. */
  isCollageHidden: z.boolean(),
  /** The owner's URL of token N's image is `tokenImageBaseUrl + N + '.png'`. */
  tokenImageBaseUrl: z.string(),
  updatedAt: z.string().nullable(),
});
export type MintPageEditor = z.infer<typeof MintPageEditorSchema>;

const CollectionParamsSchema = z.object({ id: z.string().min(1) });

/** `GET /api/v1/collections/{id}/mint-page`: the owner's mint page settings (defaults before any save). */
export const getMintPage = {
  method: 'GET',
  path: '/api/v1/collections/:id/mint-page',
  params: CollectionParamsSchema,
  response: successSchema(z.object({ page: MintPageEditorSchema })),
} as const;

/** `PUT /api/v1/collections/{id}/mint-page`: saves the settings; a published page shows them at once. */
export const updateMintPage = {
  method: 'PUT',
  path: '/api/v1/collections/:id/mint-page',
  params: CollectionParamsSchema,
  body: MintPageSettingsSchema,
  response: successSchema(z.object({ page: MintPageEditorSchema })),
} as const;

export const MintPageImageKindSchema = z.enum(['banner', 'logo']);
export type MintPageImageKind = z.infer<typeof MintPageImageKindSchema>;

/**
 * `POST /api/v1/collections/{id}/mint-page/{kind}` (multipart field "file"): stores a banner or logo
 * (PNG, JPEG, GIF or WebP), resized and as WebP; the settings use it once saved with its `name`.
 */
export const uploadMintPageImage = {
  method: 'POST',
  path: '/api/v1/collections/:id/mint-page/:kind',
  params: z.object({ id: z.string().min(1), kind: MintPageImageKindSchema }),
  response: successSchema(z.object({ image: z.object({ name: z.string(), url: z.string() }) })),
} as const;
