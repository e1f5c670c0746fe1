// Illustrated portraits for the testimonials: flat, friendly faces drawn from a few parameters,
// so no photo of a real person is used.

/** What one portrait looks like. */
export interface PortraitArt {
  file: string;
  background: string;
  skin: string;
  skinShade: string;
  hair: string;
  hairStyle: 'bob' | 'curls' | 'crop' | 'long' | 'bun';
  shirt: string;
  glasses?: boolean;
  beard?: boolean;
  earring?: string;
}

const OUT = '#1d1534';

function hairBack(p: PortraitArt): string {
  switch (p.hairStyle) {
    case 'long':
      return `<path d="M60 110 C56 50 90 26 128 26 C166 26 200 50 196 110 L204 214 L52 214 Z" fill="${p.hair}"/>`;
    case 'bob':
      return `<path d="M62 104 C58 48 92 28 128 28 C164 28 198 48 194 104 L196 162 Q128 176 60 162 Z" fill="${p.hair}"/>`;
    case 'curls':
      return Array.from({ length: 14 }, (_, i) => {
        const a = (i / 14) * Math.PI * 2;
        return `<circle cx="${(128 + 70 * Math.cos(a)).toFixed(1)}" cy="${(92 + 62 * Math.sin(a)).toFixed(1)}" r="30" fill="${p.hair}"/>`;
      }).join('');
    case 'bun':
      return `<circle cx="128" cy="26" r="26" fill="${p.hair}"/>`;
    default:
      return '';
  }
}

function hairFront(p: PortraitArt): string {
  switch (p.hairStyle) {
    case 'crop':
      return `<path d="M74 94 C72 50 100 34 130 34 C164 34 186 52 182 96 C170 76 150 66 128 68 C104 68 86 78 74 94 Z" fill="${p.hair}"/>`;
    case 'bob':
      return `<path d="M72 104 C80 60 110 48 140 50 C168 52 186 72 186 104 C160 96 140 80 132 64 C118 86 98 98 72 104 Z" fill="${p.hair}"/>`;
    case 'long':
      return `<path d="M74 110 C74 64 100 46 130 46 C160 46 184 64 182 110 C150 100 132 84 124 62 C114 86 96 102 74 110 Z" fill="${p.hair}"/>`;
    case 'bun':
      return `<path d="M76 100 C76 58 102 42 128 42 C154 42 180 58 180 100 C160 80 142 72 128 72 C112 72 92 80 76 100 Z" fill="${p.hair}"/>`;
    case 'curls':
      return `<path d="M78 96 C84 62 104 50 128 50 C152 50 172 62 178 96 C160 84 146 80 128 80 C110 80 96 84 78 96 Z" fill="${p.hair}"/>`;
    default:
      return '';
  }
}

/** The SVG of one portrait on a 256×256 canvas. */
export function portraitSvg(p: PortraitArt): string {
  const glasses = p.glasses
    ? `<g fill="none" stroke="${OUT}" stroke-width="5"><circle cx="104" cy="118" r="19"/><circle cx="152" cy="118" r="19"/><path d="M123 118 H133"/></g>`
    : '';
  const beard = p.beard
    ? `<path d="M84 130 C86 176 108 192 128 192 C148 192 170 176 172 130 C160 150 146 156 128 156 C110 156 96 150 84 130 Z" fill="${p.hair}"/>`
    : '';
  const earring = p.earring
    ? `<circle cx="80" cy="146" r="6" fill="${p.earring}"/><circle cx="176" cy="146" r="6" fill="${p.earring}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" fill="${p.background}"/>
<circle cx="206" cy="46" r="70" fill="#ffffff" opacity="0.14"/>
${hairBack(p)}
<path d="M30 256 C34 206 74 184 128 184 C182 184 222 206 226 256 Z" fill="${p.shirt}"/>
<path d="M108 160 H148 V196 Q128 212 108 196 Z" fill="${p.skinShade}"/>
<path d="M100 190 Q128 214 156 190" fill="none" stroke="#ffffff" stroke-width="5" opacity="0.35"/>
<ellipse cx="80" cy="124" rx="12" ry="16" fill="${p.skinShade}"/>
<ellipse cx="176" cy="124" rx="12" ry="16" fill="${p.skinShade}"/>
<ellipse cx="128" cy="116" rx="50" ry="60" fill="${p.skin}"/>
${earring}
${beard}
<path d="M94 98 Q104 92 114 97 M142 97 Q152 92 162 98" fill="none" stroke="${OUT}" stroke-width="4.5" stroke-linecap="round"/>
<circle cx="104" cy="119" r="5.5" fill="${OUT}"/>
<circle cx="152" cy="119" r="5.5" fill="${OUT}"/>
<path d="M128 124 Q122 140 130 142" fill="none" stroke="${p.skinShade}" stroke-width="4" stroke-linecap="round"/>
<path d="M110 154 Q128 168 146 154" fill="none" stroke="${OUT}" stroke-width="4.5" stroke-linecap="round"/>
<circle cx="94" cy="140" r="9" fill="#ff6b8b" opacity="0.22"/>
<circle cx="162" cy="140" r="9" fill="#ff6b8b" opacity="0.22"/>
${glasses}
${hairFront(p)}
</svg>`;
}

/** The five testimonial portraits. */
export const portraits: PortraitArt[] = [
  {
    file: 'avatar-maya',
    background: '#7c4dff',
    skin: '#8d5a3b',
    skinShade: '#6f432a',
    hair: '#1d1534',
    hairStyle: 'curls',
    shirt: '#20c5b0',
    earring: '#ffd23f',
  },
  {
    file: 'avatar-daniel',
    background: '#f97360',
    skin: '#d9a37e',
    skinShade: '#b9825e',
    hair: '#3b2416',
    hairStyle: 'crop',
    shirt: '#16112b',
    beard: true,
  },
  {
    file: 'avatar-sora',
    background: '#20c5b0',
    skin: '#f1cfb0',
    skinShade: '#d8ad8a',
    hair: '#231a2e',
    hairStyle: 'bob',
    shirt: '#ffd23f',
    glasses: true,
  },
  {
    file: 'avatar-amara',
    background: '#ffb02e',
    skin: '#5e3a26',
    skinShade: '#4a2c1c',
    hair: '#1d1534',
    hairStyle: 'bun',
    shirt: '#7c4dff',
    earring: '#20c5b0',
  },
  {
    file: 'avatar-jonas',
    background: '#5bb8ff',
    skin: '#f3d2bd',
    skinShade: '#dcae94',
    hair: '#c98a3e',
    hairStyle: 'long',
    shirt: '#f97360',
    glasses: true,
  },
];
