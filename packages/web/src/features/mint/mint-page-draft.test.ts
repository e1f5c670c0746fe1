import type { MintPageEditor } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import {
  accentReadout,
  checkDraft,
  DEFAULT_ACCENT,
  draftFromSettings,
  type MintPageDraft,
  parseTokenIds,
  previewDrop,
} from './mint-page-draft.ts';

const editor: MintPageEditor = {
  settings: {
    title: '',
    description: '',
    links: { website: null, x: null, discord: null },
    accentColor: null,
    banner: null,
    logo: null,
    gallery: { mode: 'first', count: 6 },
  },
  collectionName: 'Loom Cats',
  collectionDescription: 'Cats, woven.',
  size: 6,
  width: 64,
  height: 64,
  slug: null,
  imageBaseUrl: '/api/v1/collections/c1/mint-page/images/',
  collageUrl: '/api/v1/collections/c1/mint-page/images/collage.webp',
  isCollageHidden: false,
  tokenImageBaseUrl: '/api/v1/collections/c1/images/',
  updatedAt: null,
};

const draft = (change: Partial<MintPageDraft> = {}): MintPageDraft => ({
  ...draftFromSettings(editor.settings),
  ...change,
});

describe('the mint page draft', () => {
  it('starts from the saved settings, with the default accent ready in the picker', () => {
    expect(draft()).toMatchObject({
      title: '',
      hasAccent: false,
      accentColor: DEFAULT_ACCENT,
      galleryCount: 6,
    });
  });

  it('gives the settings to save when every field is valid', () => {
    const checked = checkDraft(
      draft({
        title: '  Loom Cats: the drop ',
        website: 'https://loomcats.example',
        x: 'https://twitter.com/loomcats',
        hasAccent: true,
        accentColor: '#E4572E',
        galleryMode: 'chosen',
        galleryTokens: '3, 1 6',
      }),
      editor.size,
    );
    expect(checked.errors).toEqual({});
    expect(checked.settings).toEqual({
      title: 'Loom Cats: the drop',
      description: '',
      links: { website: 'https://loomcats.example', x: 'https://twitter.com/loomcats', discord: null },
      accentColor: '#e4572e',
      banner: null,
      logo: null,
      gallery: { mode: 'chosen', tokenIds: [3, 1, 6] },
    });
  });

  it('names each field that cannot be saved, with the reason', () => {
    const checked = checkDraft(
      draft({
        website: 'http://loomcats.example',
        x: 'https://evil.example/loomcats',
        discord: 'discord',
        hasAccent: true,
        accentColor: 'orange',
        galleryCount: 7,
      }),
      editor.size,
    );
    expect(checked.settings).toBeNull();
    expect(checked.errors).toEqual({
      'links.website': 'Use an https:// address',
      'links.x': 'Use a link on x.com or twitter.com',
      'links.discord': 'Enter a full address starting with https://',
      accentColor: 'Use a hex colour like #7c3aed',
      'gallery.count': 'Show between 1 and 6 images',
    });
  });

  it('reads chosen token numbers and says which one is wrong', () => {
    expect(parseTokenIds('3,1;2', 6)).toEqual({ ids: [3, 1, 2] });
    expect(parseTokenIds('3, 9', 6)).toEqual({ problem: 'No token #9: the collection has tokens 1 to 6' });
    expect(parseTokenIds('3, 3', 6)).toEqual({ problem: 'Token #3 is listed twice' });
    expect(parseTokenIds('two', 6)).toEqual({ problem: '"two" is not a token number' });
    expect(parseTokenIds(' ', 6)).toEqual({ problem: 'Enter the token numbers to show, like 3, 1, 7' });
  });

  it('says which text colour an accent gets and that it is readable', () => {
    expect(accentReadout('#ffd400')).toMatch(
      /^Text on this colour is black \(contrast \d+\.\d:1, WCAG AA\)\.$/,
    );
    expect(accentReadout('#1d3557')).toMatch(/^Text on this colour is white/);
    expect(accentReadout('#12')).toBeNull();
    for (const color of ['#777777', '#ff0000', '#00ff00', '#0000ff', '#7f7f7f', '#e4572e']) {
      const [, ratio] = /contrast (\d+\.\d)/.exec(accentReadout(color) ?? '') ?? [];
      expect(Number(ratio)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('previews the unsaved values on the page, leaving out what is not valid yet', () => {
    const preview = previewDrop(
      editor,
      draft({
        title: 'New title',
        banner: 'banner-aaaaaaaaaaaaaaaaaaaaaaaa.webp',
        website: 'https://loomcats.example',
        x: 'https://x.co',
        hasAccent: true,
        accentColor: '#1d3557',
        galleryMode: 'chosen',
        galleryTokens: '2, 5',
      }),
    );
    expect(preview.page).toEqual({
      title: 'New title',
      bannerUrl: '/api/v1/collections/c1/mint-page/images/banner-aaaaaaaaaaaaaaaaaaaaaaaa.webp',
      logoUrl: null,
      accentColor: '#1d3557',
      links: { website: 'https://loomcats.example', x: null, discord: null },
    });
    expect(preview.images).toEqual([
      '/api/v1/collections/c1/images/2.png',
      '/api/v1/collections/c1/images/5.png',
    ]);
    expect(preview.description).toBe('Cats, woven.');
    const untitled = previewDrop(editor, draft({ hasAccent: true, accentColor: '#abc' }));
    expect(untitled.page).toMatchObject({
      title: 'Loom Cats',
      bannerUrl: editor.collageUrl,
      accentColor: null,
    });
    expect(untitled.images).toHaveLength(6);
    // Before a pre-reveal drop's reveal the public page has no collage banner, and neither has the preview.
    expect(previewDrop({ ...editor, isCollageHidden: true }, draft()).page.bannerUrl).toBeNull();
  });
});
