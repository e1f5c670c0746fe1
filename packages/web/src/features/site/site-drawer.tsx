import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CloseOutlined } from '../../app/plain-icons.tsx';

/**
 * A panel sliding in from the right over a dimmed page, in a modal `<dialog>` (focus kept inside, Escape and
 * a click beside it close it, the page does not scroll behind it): the look of antd's Drawer, without antd.
 */
export function SiteDrawer({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Like antd's Drawer, the content is rendered from the first opening on (kept for the closing slide).
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      panel.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  // In <body> like antd's, so the header's colours do not reach the buttons inside.
  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click beside the panel has its keyboard twin in Escape (onCancel).
    <dialog
      ref={dialog}
      className="ll-drawer"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // Closed by the browser itself (a repeated Escape is not always cancellable): keep the state in step.
        if (open) onClose();
      }}
      onClick={(event) => {
        // The dialog element itself is only hit beside the panel: on the dimmed page.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {opened && (
        <div ref={panel} className="ll-drawer-panel" tabIndex={-1}>
          <div className="ll-drawer-header">
            <button type="button" className="ll-drawer-close" aria-label="Close" onClick={onClose}>
              <CloseOutlined />
            </button>
            <div className="ll-drawer-title" id={titleId}>
              {title}
            </div>
          </div>
          <div className="ll-drawer-body">{children}</div>
        </div>
      )}
    </dialog>,
    document.body,
  );
}
