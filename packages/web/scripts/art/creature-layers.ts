// The "Loomlings" trait library: every trait is an SVG drawn in code on a 512×512 canvas, so the
// landing page's artwork is generated (and regenerable) rather than downloaded stock.

/** Canvas size of every layer. */
export const SIZE = 512;

const OUT = '#1d1534';
const EYE_L = 206;
const EYE_R = 306;
const EYE_Y = 290;
const MOUTH_Y = 372;

/** One trait: its name (the attribute value), its HashLips weight and its SVG body. */
export interface TraitArt {
  name: string;
  weight: number;
  svg: string;
}

/** One layer, bottom first; `presence` below 1 means tokens may have no trait of it. */
export interface LayerArt {
  name: string;
  presence?: number;
  traits: TraitArt[];
}

function svg(body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}"><defs>${defs}</defs>${body}</svg>`;
}

/** A deterministic pseudo-random sequence, so backgrounds scatter the same way on every run. */
function scatter(seed: number, count: number): { x: number; y: number; r: number }[] {
  let state = seed;
  const next = () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
  return Array.from({ length: count }, () => ({ x: next() * SIZE, y: next() * SIZE, r: next() }));
}

function sparkle(x: number, y: number, size: number, fill: string, opacity: number): string {
  const s = size;
  return `<path d="M${x} ${y - s} Q${x + s * 0.18} ${y - s * 0.18} ${x + s} ${y} Q${x + s * 0.18} ${y + s * 0.18} ${x} ${y + s} Q${x - s * 0.18} ${y + s * 0.18} ${x - s} ${y} Q${x - s * 0.18} ${y - s * 0.18} ${x} ${y - s} Z" fill="${fill}" opacity="${opacity}"/>`;
}

const backgrounds: TraitArt[] = [
  {
    name: 'Grape',
    weight: 22,
    svg: svg(
      `<rect width="512" height="512" fill="#6b3fe0"/>${[120, 190, 260, 330, 400, 470]
        .map(
          (r) =>
            `<circle cx="256" cy="300" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="0.1" stroke-width="26"/>`,
        )
        .join('')}`,
    ),
  },
  {
    name: 'Tangerine',
    weight: 20,
    svg: svg(
      `<rect width="512" height="512" fill="#ff8a3d"/>${Array.from({ length: 13 * 13 }, (_, i) => {
        const x = (i % 13) * 40 + 16;
        const y = Math.floor(i / 13) * 40 + 16;
        return `<circle cx="${x}" cy="${y}" r="5" fill="#ffffff" opacity="0.22"/>`;
      }).join('')}`,
    ),
  },
  {
    name: 'Mint',
    weight: 20,
    svg: svg(
      '<rect width="512" height="512" fill="#4fd1b0"/><rect width="512" height="512" fill="url(#stripes)"/>',
      '<pattern id="stripes" width="44" height="44" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="16" height="44" fill="#ffffff" opacity="0.16"/></pattern>',
    ),
  },
  {
    name: 'Bubblegum',
    weight: 16,
    svg: svg(
      `<rect width="512" height="512" fill="#ff9ecb"/>${scatter(7, 22)
        .map((p) => sparkle(p.x, p.y, 8 + p.r * 14, '#ffffff', 0.55))
        .join('')}`,
    ),
  },
  {
    name: 'Sky',
    weight: 14,
    svg: svg(
      `<rect width="512" height="512" fill="url(#sky)"/>${[
        [70, 110, 1],
        [420, 70, 0.8],
        [440, 260, 1.1],
        [60, 330, 0.9],
      ]
        .map(
          ([x, y, s]) =>
            `<g transform="translate(${x} ${y}) scale(${s})" fill="#ffffff" opacity="0.85"><ellipse cx="0" cy="0" rx="54" ry="20"/><circle cx="-16" cy="-14" r="22"/><circle cx="16" cy="-20" r="26"/></g>`,
        )
        .join('')}`,
      '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5bb8ff"/><stop offset="1" stop-color="#9ad8ff"/></linearGradient>',
    ),
  },
  {
    name: 'Night',
    weight: 5,
    svg: svg(
      `<rect width="512" height="512" fill="url(#night)"/>${scatter(3, 60)
        .map(
          (p) =>
            `<circle cx="${p.x}" cy="${p.y}" r="${0.8 + p.r * 2.4}" fill="#ffffff" opacity="${0.4 + p.r * 0.6}"/>`,
        )
        .join(
          '',
        )}<circle cx="418" cy="92" r="42" fill="#ffe9a8"/><circle cx="440" cy="78" r="40" fill="#241a52"/>`,
      '<linearGradient id="night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#120d2e"/><stop offset="1" stop-color="#33237a"/></linearGradient>',
    ),
  },
  {
    name: 'Sunburst',
    weight: 3,
    svg: svg(
      `<rect width="512" height="512" fill="#ffcf4a"/>${Array.from({ length: 16 }, (_, i) => {
        const a0 = (i * 2 * Math.PI) / 16;
        const a1 = a0 + Math.PI / 16;
        const r = 800;
        const p = (a: number) =>
          `${(256 + r * Math.cos(a)).toFixed(1)} ${(300 + r * Math.sin(a)).toFixed(1)}`;
        return `<path d="M256 300 L${p(a0)} L${p(a1)} Z" fill="#ffac2e"/>`;
      }).join('')}`,
    ),
  },
];

function dome(fill: string): string {
  return `<path d="M88 540 C88 330 140 150 256 150 C372 150 424 330 424 540 Z" fill="${fill}" stroke="${OUT}" stroke-width="10" stroke-linejoin="round"/>`;
}

const shine =
  '<ellipse cx="176" cy="220" rx="42" ry="20" fill="#ffffff" opacity="0.35" transform="rotate(-35 176 220)"/>';
const cheeks =
  '<circle cx="166" cy="350" r="22" fill="#ff5c8a" opacity="0.35"/><circle cx="346" cy="350" r="22" fill="#ff5c8a" opacity="0.35"/>';
const belly = (fill: string) => `<ellipse cx="256" cy="500" rx="110" ry="70" fill="${fill}"/>`;

const bodies: TraitArt[] = [
  {
    name: 'Lilac Blob',
    weight: 24,
    svg: svg(`${dome('#b69cff')}${belly('#d5c7ff')}${shine}${cheeks}`),
  },
  {
    name: 'Coral Cat',
    weight: 20,
    svg: svg(
      `<path d="M120 270 L136 96 L236 168 Z" fill="#ff8f7a" stroke="${OUT}" stroke-width="10" stroke-linejoin="round"/><path d="M392 270 L376 96 L276 168 Z" fill="#ff8f7a" stroke="${OUT}" stroke-width="10" stroke-linejoin="round"/><path d="M150 200 L158 134 L200 168 Z" fill="#ffc2b5"/><path d="M362 200 L354 134 L312 168 Z" fill="#ffc2b5"/>${dome('#ff8f7a')}${belly('#ffc2b5')}${shine}<g stroke="${OUT}" stroke-width="6" stroke-linecap="round"><path d="M150 372 L96 362"/><path d="M150 388 L100 396"/><path d="M362 372 L416 362"/><path d="M362 388 L412 396"/></g>`,
    ),
  },
  {
    name: 'Mint Bear',
    weight: 20,
    svg: svg(
      `<circle cx="150" cy="196" r="50" fill="#74d9b8" stroke="${OUT}" stroke-width="10"/><circle cx="362" cy="196" r="50" fill="#74d9b8" stroke="${OUT}" stroke-width="10"/><circle cx="150" cy="196" r="24" fill="#c3f2e1"/><circle cx="362" cy="196" r="24" fill="#c3f2e1"/>${dome('#74d9b8')}<ellipse cx="256" cy="372" rx="70" ry="48" fill="#c3f2e1"/>${shine}${cheeks}`,
    ),
  },
  {
    name: 'Berry Bunny',
    weight: 14,
    svg: svg(
      `<rect x="160" y="20" width="62" height="200" rx="31" fill="#f49ad4" stroke="${OUT}" stroke-width="10" transform="rotate(-10 191 120)"/><rect x="290" y="20" width="62" height="200" rx="31" fill="#f49ad4" stroke="${OUT}" stroke-width="10" transform="rotate(10 321 120)"/><rect x="178" y="44" width="26" height="150" rx="13" fill="#ffd1ec" transform="rotate(-10 191 120)"/><rect x="308" y="44" width="26" height="150" rx="13" fill="#ffd1ec" transform="rotate(10 321 120)"/>${dome('#f49ad4')}${belly('#ffd1ec')}${shine}${cheeks}`,
    ),
  },
  {
    name: 'Chrome Bot',
    weight: 8,
    svg: svg(
      `<line x1="256" y1="172" x2="256" y2="112" stroke="${OUT}" stroke-width="10"/><circle cx="256" cy="104" r="18" fill="#ff4d6d" stroke="${OUT}" stroke-width="8"/><rect x="74" y="290" width="40" height="80" rx="14" fill="#8f9bb3" stroke="${OUT}" stroke-width="10"/><rect x="398" y="290" width="40" height="80" rx="14" fill="#8f9bb3" stroke="${OUT}" stroke-width="10"/><rect x="104" y="170" width="304" height="380" rx="64" fill="url(#chrome)" stroke="${OUT}" stroke-width="10"/><rect x="136" y="230" width="240" height="190" rx="40" fill="#2b2350" opacity="0.12"/><circle cx="132" cy="200" r="7" fill="${OUT}"/><circle cx="380" cy="200" r="7" fill="${OUT}"/><rect x="132" y="196" width="60" height="14" rx="7" fill="#ffffff" opacity="0.5"/>`,
      '<linearGradient id="chrome" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef1f7"/><stop offset="0.55" stop-color="#c3cad8"/><stop offset="1" stop-color="#9ba6bd"/></linearGradient>',
    ),
  },
  {
    name: 'Moon Ghost',
    weight: 5,
    svg: svg(
      `<path d="M88 540 C88 330 140 150 256 150 C372 150 424 330 424 540 Z" fill="#ffffff" opacity="0.35" transform="translate(0 -10) scale(1)"/>${dome('#f3f0ff')}<circle cx="330" cy="220" r="18" fill="#d9d1ff"/><circle cx="180" cy="460" r="26" fill="#e4ddff"/>${cheeks}`,
    ),
  },
];

function eyePair(draw: (x: number) => string): string {
  return draw(EYE_L) + draw(EYE_R);
}
const roundEye = (x: number) =>
  `<circle cx="${x}" cy="${EYE_Y}" r="34" fill="#ffffff" stroke="${OUT}" stroke-width="8"/><circle cx="${x + 5}" cy="${EYE_Y + 5}" r="16" fill="${OUT}"/><circle cx="${x + 11}" cy="${EYE_Y - 2}" r="5.5" fill="#ffffff"/>`;
const happyEye = (x: number) =>
  `<path d="M${x - 28} ${EYE_Y + 10} Q${x} ${EYE_Y - 26} ${x + 28} ${EYE_Y + 10}" fill="none" stroke="${OUT}" stroke-width="11" stroke-linecap="round"/>`;
const heart = (x: number) =>
  `<path transform="translate(${x} ${EYE_Y})" d="M0 26 C-40 0 -38 -30 -18 -32 C-8 -33 -2 -26 0 -20 C2 -26 8 -33 18 -32 C38 -30 40 0 0 26 Z" fill="#ff4d6d" stroke="${OUT}" stroke-width="7" stroke-linejoin="round"/><ellipse cx="${x - 14}" cy="${EYE_Y - 16}" rx="7" ry="4" fill="#ffffff" opacity="0.7"/>`;

const eyes: TraitArt[] = [
  { name: 'Round', weight: 26, svg: svg(eyePair(roundEye)) },
  {
    name: 'Sleepy',
    weight: 16,
    svg: svg(
      eyePair(
        (x) =>
          `<path d="M${x - 30} ${EYE_Y} Q${x} ${EYE_Y + 26} ${x + 30} ${EYE_Y}" fill="none" stroke="${OUT}" stroke-width="10" stroke-linecap="round"/><path d="M${x - 22} ${EYE_Y + 14} l-8 10 M${x} ${EYE_Y + 20} l0 12 M${x + 22} ${EYE_Y + 14} l8 10" stroke="${OUT}" stroke-width="6" stroke-linecap="round"/>`,
      ),
    ),
  },
  { name: 'Happy', weight: 18, svg: svg(eyePair(happyEye)) },
  { name: 'Wink', weight: 12, svg: svg(roundEye(EYE_L) + happyEye(EYE_R)) },
  { name: 'Hearts', weight: 10, svg: svg(eyePair(heart)) },
  {
    name: 'Shades',
    weight: 12,
    svg: svg(
      `<path d="M150 262 H362" stroke="${OUT}" stroke-width="12" stroke-linecap="round"/><rect x="150" y="258" width="96" height="62" rx="22" fill="url(#lens)" stroke="${OUT}" stroke-width="9"/><rect x="266" y="258" width="96" height="62" rx="22" fill="url(#lens)" stroke="${OUT}" stroke-width="9"/><path d="M168 304 L196 270 M288 304 L316 270" stroke="#ffffff" stroke-width="8" stroke-linecap="round" opacity="0.55"/>`,
      '<linearGradient id="lens" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a2a7a"/><stop offset="1" stop-color="#120d2b"/></linearGradient>',
    ),
  },
  {
    name: 'Laser',
    weight: 4,
    svg: svg(
      `<g opacity="0.8"><path d="M${EYE_L} ${EYE_Y - 9} L540 ${EYE_Y + 150} L540 ${EYE_Y + 190} L${EYE_L} ${EYE_Y + 9} Z" fill="#ff2e4d"/><path d="M${EYE_R} ${EYE_Y - 9} L540 ${EYE_Y + 90} L540 ${EYE_Y + 130} L${EYE_R} ${EYE_Y + 9} Z" fill="#ff2e4d"/></g><path d="M${EYE_L} ${EYE_Y - 3} L540 ${EYE_Y + 163} L540 ${EYE_Y + 177} L${EYE_L} ${EYE_Y + 3} Z" fill="#ffe1e6"/><path d="M${EYE_R} ${EYE_Y - 3} L540 ${EYE_Y + 103} L540 ${EYE_Y + 117} L${EYE_R} ${EYE_Y + 3} Z" fill="#ffe1e6"/>${eyePair(
        (x) =>
          `<circle cx="${x}" cy="${EYE_Y}" r="52" fill="#ff2e4d" opacity="0.3"/><circle cx="${x}" cy="${EYE_Y}" r="32" fill="#ff2e4d" stroke="${OUT}" stroke-width="8"/><circle cx="${x}" cy="${EYE_Y}" r="12" fill="#fff4f6"/>`,
      )}`,
    ),
  },
];

const mouthDark = '#3a1030';
const mouths: TraitArt[] = [
  {
    name: 'Smile',
    weight: 28,
    svg: svg(
      `<path d="M214 ${MOUTH_Y - 12} Q256 ${MOUTH_Y + 30} 298 ${MOUTH_Y - 12}" fill="none" stroke="${OUT}" stroke-width="10" stroke-linecap="round"/>`,
    ),
  },
  {
    name: 'Grin',
    weight: 20,
    svg: svg(
      `<path d="M208 ${MOUTH_Y - 16} Q256 ${MOUTH_Y + 60} 304 ${MOUTH_Y - 16} Z" fill="${mouthDark}" stroke="${OUT}" stroke-width="8" stroke-linejoin="round"/><path d="M222 ${MOUTH_Y - 12} H290 L286 ${MOUTH_Y + 2} H226 Z" fill="#ffffff"/>`,
    ),
  },
  {
    name: 'Tongue',
    weight: 18,
    svg: svg(
      `<path d="M212 ${MOUTH_Y - 14} Q256 ${MOUTH_Y + 50} 300 ${MOUTH_Y - 14} Z" fill="${mouthDark}" stroke="${OUT}" stroke-width="8" stroke-linejoin="round"/><path d="M238 ${MOUTH_Y + 4} Q256 ${MOUTH_Y - 8} 274 ${MOUTH_Y + 4} Q276 ${MOUTH_Y + 34} 256 ${MOUTH_Y + 36} Q236 ${MOUTH_Y + 34} 238 ${MOUTH_Y + 4} Z" fill="#ff7aa2" stroke="${OUT}" stroke-width="6"/>`,
    ),
  },
  {
    name: 'Surprised',
    weight: 14,
    svg: svg(
      `<ellipse cx="256" cy="${MOUTH_Y + 4}" rx="17" ry="22" fill="${mouthDark}" stroke="${OUT}" stroke-width="8"/>`,
    ),
  },
  {
    name: 'Fangs',
    weight: 12,
    svg: svg(
      `<path d="M222 ${MOUTH_Y - 4} L236 ${MOUTH_Y + 22} L246 ${MOUTH_Y - 1} Z M266 ${MOUTH_Y - 1} L276 ${MOUTH_Y + 22} L290 ${MOUTH_Y - 4} Z" fill="#ffffff" stroke="${OUT}" stroke-width="5" stroke-linejoin="round"/><path d="M212 ${MOUTH_Y - 10} Q256 ${MOUTH_Y + 12} 300 ${MOUTH_Y - 10}" fill="none" stroke="${OUT}" stroke-width="10" stroke-linecap="round"/>`,
    ),
  },
  {
    name: 'Bubblegum',
    weight: 8,
    svg: svg(
      `<path d="M226 ${MOUTH_Y - 8} Q256 ${MOUTH_Y + 8} 286 ${MOUTH_Y - 8}" fill="none" stroke="${OUT}" stroke-width="9" stroke-linecap="round"/><circle cx="270" cy="${MOUTH_Y + 26}" r="40" fill="#ff8fc8" stroke="${OUT}" stroke-width="7"/><ellipse cx="256" cy="${MOUTH_Y + 12}" rx="11" ry="7" fill="#ffffff" opacity="0.75"/>`,
    ),
  },
];

const headwear: TraitArt[] = [
  {
    name: 'Party Hat',
    weight: 18,
    svg: svg(
      `<g clip-path="url(#cone)"><rect x="190" y="20" width="140" height="170" fill="#20c5b0"/>${[
        50, 90, 130, 170,
      ]
        .map((y) => `<rect x="190" y="${y}" width="140" height="20" fill="#f97360"/>`)
        .join(
          '',
        )}</g><path d="M202 172 L256 36 L310 172 Z" fill="none" stroke="${OUT}" stroke-width="9" stroke-linejoin="round"/><circle cx="256" cy="34" r="18" fill="#ffd84d" stroke="${OUT}" stroke-width="8"/>`,
      '<clipPath id="cone"><path d="M202 172 L256 36 L310 172 Z"/></clipPath>',
    ),
  },
  {
    name: 'Beanie',
    weight: 18,
    svg: svg(
      `<path d="M138 214 C138 118 190 84 256 84 C322 84 374 118 374 214 Z" fill="#f97360" stroke="${OUT}" stroke-width="10" stroke-linejoin="round"/>${[
        176, 216, 256, 296, 336,
      ]
        .map((x) => `<path d="M${x} 110 V196" stroke="#d4523f" stroke-width="8" stroke-linecap="round"/>`)
        .join(
          '',
        )}<rect x="126" y="190" width="260" height="46" rx="20" fill="#ffb199" stroke="${OUT}" stroke-width="10"/><circle cx="256" cy="74" r="26" fill="#fff3ea" stroke="${OUT}" stroke-width="9"/>`,
    ),
  },
  {
    name: 'Cap',
    weight: 16,
    svg: svg(
      `<path d="M146 206 C146 126 196 100 256 100 C316 100 366 126 366 206 Z" fill="#7c4dff" stroke="${OUT}" stroke-width="10" stroke-linejoin="round"/><path d="M256 104 V200" stroke="#5b2fd6" stroke-width="8"/><path d="M146 204 Q300 184 438 214 Q420 242 300 236 Q200 232 146 226 Z" fill="#5b2fd6" stroke="${OUT}" stroke-width="10" stroke-linejoin="round"/><circle cx="256" cy="98" r="12" fill="#5b2fd6" stroke="${OUT}" stroke-width="7"/>`,
    ),
  },
  {
    name: 'Sprout',
    weight: 14,
    svg: svg(
      `<path d="M256 156 C252 130 262 110 256 84" fill="none" stroke="#2f9a4e" stroke-width="10" stroke-linecap="round"/><path d="M256 96 C230 60 190 66 180 82 C200 104 236 108 256 96 Z" fill="#5fd37a" stroke="${OUT}" stroke-width="7" stroke-linejoin="round"/><path d="M258 88 C280 48 326 50 336 66 C318 92 280 100 258 88 Z" fill="#7ee08f" stroke="${OUT}" stroke-width="7" stroke-linejoin="round"/>`,
    ),
  },
  {
    name: 'Halo',
    weight: 6,
    svg: svg(
      '<ellipse cx="256" cy="104" rx="92" ry="24" fill="none" stroke="#ffe38a" stroke-width="30" opacity="0.35"/><ellipse cx="256" cy="104" rx="86" ry="20" fill="none" stroke="#ffd23f" stroke-width="13"/>',
    ),
  },
  {
    name: 'Crown',
    weight: 5,
    svg: svg(
      `<path d="M170 196 L158 92 L214 136 L256 66 L298 136 L354 92 L342 196 Z" fill="#ffc53d" stroke="${OUT}" stroke-width="9" stroke-linejoin="round"/><rect x="166" y="172" width="180" height="28" rx="8" fill="#f0a818" stroke="${OUT}" stroke-width="8"/><circle cx="256" cy="140" r="14" fill="#ff4d6d" stroke="${OUT}" stroke-width="6"/><circle cx="206" cy="186" r="8" fill="#20c5b0"/><circle cx="256" cy="186" r="8" fill="#7c4dff"/><circle cx="306" cy="186" r="8" fill="#20c5b0"/>`,
    ),
  },
];

/** The Loomlings layers, bottom first. */
export const loomlingLayers: LayerArt[] = [
  { name: 'Background', traits: backgrounds },
  { name: 'Body', traits: bodies },
  { name: 'Eyes', traits: eyes },
  { name: 'Mouth', traits: mouths },
  { name: 'Headwear', presence: 0.8, traits: headwear },
];

/** Rules of the sample collection: bunny ears poke through knitted and peaked hats, so those never meet. */
export const loomlingRules = [
  'Body/Berry Bunny excludes Headwear/Beanie',
  'Body/Berry Bunny excludes Headwear/Cap',
  'Eyes/Laser excludes Mouth/Bubblegum',
];
