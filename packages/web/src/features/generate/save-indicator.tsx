import {
  CheckCircleFilled,
  CloudUploadOutlined,
  ExclamationCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { errorMessage } from '../../lib/api-error.ts';
import type { SaveState } from './use-project-draft.ts';

/** "Saved" / "Saving…" / "Not saved" (with the reason and Retry), announced politely. */
export function SaveIndicator({
  state,
  hasInvalidFields,
  onRetry,
}: {
  state: SaveState;
  hasInvalidFields: boolean;
  onRetry: () => void;
}) {
  let content: React.ReactNode;
  if (state.kind === 'error') {
    content = (
      <span className="ll-gen-save is-error">
        <ExclamationCircleFilled aria-hidden="true" />
        <span>Not saved: {errorMessage(state.error)}</span>
        <Button size="small" type="link" onClick={onRetry}>
          Retry
        </Button>
      </span>
    );
  } else if (state.kind === 'saving' || state.kind === 'pending') {
    content = (
      <span className="ll-gen-save">
        {state.kind === 'saving' ? (
          <LoadingOutlined aria-hidden="true" />
        ) : (
          <CloudUploadOutlined aria-hidden="true" />
        )}
        <span>Saving…</span>
      </span>
    );
  } else if (hasInvalidFields) {
    content = (
      <span
        className="ll-gen-save is-warning"
        title="Fields with an error keep their last valid value until fixed."
      >
        <ExclamationCircleFilled aria-hidden="true" />
        <span>Saved, except fields with errors</span>
      </span>
    );
  } else {
    content = (
      <span className="ll-gen-save is-saved">
        <CheckCircleFilled aria-hidden="true" />
        <span>Saved</span>
      </span>
    );
  }
  return (
    <div role="status" aria-live="polite" className="ll-gen-save-wrap">
      {content}
    </div>
  );
}
