import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import type { SearchGroup, SearchHit } from '@layerloom/api';
import { Button } from 'antd';
import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-error.ts';
import { useWorkspace } from '../workspaces/workspace-context.tsx';
import { hitKey, hitPath, kindLabels, searchPagePath } from './search-links.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue, useSearch } from './search-queries.ts';
import './search.css';

/**
 * How a result looks (its picture, name and detail) comes with the first results, not with the dashboard: the
 * box is on every dashboard page, and that code (thumbnails' addresses, icons) is only needed once the user
 * searches. Its loading starts when the box takes the focus, so it is there by the time results arrive.
 */
const loadHitContent = () => import('./search-hit.tsx');
const SearchHitContent = lazy(() =>
  loadHitContent().then((module) => ({ default: module.SearchHitContent })),
);

/** Results per kind in the dropdown; the results page has the rest. */
const DROPDOWN_PAGE_SIZE = 5;

/** A choice of the dropdown: a result, or the results page. */
type Choice = { kind: 'hit'; hit: SearchHit; path: string } | { kind: 'all'; path: string };

/**
 * An entry of the dropdown. The focus stays in the text box (aria-activedescendant names the entry
 * the arrows reached), so the mouse must not take it: pressing keeps it, clicking chooses.
 */
function ChoiceOption({
  id,
  className,
  isActive,
  onPoint,
  onChoose,
  children,
}: {
  id: string;
  className?: string;
  isActive: boolean;
  onPoint: () => void;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses through the text box (arrows, Enter)
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={isActive}
      className={`ll-search__option${isActive ? ' ll-search__option--active' : ''}${className ? ` ${className}` : ''}`}
      onMouseDown={(event) => event.preventDefault()}
      onMouseEnter={onPoint}
      onClick={onChoose}
    >
      {children}
    </div>
  );
}

/** Whether a key press lands in something the user types into (where `/` is a character, not a shortcut). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The dropdown's choices in order: each group's results, then "See all results". */
export function choicesOf(
  groups: readonly SearchGroup[],
  text: string,
  currentWorkspaceId?: string,
): Choice[] {
  const choices: Choice[] = groups.flatMap((group) =>
    group.hits.map((hit): Choice => ({ kind: 'hit', hit, path: hitPath(hit, currentWorkspaceId) })),
  );
  if (text.trim()) choices.push({ kind: 'all', path: searchPagePath(text) });
  return choices;
}

/**
 * The dashboard header's search box: results grouped by kind in a dropdown as the user types
 * (debounced), arrows move through them, Enter opens the chosen one or else the results page,
 * Escape closes. `/` (outside a text field) or Ctrl+K / ⌘K focuses it from anywhere. On phones the
 * box is an icon that opens a full-width field over the header.
 */
export function HeaderSearch() {
  const { current } = useWorkspace();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const listId = `${id}-results`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [isExpanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const [focusRequest, setFocusRequest] = useState(0);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const results = useSearch(settled, { pageSize: DROPDOWN_PAGE_SIZE });
  const groups = text.trim() ? (results.data?.groups ?? []).filter((group) => group.hits.length > 0) : [];
  const choices = choicesOf(groups, text, current.id);
  const showPanel = isOpen && text.trim().length > 0;
  const isWaiting = text.trim() !== settled.trim() || results.isFetching;

  // `/` and Ctrl+K / ⌘K: to the search box from anywhere in the dashboard.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const isCtrlK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
      const isSlash =
        event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
      if (!isCtrlK && !isSlash) return;
      event.preventDefault();
      setExpanded(true);
      setFocusRequest((count) => count + 1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // After the phone's field is shown, so it can take the focus.
  useEffect(() => {
    if (focusRequest > 0) {
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  }, [focusRequest]);

  // Another page: the dropdown and the phone's field close.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setOpen(false);
    setExpanded(false);
    setActive(-1);
  }, [location.pathname, location.search]);

  const go = (path: string) => {
    setOpen(false);
    setExpanded(false);
    inputRef.current?.blur();
    void navigate(path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!text.trim() || choices.length === 0) return;
      setOpen(true);
      const count = choices.length;
      // Down from the last and up from the first wrap around; up from the text goes to the last.
      setActive((current) =>
        event.key === 'ArrowDown' ? (current + 1) % count : current <= 0 ? count - 1 : current - 1,
      );
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = showPanel ? choices[active] : undefined;
      if (chosen) go(chosen.path);
      else if (text.trim()) go(searchPagePath(text));
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      if (showPanel) {
        setOpen(false);
        setActive(-1);
      } else {
        setExpanded(false);
        inputRef.current?.blur();
      }
    }
  };

  const optionId = (index: number) => `${id}-option-${index}`;
  let index = -1;

  return (
    <div className={`ll-search${isExpanded ? ' ll-search--expanded' : ''}`}>
      <Button
        className="ll-search__open"
        type="text"
        size="large"
        icon={<SearchOutlined />}
        aria-label="Search"
        aria-expanded={isExpanded}
        onClick={() => {
          setExpanded(true);
          setFocusRequest((count) => count + 1);
        }}
      />
      <div className="ll-search__field">
        {/* A plain text box with antd's Input look (search.css), not antd's Input: that one brings its
            TextArea, Password, OTP and Search along, on every dashboard page's first load. Pressing anywhere
            in the box (its icon, its hint) puts the cursor in the text, as antd's does. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the text box inside takes the focus and the keys */}
        <span
          className="ll-search__input"
          onMouseDown={(event) => {
            if (event.target === inputRef.current) return;
            event.preventDefault();
            inputRef.current?.focus();
          }}
        >
          <span className="ll-search__prefix">
            <SearchOutlined aria-hidden="true" />
          </span>
          <input
            ref={inputRef}
            className="ll-search__text"
            type="search"
            placeholder="Search projects, collections, tokens"
            aria-label="Search projects, collections and tokens"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showPanel}
            aria-controls={listId}
            aria-activedescendant={showPanel && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(-1);
              setOpen(true);
            }}
            onFocus={() => {
              setOpen(true);
              void loadHitContent();
            }}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          <span className="ll-search__suffix">
            <kbd className="ll-search__hint">/</kbd>
          </span>
        </span>
        <Button
          className="ll-search__close"
          type="text"
          icon={<CloseOutlined />}
          aria-label="Close search"
          onClick={() => {
            setExpanded(false);
            setOpen(false);
          }}
        />
        <div className="ll-search__panel" hidden={!showPanel}>
          <p className="ll-search__status" role="status">
            {!showPanel
              ? ''
              : results.isError
                ? errorMessage(results.error)
                : groups.length === 0
                  ? isWaiting
                    ? 'Searching…'
                    : `No results for “${text.trim()}”`
                  : isWaiting
                    ? 'Searching…'
                    : ''}
          </p>
          <div id={listId} role="listbox" aria-label="Search results" className="ll-search__list">
            {/* The groups show once the results' look has loaded (at once after the first search). */}
            <Suspense fallback={null}>
              {showPanel &&
                groups.map((group) => (
                  // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (a fieldset holds form fields)
                  <div
                    key={group.kind}
                    role="group"
                    aria-labelledby={`${id}-${group.kind}`}
                    className="ll-search__group"
                  >
                    <div id={`${id}-${group.kind}`} role="presentation" className="ll-search__group-title">
                      {kindLabels[group.kind]}
                      <span className="ll-search__count">{group.total.toLocaleString('en-US')}</span>
                    </div>
                    {group.hits.map((hit) => {
                      index += 1;
                      const position = index;
                      return (
                        <ChoiceOption
                          key={hitKey(hit)}
                          id={optionId(position)}
                          isActive={position === active}
                          onPoint={() => setActive(position)}
                          onChoose={() => go(hitPath(hit, current.id))}
                        >
                          <SearchHitContent hit={hit} />
                        </ChoiceOption>
                      );
                    })}
                  </div>
                ))}
            </Suspense>
            {showPanel && (
              <ChoiceOption
                id={optionId(choices.length - 1)}
                className="ll-search__all"
                isActive={active === choices.length - 1}
                onPoint={() => setActive(choices.length - 1)}
                onChoose={() => go(searchPagePath(text))}
              >
                <SearchOutlined aria-hidden="true" /> See all results for “{text.trim()}”
              </ChoiceOption>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
