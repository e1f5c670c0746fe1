import { CheckOutlined, DownOutlined, PlusOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-error.ts';
import { roleLabels } from './permissions.ts';
import { type WorkspaceChoice, workspaceLabel } from './workspace-choice.ts';
import { useWorkspace } from './workspace-context.tsx';
import './workspaces.css';

const roleLabel = (workspace: WorkspaceChoice) =>
  workspace.personal ? 'Your own' : roleLabels[workspace.role];

/** Moves the focus among the menu's entries with the arrows, Home and End (the menu pattern of ARIA). */
function moveFocus(menu: HTMLElement, event: KeyboardEvent<HTMLElement>): boolean {
  const items = [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const target =
    event.key === 'ArrowDown'
      ? at >= last
        ? 0
        : at + 1
      : event.key === 'ArrowUp'
        ? at <= 0
          ? last
          : at - 1
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : null;
  if (target === null) return false;
  items[target]?.focus();
  return true;
}

/**
 * The header's workspace switcher: a button naming the current workspace (a person icon for the personal one,
 * a team icon for a team's) and the user's role in it, opening a menu of the workspaces (each with the
 * role) and "Create team". Keyboard: Enter/Space/ArrowDown open it on the current entry, the arrows move,
 * Escape closes it and returns to the button.
 */
export function WorkspaceSwitcher() {
  const { workspaces, current, error, switchTo } = useWorkspace();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  // Opened: the focus goes to the current workspace's entry.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() =>
      menu.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [open]);

  // Whether the menu's closing should leave the focus on the button (Escape, a choice), not where Tab led.
  const refocus = useRef(false);
  const close = (back: boolean) => {
    refocus.current = back;
    setOpen(false);
    if (back) button.current?.focus();
  };
  // Once the popup has finished opening or closing (its content mounts and unmounts with a motion, which
  // can come after the frame above and after close()), the focus is where the menu pattern puts it.
  const settled = (visible: boolean) => {
    const active = document.activeElement;
    if (visible) {
      if (!menu.current?.contains(active)) {
        menu.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
      }
    } else if (refocus.current) {
      refocus.current = false;
      if (active !== button.current) button.current?.focus();
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (menu.current && moveFocus(menu.current, event)) {
      event.preventDefault();
    }
  };

  const content = (
    <div
      ref={menu}
      id={menuId}
      className="llw-menu"
      role="menu"
      aria-label="Workspaces"
      tabIndex={-1}
      onKeyDown={onMenuKey}
    >
      {workspaces.map((workspace) => {
        const isCurrent = workspace.id === current.id;
        return (
          <button
            key={workspace.id}
            type="button"
            role="menuitemradio"
            aria-checked={isCurrent}
            tabIndex={-1}
            className={`llw-item${isCurrent ? ' llw-item--current' : ''}`}
            onClick={() => {
              if (!isCurrent) switchTo(workspace.id);
              close(true);
            }}
          >
            <span className="llw-item__icon" aria-hidden="true">
              {workspace.personal ? <UserOutlined /> : <TeamOutlined />}
            </span>
            <span className="llw-item__text">
              <span className="llw-item__name">{workspaceLabel(workspace)}</span>
              <span className="llw-item__role">{roleLabel(workspace)}</span>
            </span>
            <span className="llw-item__check" aria-hidden="true">
              {isCurrent ? <CheckOutlined /> : null}
            </span>
          </button>
        );
      })}
      {error ? (
        <p className="llw-menu__error" role="alert">
          Your teams could not be loaded: {errorMessage(error)}
        </p>
      ) : null}
      <hr className="llw-menu__separator" />
      <Link
        to="/dashboard/teams"
        role="menuitem"
        tabIndex={-1}
        className="llw-item llw-item--link"
        onClick={() => setOpen(false)}
      >
        <span className="llw-item__icon" aria-hidden="true">
          <PlusOutlined />
        </span>
        <span className="llw-item__name">Create team</span>
      </Link>
    </div>
  );

  const label = workspaceLabel(current);
  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomLeft"
      open={open}
      onOpenChange={(next) => {
        // Closed by the popover itself (Escape, a click outside): the focus goes back to the button when it
        // was in the menu or nowhere, never to the page's start.
        const active = document.activeElement;
        if (!next) refocus.current = menu.current?.contains(active) || !active || active === document.body;
        setOpen(next);
      }}
      afterOpenChange={settled}
      arrow={false}
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: 12 } }}
      classNames={{ root: 'llw-popover' }}
    >
      <button
        ref={button}
        type="button"
        className="llw-switcher"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // The name read aloud starts with the words shown: "Moon Studio Editor, switch workspace".
        aria-label={`${label} ${roleLabel(current)}, switch workspace`}
        title={`${label} (${roleLabel(current)})`}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="llw-switcher__icon" aria-hidden="true">
          {current.personal ? <UserOutlined /> : <TeamOutlined />}
        </span>
        <span className="llw-switcher__text">
          <span className="llw-switcher__name">{label}</span>{' '}
          <span className="llw-switcher__role">{roleLabel(current)}</span>
        </span>
        <DownOutlined className="llw-switcher__caret" aria-hidden="true" />
      </button>
    </Popover>
  );
}
