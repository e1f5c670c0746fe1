import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, accentPalette, contrastRatio, PAGE_DARK, PAGE_LIGHT } from './accent-color.ts';
import { linkProblem, MintPageSettingsSchema } from './mint-page.ts';

describe('accent colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('keeps every use of any accent readable at AA', () => {
    for (let r = 0; r < 256; r += 51) {
      for (let g = 0; g < 256; g += 51) {
        for (let b = 0; b < 256; b += 51) {
          const color = `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
          const palette = accentPalette(color);
          expect(contrastRatio(palette.accent, palette.onAccent)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
          expect(contrastRatio(palette.inkOnLight, PAGE_LIGHT)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
          expect(contrastRatio(palette.inkOnDark, PAGE_DARK)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
        }
      }
    }
  });

  it('leaves a colour that already reads well as it is', () => {
    expect(accentPalette('#1D3557')).toMatchObject({
      accent: '#1d3557',
      onAccent: '#ffffff',
      inkOnLight: '#1d3557',
    });
    expect(accentPalette('#ffd400')).toMatchObject({ onAccent: '#000000', inkOnDark: '#ffd400' });
  });
});

describe('mint page settings', () => {
  it('accepts https links on the right sites only', () => {
    expect(linkProblem('website', 'https://cats.example/drop')).toBeNull();
    expect(linkProblem('website', 'http://cats.example')).toBe('Use an https:// address');
    expect(linkProblem('website', 'javascript:alert(1)')).toBe('Use an https:// address');
    expect(linkProblem('website', 'https://user:pw@cats.example')).toMatch(/user name or password/);
    expect(linkProblem('x', 'https://www.x.com/cats')).toBeNull();
    expect(linkProblem('x', 'https://x.com.evil.example/cats')).toBe('Use a link on x.com or twitter.com');
    expect(linkProblem('discord', 'https://discord.gg/abc')).toBeNull();
  });

  it('names the field of each problem', () => {
    const result = MintPageSettingsSchema.safeParse({
      title: 'ok',
      description: '',
      links: { website: 'ftp://cats.example', x: '', discord: null },
      accentColor: 'red',
      banner: '../../etc/passwd',
      logo: null,
      gallery: { mode: 'chosen', tokenIds: [1, 1] },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'accentColor',
      'banner',
      'gallery.tokenIds',
      'links.website',
    ]);
  });
});
