import type { AriaAttributes, MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The Ant Design button looks the plain buttons copy (global.css `.ll-btn`). */
export interface PlainButtonLook {
  type?: 'default' | 'primary' | 'text';
  size?: 'middle' | 'large';
  icon?: ReactNode;
  className?: string;
}

/** The class list of a plain button: antd's Button look without loading antd (pages that must stay light). */
export function plainButtonClass(
  { type = 'default', size = 'middle', icon, className }: PlainButtonLook,
  iconOnly = false,
) {
  return [
    'll-btn',
    `ll-btn-${type}`,
    size === 'large' ? 'll-btn-lg' : '',
    icon && iconOnly ? 'll-btn-icon-only' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A plain button's content as antd lays it out: the icon, then the label in its own span. */
export function PlainButtonContent({ icon, children }: { icon?: ReactNode; children?: ReactNode }) {
  return (
    <>
      {icon && <span className="ll-btn-icon">{icon}</span>}
      {children !== undefined && <span>{children}</span>}
    </>
  );
}

/**
 * A button-looking real link (`<a href>`: opens in a new tab with a middle click, can be copied) that
 * navigates inside the app; `onNavigate` runs first (e.g. to close a drawer). The landing page's version of
 * components/link-button.tsx, with the same look and no antd.
 */
export function PlainLinkButton({
  to,
  onNavigate,
  children,
  'aria-label': ariaLabel,
  ...look
}: PlainButtonLook & {
  to: string;
  onNavigate?: () => void;
  children: ReactNode;
  'aria-label'?: AriaAttributes['aria-label'];
}) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate?.();
    void navigate(to);
  };
  return (
    <a href={to} className={plainButtonClass(look)} onClick={onClick} aria-label={ariaLabel}>
      <PlainButtonContent icon={look.icon}>{children}</PlainButtonContent>
    </a>
  );
}
