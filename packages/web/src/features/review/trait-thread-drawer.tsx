import type { CommentTarget } from '@layerloom/api';
import { Drawer } from 'antd';
import { useState } from 'react';
import { CommentThread } from './comment-thread.tsx';
import './review.css';

/** A trait of a project, by the names its comments are kept under. */
export type TraitRef = Extract<CommentTarget, { layer: string }>;

/**
 * One trait's comments in the project editor, beside the editor in a drawer: the thread and a box to add a
 * comment (Viewers too). `trait` null closes it; the last trait stays drawn while it slides away.
 */
export function TraitThreadDrawer({
  projectId,
  trait,
  onClose,
}: {
  projectId: string;
  trait: TraitRef | null;
  onClose: () => void;
}) {
  const [shown, setShown] = useState(trait);
  if (trait && (trait.layer !== shown?.layer || trait.trait !== shown?.trait)) setShown(trait);
  const title = shown ? `Comments on ${shown.layer} / ${shown.trait}` : 'Comments';
  return (
    <Drawer
      open={trait !== null}
      onClose={onClose}
      title={title}
      placement="right"
      closable={{ 'aria-label': 'Close the comments' }}
      rootClassName="ll-trait-thread"
      afterOpenChange={(open) => {
        if (!open) setShown(null);
      }}
    >
      {shown ? (
        <CommentThread
          key={`${shown.layer}\u0000${shown.trait}`}
          resource={{ kind: 'project', id: projectId }}
          target={shown}
          title={title}
          titleHidden
        />
      ) : null}
    </Drawer>
  );
}
