import {
  accentPalette,
  contrastRatio,
  type Drop,
  linkProblem,
  MAX_GALLERY_IMAGES,
  MINT_PAGE_DESCRIPTION_MAX,
  MINT_PAGE_TITLE_MAX,
  type MintPageEditor,
  type MintPageSettings,
} from '@layerloom/api';

/** The editor's form as the creator types it: text as typed, checked on save (and shown live when valid). */
export interface MintPageDraft {
  title: string;
  description: string;
  website: string;
  x: string;
  discord: string;
  /** Off: the page keeps its own purple. */
  hasAccent: boolean;
  accentColor: string;
  /** An uploaded image's name; null: the collage (banner) or none (logo). */
  banner: string | null;
  logo: string | null;
  galleryMode: 'first' | 'chosen';
  galleryCount: number | null;
  /** Token numbers as typed: "3, 1, 7". */
  galleryTokens: string;
}

/** The accent the colour picker starts from when the page has none. */
export const DEFAULT_ACCENT = '#7c4dff';

/** Problems by field, keyed like the server's field paths (`links.website`, `gallery.tokenIds`). */
export type DraftErrors = Partial<Record<DraftField, string>>;
export type DraftField =
  | 'title'
  | 'description'
  | 'links.website'
  | 'links.x'
  | 'links.discord'
  | 'accentColor'
  | 'banner'
  | 'logo'
  | 'gallery.count'
  | 'gallery.tokenIds';

/** The form's values for saved settings. */
export function draftFromSettings(settings: MintPageSettings): MintPageDraft {
  return {
    title: settings.title,
    description: settings.description,
    website: settings.links.website ?? '',
    x: settings.links.x ?? '',
    discord: settings.links.discord ?? '',
    hasAccent: settings.accentColor !== null,
    accentColor: settings.accentColor ?? DEFAULT_ACCENT,
    banner: settings.banner,
    logo: settings.logo,
    galleryMode: settings.gallery.mode,
    galleryCount: settings.gallery.mode === 'first' ? settings.gallery.count : 12,
    galleryTokens: settings.gallery.mode === 'chosen' ? settings.gallery.tokenIds.join(', ') : '',
  };
}

const HEX = /^#[0-9a-f]{6}$/i;

/** Token numbers from "3, 1 7", or the reason they cannot be used. */
export function parseTokenIds(text: string, size: number): { ids: number[] } | { problem: string } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return { problem: 'Enter the token numbers to show, like 3, 1, 7' };
  const ids: number[] = [];
  for (const part of parts) {
    const id = Number(part);
    if (!/^\d+$/.test(part) || id < 1) return { problem: `"${part}" is not a token number` };
    if (id > size) return { problem: `No token #${id}: the collection has tokens 1 to ${size}` };
    if (ids.includes(id)) return { problem: `Token #${id} is listed twice` };
    ids.push(id);
  }
  if (ids.length > MAX_GALLERY_IMAGES) return { problem: `Choose at most ${MAX_GALLERY_IMAGES} tokens` };
  return { ids };
}

/**
 * Checks the form with the server's rules and gives the settings to save, or a message per field.
 * `size` is the collection's token count.
 */
export function checkDraft(
  draft: MintPageDraft,
  size: number,
): { settings: MintPageSettings; errors: DraftErrors } | { settings: null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const title = draft.title.trim();
  const description = draft.description.trim();
  if (title.length > MINT_PAGE_TITLE_MAX)
    errors.title = `Keep the title under ${MINT_PAGE_TITLE_MAX} characters`;
  if (description.length > MINT_PAGE_DESCRIPTION_MAX) {
    errors.description = `Keep the description under ${MINT_PAGE_DESCRIPTION_MAX} characters`;
  }
  const links = { website: null as string | null, x: null as string | null, discord: null as string | null };
  for (const kind of ['website', 'x', 'discord'] as const) {
    const value = draft[kind].trim();
    if (value === '') continue;
    const problem = linkProblem(kind, value);
    if (problem) errors[`links.${kind}`] = problem;
    else links[kind] = value;
  }
  const accent = draft.accentColor.trim();
  if (draft.hasAccent && !HEX.test(accent)) errors.accentColor = 'Use a hex colour like #7c3aed';
  let gallery: MintPageSettings['gallery'] = { mode: 'first', count: Math.min(12, size) };
  if (draft.galleryMode === 'first') {
    const count = draft.galleryCount;
    const most = Math.min(MAX_GALLERY_IMAGES, size);
    if (count === null || !Number.isInteger(count) || count < 1 || count > most) {
      errors['gallery.count'] = `Show between 1 and ${most} images`;
    } else gallery = { mode: 'first', count };
  } else {
    const parsed = parseTokenIds(draft.galleryTokens, size);
    if ('problem' in parsed) errors['gallery.tokenIds'] = parsed.problem;
    else gallery = { mode: 'chosen', tokenIds: parsed.ids };
  }
  if (Object.keys(errors).length > 0) return { settings: null, errors };
  return {
    settings: {
      title,
      description,
      links,
      accentColor: draft.hasAccent ? accent.toLowerCase() : null,
      banner: draft.banner,
      logo: draft.logo,
      gallery,
    },
    errors,
  };
}

/** What the editor says about an accent: the text colour picked for it and the contrast it reaches. */
export function accentReadout(accent: string): string | null {
  if (!HEX.test(accent)) return null;
  const { onAccent } = accentPalette(accent);
  const ratio = contrastRatio(accent, onAccent);
  return `Text on this colour is ${onAccent === '#ffffff' ? 'white' : 'black'} (contrast ${ratio.toFixed(1)}:1, WCAG AA).`;
}

/**
 * The page as it will look with the form's values, with the published drop's contract when there is one.
 * Values the form cannot save yet are left as
 * the page would show them without that field.
 */
export function previewDrop(editor: MintPageEditor, draft: MintPageDraft, published?: Drop): Drop {
  const valid = checkDraft(draft, editor.size);
  const links = { website: null as string | null, x: null as string | null, discord: null as string | null };
  for (const kind of ['website', 'x', 'discord'] as const) {
    const value = draft[kind].trim();
    if (value !== '' && !linkProblem(kind, value)) links[kind] = value;
  }
  const accent = draft.accentColor.trim();
  const ids = (() => {
    if (valid.settings) {
      const { gallery } = valid.settings;
      return gallery.mode === 'first'
        ? Array.from({ length: Math.min(gallery.count, editor.size) }, (_, index) => index + 1)
        : gallery.tokenIds;
    }
    const chosen = draft.galleryMode === 'chosen' ? parseTokenIds(draft.galleryTokens, editor.size) : null;
    if (chosen && 'ids' in chosen) return chosen.ids;
    const count = draft.galleryMode === 'first' && draft.galleryCount ? draft.galleryCount : 12;
    return Array.from(
      { length: Math.max(1, Math.min(count, MAX_GALLERY_IMAGES, editor.size)) },
      (_, index) => index + 1,
    );
  })();
  // The owner's copies: a published drop's hosted images may be withheld until its reveal.
  const imageBase = editor.tokenImageBaseUrl;
  const title = draft.title.trim().slice(0, MINT_PAGE_TITLE_MAX) || editor.collectionName;
  return {
    slug: editor.slug ?? 'preview',
    name: editor.collectionName,
    description: draft.description.trim() || editor.collectionDescription,
    size: editor.size,
    width: editor.width,
    height: editor.height,
    images: ids.map((id) => `${imageBase}${id}.png`),
    imageTokenIds: ids,
    metadataBaseUri: published?.metadataBaseUri ?? '',
    contract: published?.contract ?? null,
    walletConnectProjectId: published?.walletConnectProjectId ?? null,
    page: {
      title,
      bannerUrl: draft.banner
        ? `${editor.imageBaseUrl}${draft.banner}`
        : editor.isCollageHidden
          ? null
          : editor.collageUrl,
      logoUrl: draft.logo ? `${editor.imageBaseUrl}${draft.logo}` : null,
      accentColor: draft.hasAccent && HEX.test(accent) ? accent.toLowerCase() : null,
      links,
    },
  };
}
