import type { ReactNode } from 'react';

/**
 * A titled panel of Generate NFT: the look and markup of antd's bordered Card (head, title, body; styles in
 * generate.css), without its code. antd's Card brings Tabs, Menu and Dropdown with it (about 18 KB over
 * the wire) for features these panels never use.
 */
export function GenCard({
  title,
  className,
  children,
}: {
  title: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={`ll-card ${className}`}>
      <div className="ll-card-head">
        <div className="ll-card-head-wrapper">
          <div className="ll-card-head-title">{title}</div>
        </div>
      </div>
      <div className="ll-card-body">{children}</div>
    </div>
  );
}
