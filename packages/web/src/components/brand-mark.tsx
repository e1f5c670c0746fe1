/** The Layerloom mark: three coloured threads woven through two warp threads (the favicon). */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#16112b" />
      <g fill="none" strokeWidth="6" strokeLinecap="round">
        <path d="M16 20h32" stroke="#8b5cf6" />
        <path d="M16 32h32" stroke="#f97360" />
        <path d="M16 44h32" stroke="#2dd4bf" />
        <path d="M24 14v36" stroke="#fff" strokeOpacity=".85" />
        <path d="M40 14v36" stroke="#fff" strokeOpacity=".85" />
      </g>
    </svg>
  );
}
