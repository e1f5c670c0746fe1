/** The mint page's backgrounds the accent colour is drawn on: the white card and the dark hero. */
export const PAGE_LIGHT = '#ffffff';
export const PAGE_DARK = '#16112b';

/** WCAG AA for normal text. */
export const AA_TEXT_CONTRAST = 4.5;

const channels = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

const toHex = (rgb: readonly number[]) =>
  `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour mixed towards `target` by the smallest step that reads at `ratio` against `background`. */
function readableOn(hex: string, background: string, target: string): string {
  const from = channels(hex);
  const to = channels(target);
  for (let step = 0; step <= 20; step++) {
    const mixed = toHex(from.map((value, index) => value + ((to[index] as number) - value) * (step / 20)));
    if (contrastRatio(mixed, background) >= AA_TEXT_CONTRAST) return mixed;
  }
  return target;
}

/** The colours a mint page draws from the creator's accent, each readable where it is used. */
export interface AccentPalette {
  /** The accent itself: buttons, the progress bar, the banner's edge. */
  accent: string;
  /** Text on the accent: black or white, whichever contrasts more (always at least 4.5:1). */
  onAccent: string;
  /** The accent as text on the white card, darkened when needed to reach 4.5:1. */
  inkOnLight: string;
  /** The accent as text on the dark hero, lightened when needed to reach 4.5:1. */
  inkOnDark: string;
}

/**
 * The accessible palette of an accent colour (`#rrggbb`): text on the accent is black or white, and the
 * accent used as text is moved towards black or white only as far as WCAG AA needs, so any colour a
 * creator picks keeps the page readable.
 */
export function accentPalette(accent: string): AccentPalette {
  const color = accent.toLowerCase();
  const onAccent = contrastRatio(color, '#ffffff') >= contrastRatio(color, '#000000') ? '#ffffff' : '#000000';
  return {
    accent: color,
    onAccent,
    inkOnLight: readableOn(color, PAGE_LIGHT, '#000000'),
    inkOnDark: readableOn(color, PAGE_DARK, '#ffffff'),
  };
}
