import type { ReactNode } from 'react';
import { EditLock } from './edit-lock.tsx';

/**
 * A titled panel of Generate NFT: the look and markup of antd's bordered Card (head, title, body; styles in
 * generate.css), without its code. antd's Card brings Tabs, Menu and Dropdown with it (about 18 KB over
 * the wire) for features these panels never use.
 */
export function GenCard({
  title,
  className,
  locked,
  children,
}: {
  title: ReactNode;
  className: string;
  /** Given for a panel that changes the project: true makes it read only (see EditLock). */
  locked?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`ll-card ${className}${locked ? ' is-locked' : ''}`}>
      <div className="ll-card-head">
        <div className="ll-card-head-wrapper">
          <div className="ll-card-head-title">{title}</div>
        </div>
      </div>
      <div className="ll-card-body">
        {locked === undefined ? children : <EditLock locked={locked}>{children}</EditLock>}
      </div>
    </div>
  );
}
