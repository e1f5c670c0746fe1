// Simple geometric marks for the supported chains, drawn here (no downloaded logos).

/** A supported chain as the blockchain section shows it. */
export interface Chain {
  name: string;
  note: string;
  mark: () => React.JSX.Element;
}

function Mark({ children, background }: { children: React.ReactNode; background: string }) {
  return (
    <svg width="44" height="44" viewBox="0 0 44 44" aria-hidden="true" focusable="false">
      <rect width="44" height="44" rx="12" fill={background} />
      {children}
    </svg>
  );
}

/** The chains Layerloom deploys to, and Solana for metadata. */
export const chains: Chain[] = [
  {
    name: 'Ethereum',
    note: 'Mainnet and Sepolia',
    mark: () => (
      <Mark background="#eef0fb">
        <path d="M22 7 L31 22.5 L22 28 L13 22.5 Z" fill="#5c6bc0" />
        <path d="M22 7 L22 28 L13 22.5 Z" fill="#8c9eff" />
        <path d="M22 30 L31 24.6 L22 37 L13 24.6 Z" fill="#3949ab" />
      </Mark>
    ),
  },
  {
    name: 'Polygon',
    note: 'PoS and Amoy',
    mark: () => (
      <Mark background="#f3ecff">
        <path
          d="M15 17 L20 14 L25 17 V23 L20 26 L15 23 Z M19 21 L24 18 L29 21 V27 L24 30 L19 27 Z"
          fill="none"
          stroke="#8247e5"
          strokeWidth="3"
          strokeLinejoin="round"
        />
      </Mark>
    ),
  },
  {
    name: 'Base',
    note: 'Low-fee L2',
    mark: () => (
      <Mark background="#e8f0ff">
        <circle cx="22" cy="22" r="12" fill="#0052ff" />
        <path d="M10 20.5 H25 V23.5 H10 Z" fill="#e8f0ff" />
      </Mark>
    ),
  },
  {
    name: 'Arbitrum',
    note: 'One and Nova',
    mark: () => (
      <Mark background="#e9f4fd">
        <path d="M22 8 L34 15 V29 L22 36 L10 29 V15 Z" fill="#213147" />
        <path d="M19 29 L24.5 15 H28 L22.5 29 Z" fill="#28a0f0" />
        <path d="M13 29 L18.5 15 H21.5 L16 29 Z" fill="#ffffff" />
      </Mark>
    ),
  },
  {
    name: 'Optimism',
    note: 'OP Mainnet',
    mark: () => (
      <Mark background="#ffecec">
        <circle cx="22" cy="22" r="13" fill="#ff0420" />
        <ellipse cx="17" cy="22" rx="3.4" ry="4.6" fill="none" stroke="#fff" strokeWidth="2.6" />
        <path
          d="M24 26.6 V17.4 H27.6 A2.8 2.8 0 0 1 27.6 23 H24"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
        />
      </Mark>
    ),
  },
  {
    name: 'Solana',
    note: 'Metaplex metadata',
    mark: () => (
      <Mark background="#eefbf6">
        <defs>
          <linearGradient id="ll-sol" x1="0" y1="1" x2="1" y2="0">
            <stop offset="0" stopColor="#9945ff" />
            <stop offset="1" stopColor="#14f195" />
          </linearGradient>
        </defs>
        <path
          d="M14 14 H32 L29 17.5 H11 Z M11 20.25 H29 L32 23.75 H14 Z M14 26.5 H32 L29 30 H11 Z"
          fill="url(#ll-sol)"
        />
      </Mark>
    ),
  },
];
