import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useEffect, useState } from 'react';

/** "3f2a9c1b…": enough of an id to recognise it; the copy button copies the whole id. */
export function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}

/** How long the copy button says "Copied", as antd's copyable text does. */
const COPIED_MS = 3000;

/**
 * An ID shown short (a UUID in full says nothing to a person and widens a phone's page) with a button that
 * copies the whole of it, for a support request: antd's copyable-text look, a check for 3 s after copying.
 */
export function CopyableId({ id, what }: { id: string; what: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  const label =
    state === 'copied' ? 'Copied' : state === 'failed' ? `Could not copy: ${id}` : `Copy full ${what}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="llp-id">
      <span title={id}>{shortId(id)}</span>
      <Tooltip title={label}>
        <button
          type="button"
          className={`llp-id__copy${state === 'copied' ? ' llp-id__copy--done' : ''}`}
          aria-label={label}
          onClick={() => void copy()}
        >
          {state === 'copied' ? <CheckOutlined /> : <CopyOutlined />}
        </button>
      </Tooltip>
    </span>
  );
}
