import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { BrandLogo } from './brand-mark.tsx';
import './auth.css';

/** Layered tiles behind the brand copy: a small picture of what Layerloom does (layers → tokens). */
function LayerArt() {
  return (
    <svg className="ll-auth-art__svg" viewBox="0 0 360 350" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="ll-art-violet" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#9b7bff" />
          <stop offset="1" stopColor="#5b2fd6" />
        </linearGradient>
        <linearGradient id="ll-art-coral" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffb199" />
          <stop offset="1" stopColor="#f97360" />
        </linearGradient>
        <linearGradient id="ll-art-teal" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7ff0dd" />
          <stop offset="1" stopColor="#20c5b0" />
        </linearGradient>
      </defs>
      <g transform="translate(40 150) skewY(-12)">
        <rect x="0" y="60" width="170" height="120" rx="18" fill="url(#ll-art-teal)" opacity=".9" />
        <rect x="0" y="20" width="170" height="120" rx="18" fill="url(#ll-art-coral)" opacity=".92" />
        <rect x="0" y="-20" width="170" height="120" rx="18" fill="url(#ll-art-violet)" />
        <circle cx="85" cy="38" r="30" fill="#16112b" opacity=".9" />
        <circle cx="74" cy="34" r="5" fill="#fff" />
        <circle cx="96" cy="34" r="5" fill="#fff" />
        <path d="M72 50q13 9 26 0" stroke="#fff" strokeWidth="4" fill="none" strokeLinecap="round" />
      </g>
      <g transform="translate(230 40)">
        {[0, 1, 2].map((row) =>
          [0, 1].map((column) => (
            <rect
              key={`${row}-${column}`}
              x={column * 56}
              y={row * 56}
              width="46"
              height="46"
              rx="10"
              fill={['#7c4dff', '#f97360', '#20c5b0'][(row + column) % 3]}
              opacity={0.55 + 0.15 * ((row + column) % 3)}
            />
          )),
        )}
      </g>
    </svg>
  );
}

/**
 * The frame of every account screen: brand art and promise on the left on wide screens, the form
 * card on the right; one column with the logo on top on tablets and phones. The title names the tab too.
 */
export function AuthLayout({
  title,
  subtitle,
  icon,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  /** An outcome badge above the title (success, error, …). */
  icon?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="ll-auth">
      <aside className="ll-auth-art">
        <BrandLogo tone="light" />
        <div className="ll-auth-art__copy">
          <p className="ll-auth-art__kicker">No Code NFT Collection Generator</p>
          <p className="ll-auth-art__headline ll-display">Stack your layers. Weave a whole collection.</p>
          <ul className="ll-auth-art__points">
            <li>Layer and trait rarity you control</li>
            <li>Unique tokens with OpenSea-ready metadata</li>
            <li>Export to ZIP or IPFS, deploy to EVM chains</li>
          </ul>
        </div>
        <LayerArt />
      </aside>
      <main className="ll-auth-main">
        <div className="ll-auth-main__logo">
          <BrandLogo />
        </div>
        <section className="ll-auth-card" aria-labelledby="ll-auth-title">
          {icon}
          <h1 id="ll-auth-title" className="ll-auth-card__title">
            {title}
          </h1>
          {subtitle && <p className="ll-auth-card__subtitle">{subtitle}</p>}
          {children}
        </section>
      </main>
    </div>
  );
}
