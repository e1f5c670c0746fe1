import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** A button-looking real link (opens in a new tab with a middle click) that navigates inside the app. */
export function LinkButton({
  to,
  state,
  ...props
}: Omit<ButtonProps, 'href' | 'onClick'> & { to: string; state?: unknown }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(to, { state });
  };
  return <Button {...props} href={to} onClick={onClick} />;
}
