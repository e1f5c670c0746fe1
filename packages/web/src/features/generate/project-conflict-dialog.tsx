import { Alert, Button, Modal, Radio } from 'antd';
import { useState } from 'react';
import type { Side } from './project-merge.ts';
import type { SaveConflict } from './use-project-draft.ts';
import './project-conflict-dialog.css';

/** "5 fields", "1 field". */
const fieldsCount = (count: number) => `${count} field${count === 1 ? '' : 's'}`;

/** When someone saved, in the reader's own time. */
function savedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Shown when someone else saved the project while you had unsaved edits and you both changed the same
 * fields: who saved and when, each such field with both values and "Keep mine" / "Take theirs", and
 * "Reload theirs" to drop your unsaved edits. Everything only one side changed is merged already.
 */
export function ProjectConflictDialog({
  conflict,
  onResolve,
  onReload,
}: {
  conflict: SaveConflict | null;
  onResolve: (choices: Record<string, Side>) => void;
  onReload: () => void;
}) {
  if (!conflict) return null;
  // A new conflict starts with nothing chosen.
  const key = `${conflict.at}:${conflict.conflicts.map((entry) => entry.id).join(',')}`;
  return <ConflictModal key={key} conflict={conflict} onResolve={onResolve} onReload={onReload} />;
}

function ConflictModal({
  conflict,
  onResolve,
  onReload,
}: {
  conflict: SaveConflict;
  onResolve: (choices: Record<string, Side>) => void;
  onReload: () => void;
}) {
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const [confirmReload, setConfirmReload] = useState(false);
  const who = conflict.by ?? 'Someone else';
  const open = conflict.conflicts.filter((entry) => !choices[entry.id]);
  const chooseAll = (side: Side) =>
    setChoices(Object.fromEntries(conflict.conflicts.map((entry) => [entry.id, side])));
  const count = conflict.conflicts.length;
  return (
    <Modal
      open
      title={`${who} saved this project while you were editing`}
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={680}
      className="ll-conflict"
      footer={
        <div className="ll-conflict-footer">
          {confirmReload ? (
            <>
              <span className="ll-conflict-warning">Your unsaved changes will be lost.</span>
              <Button onClick={() => setConfirmReload(false)}>Back</Button>
              <Button danger onClick={onReload}>
                Drop my changes
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => setConfirmReload(true)}>Reload theirs</Button>
              <Button type="primary" disabled={open.length > 0} onClick={() => onResolve(choices)}>
                {open.length > 0 ? `Choose ${fieldsCount(open.length)} to save` : 'Save merged project'}
              </Button>
            </>
          )}
        </div>
      }
    >
      <p className="ll-conflict-lead">
        {who} saved it on {savedAt(conflict.at)}. Changes only one of you made are already merged.
        {count > 0
          ? ` You both changed ${fieldsCount(count)}: choose which version of each to keep.`
          : ' Nothing you both changed needs a choice.'}
      </p>
      {conflict.notes.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          className="ll-conflict-notes"
          title="Some of your changes cannot be kept"
          description={
            <ul>
              {conflict.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      {count > 1 ? (
        <div className="ll-conflict-all">
          <Button size="small" onClick={() => chooseAll('mine')}>
            Keep all mine
          </Button>
          <Button size="small" onClick={() => chooseAll('theirs')}>
            Take all theirs
          </Button>
        </div>
      ) : null}
      <ul className="ll-conflict-list">
        {conflict.conflicts.map((entry) => (
          <li key={entry.id} className="ll-conflict-field">
            <fieldset>
              <legend>{entry.label}</legend>
              <Radio.Group
                value={choices[entry.id]}
                onChange={(event) =>
                  setChoices((current) => ({ ...current, [entry.id]: event.target.value }))
                }
                className="ll-conflict-options"
              >
                <Radio value="mine" className="ll-conflict-option">
                  <span className="ll-conflict-side">Keep mine</span>
                  <span className="ll-conflict-value">{entry.mine}</span>
                </Radio>
                <Radio value="theirs" className="ll-conflict-option">
                  <span className="ll-conflict-side">Take theirs</span>
                  <span className="ll-conflict-value">{entry.theirs}</span>
                </Radio>
              </Radio.Group>
            </fieldset>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
