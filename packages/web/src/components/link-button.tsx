import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A button-looking real link (`<a href>`: opens in a new tab with a middle click, can be copied) that
 * navigates inside the app; `onNavigate` runs first (e.g. to close a drawer).
 */
export function LinkButton({
  to,
  state,
  onNavigate,
  ...props
}: Omit<ButtonProps, 'href' | 'onClick'> & { to: string; state?: unknown; onNavigate?: () => void }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate?.();
    void navigate(to, { state });
  };
  return <Button {...props} href={to} onClick={onClick} />;
}
