import sharp from 'sharp';

/** One sample layer: its name and its trait images as files named the HashLips way (`Name#weight.png`). */
export interface SampleLayer {
  name: string;
  files: { filename: string; bytes: Buffer }[];
}

const SIZE = 512;

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 512 512">${body}</svg>`;

const backgrounds: [name: string, weight: number, top: string, bottom: string][] = [
  ['Dusk', 30, '#2d1b4e', '#e0607e'],
  ['Mint', 25, '#b8f2e6', '#5e9c8f'],
  ['Peach', 20, '#ffe5d0', '#f49d6e'],
  ['Sky', 15, '#cfe8ff', '#4a90d9'],
  ['Gold', 10, '#fff3b0', '#e0a526'],
];

const bodies: [name: string, weight: number, fill: string, shade: string][] = [
  ['Blue', 40, '#5b8def', '#3a64c4'],
  ['Green', 35, '#5cc98a', '#34995f'],
  ['Orange', 25, '#f29b4b', '#c8702a'],
];

const eyes: [name: string, weight: number, drawing: string][] = [
  [
    'Round',
    50,
    '<circle cx="206" cy="270" r="26" fill="#fff"/><circle cx="306" cy="270" r="26" fill="#fff"/>' +
      '<circle cx="212" cy="274" r="12" fill="#1d1d2b"/><circle cx="312" cy="274" r="12" fill="#1d1d2b"/>',
  ],
  [
    'Sleepy',
    30,
    '<path d="M180 276 q26 18 52 0" stroke="#1d1d2b" stroke-width="9" fill="none" stroke-linecap="round"/>' +
      '<path d="M280 276 q26 18 52 0" stroke="#1d1d2b" stroke-width="9" fill="none" stroke-linecap="round"/>',
  ],
  [
    'Star',
    20,
    '<path d="M206 246 l8 17 19 3 -14 13 3 19 -16 -9 -16 9 3 -19 -14 -13 19 -3z" fill="#ffd54a" stroke="#1d1d2b" stroke-width="4"/>' +
      '<path d="M306 246 l8 17 19 3 -14 13 3 19 -16 -9 -16 9 3 -19 -14 -13 19 -3z" fill="#ffd54a" stroke="#1d1d2b" stroke-width="4"/>',
  ],
];

const hats: [name: string, weight: number, drawing: string][] = [
  [
    'Cap',
    40,
    '<path d="M150 190 q106 -110 212 0z" fill="#e04f5f"/><rect x="150" y="182" width="262" height="18" rx="9" fill="#b83a48"/>',
  ],
  [
    'Beanie',
    30,
    '<path d="M160 196 q96 -130 192 0z" fill="#3d5a80"/><rect x="152" y="184" width="208" height="26" rx="10" fill="#98c1d9"/><circle cx="256" cy="104" r="18" fill="#98c1d9"/>',
  ],
  [
    'Crown',
    20,
    '<path d="M176 196 l0 -80 40 44 40 -62 40 62 40 -44 0 80z" fill="#f6c744" stroke="#b8860b" stroke-width="6" stroke-linejoin="round"/>',
  ],
  ['Halo', 10, '<ellipse cx="256" cy="118" rx="84" ry="22" fill="none" stroke="#fff6a8" stroke-width="12"/>'],
];

/** The sample layers' SVG drawings, bottom layer first. */
function drawings(): { name: string; traits: [name: string, weight: number, svg: string][] }[] {
  return [
    {
      name: 'Background',
      traits: backgrounds.map(([name, weight, top, bottom]) => [
        name,
        weight,
        svg(
          `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="512" height="512" fill="url(#g)"/>`,
        ),
      ]),
    },
    {
      name: 'Body',
      traits: bodies.map(([name, weight, fill, shade]) => [
        name,
        weight,
        svg(
          `<ellipse cx="256" cy="470" rx="170" ry="90" fill="${shade}"/><circle cx="256" cy="290" r="130" fill="${fill}"/><ellipse cx="256" cy="350" rx="56" ry="30" fill="${shade}" opacity="0.5"/>`,
        ),
      ]),
    },
    { name: 'Eyes', traits: eyes.map(([name, weight, drawing]) => [name, weight, svg(drawing)]) },
    { name: 'Headwear', traits: hats.map(([name, weight, drawing]) => [name, weight, svg(drawing)]) },
  ];
}

let rendered: Promise<SampleLayer[]> | undefined;

/**
 * The sample layers a new project can start from (5 × 3 × 3 × 4 = 180 combinations, enough for the
 * default 100 items), drawn once per process from vector art so no binary files ship with the server.
 */
export function sampleLayers(): Promise<SampleLayer[]> {
  rendered ??= Promise.all(
    drawings().map(async (layer) => ({
      name: layer.name,
      files: await Promise.all(
        layer.traits.map(async ([name, weight, drawing]) => ({
          filename: `${name}#${weight}.png`,
          bytes: await sharp(Buffer.from(drawing)).png().toBuffer(),
        })),
      ),
    })),
  ).catch((error: unknown) => {
    rendered = undefined;
    throw error;
  });
  return rendered;
}
