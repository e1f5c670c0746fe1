import {
  CheckCircleFilled,
  CloudUploadOutlined,
  EditOutlined,
  ExclamationCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { errorMessage } from '../../lib/api-error.ts';
import type { SaveState } from './use-project-draft.ts';

/**
 * What is true of the project, announced politely: "Saving…", "Not saved" (with the reason and Retry),
 * fields with errors that stay unsaved, a saved draft that cannot be generated yet, or saved and ready.
 */
export function SaveIndicator({
  state,
  hasInvalidFields,
  isComplete,
  onRetry,
}: {
  state: SaveState;
  hasInvalidFields: boolean;
  /** Nothing but saving stands between the project and Generate. */
  isComplete: boolean;
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
      <span className="ll-gen-save is-warning">
        <ExclamationCircleFilled aria-hidden="true" />
        <span>Not saved: fields with errors keep their last valid value until fixed</span>
      </span>
    );
  } else if (!isComplete) {
    content = (
      <span className="ll-gen-save is-draft">
        <EditOutlined aria-hidden="true" />
        <span>Draft saved · not ready to generate yet</span>
      </span>
    );
  } else {
    content = (
      <span className="ll-gen-save is-saved">
        <CheckCircleFilled aria-hidden="true" />
        <span>Saved · ready to generate</span>
      </span>
    );
  }
  return (
    <div role="status" aria-live="polite" className="ll-gen-save-wrap">
      {content}
    </div>
  );
}
