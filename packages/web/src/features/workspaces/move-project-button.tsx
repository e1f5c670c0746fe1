import { SwapOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { RoleNote } from './role-note.tsx';
import { usePermission } from './workspace-context.tsx';

// The dialog (its list, the launch check) comes when the button is first pointed at or pressed.
const loadDialog = () => import('./move-project-dialog.tsx');
const MoveProjectDialog = lazy(() => loadDialog().then((module) => ({ default: module.MoveProjectDialog })));

/** "Move to workspace…" on a project: Owner only (disabled with the reason otherwise), opening the move dialog. */
export function MoveProjectButton({ project }: { project: { id: string; name: string } }) {
  const moving = usePermission('move', 'moving a project');
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const noteId = 'llw-move-role-note';
  return (
    <>
      <Button
        icon={<SwapOutlined aria-hidden="true" />}
        disabled={!moving.allowed}
        aria-describedby={moving.allowed ? undefined : noteId}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Move to workspace…
      </Button>
      {moving.allowed ? null : <RoleNote id={noteId} permission={moving} />}
      {used ? (
        <Suspense fallback={null}>
          <MoveProjectDialog project={project} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
