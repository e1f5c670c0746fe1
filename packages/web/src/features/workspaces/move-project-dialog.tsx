import { TeamOutlined } from '@ant-design/icons';
import { workspaceRoles } from '@layerloom/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Modal, Radio } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useCollections } from '../collections/collections-queries.ts';
import { useLaunchStatuses } from '../collections/launch-status.tsx';
import { moveBlockedReason, moveProjectEndpoint, moveTargets } from './move-project.ts';
import { workspaceLabel } from './workspace-choice.ts';
import { useWorkspace, WORKSPACE_PARAM } from './workspace-context.tsx';

export interface MoveProjectDialogProps {
  project: { id: string; name: string };
  open: boolean;
  onClose: () => void;
}

/**
 * "Move to workspace…": the workspaces the user owns besides the project's, one to choose, then Move. A
 * project whose collection has a contract cannot move (said at once, Move disabled). Once moved, the
 * dashboard follows it into its new workspace, the project still open.
 */
export function MoveProjectDialog({ project, open, onClose }: MoveProjectDialogProps) {
  const { workspaces, current, switchTo } = useWorkspace();
  const targets = moveTargets(workspaces, current.id);
  const [target, setTarget] = useState<string | null>(null);
  const collections = useCollections();
  const launches = useLaunchStatuses();
  const blocked = moveBlockedReason(project.id, collections.data ?? [], launches.data);
  const client = useQueryClient();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const chosen = targets.find((workspace) => workspace.id === target) ?? null;

  const move = useMutation({
    mutationFn: (workspaceId: string) =>
      call(moveProjectEndpoint, { params: { id: project.id }, body: { workspaceId } }),
    onSuccess: (_answer, workspaceId) => {
      void client.invalidateQueries({ queryKey: ['projects'] });
      void client.invalidateQueries({ queryKey: ['collections'] });
      void client.invalidateQueries({ queryKey: ['launch-status'] });
      const name = chosen ? workspaceLabel(chosen) : 'the workspace';
      feedback.success(`“${project.name}” moved to ${name}`);
      onClose();
      switchTo(workspaceId);
      void navigate(
        `/dashboard/nft?${new URLSearchParams({ [WORKSPACE_PARAM]: workspaceId, project: project.id })}`,
        { replace: true },
      );
    },
  });

  const reasonId = 'llw-move-reason';
  return (
    <Modal
      open={open}
      title={`Move “${project.name}” to another workspace`}
      okText="Move project"
      onOk={() => chosen && move.mutate(chosen.id)}
      onCancel={onClose}
      confirmLoading={move.isPending}
      okButtonProps={{
        disabled: !chosen || blocked !== null,
        'aria-describedby': blocked ? reasonId : undefined,
      }}
      destroyOnHidden
      width={520}
    >
      <p className="llw-move-lead">
        The project moves with the collections generated from it. Its members then see it with their role
        there; you must own both workspaces.
      </p>
      {blocked ? (
        <p id={reasonId} className="llw-role-note">
          {blocked}
        </p>
      ) : null}
      {targets.length === 0 ? (
        <p className="llw-move-lead">
          You own no other workspace yet. <Link to="/dashboard/teams">Create a team</Link> to move projects
          into it.
        </p>
      ) : (
        <Radio.Group
          className="llw-move-choices"
          aria-label="Move to"
          value={target}
          onChange={(event) => setTarget(event.target.value as string)}
          disabled={blocked !== null || move.isPending}
        >
          {targets.map((workspace) => (
            <Radio key={workspace.id} value={workspace.id} className="llw-move-choice">
              <span className="llw-move-choice__name">
                {workspace.personal ? null : <TeamOutlined aria-hidden="true" />} {workspaceLabel(workspace)}
              </span>
              <span className="llw-move-choice__role">
                {workspace.personal ? 'Your own' : workspaceRoles[workspace.role].label}
              </span>
            </Radio>
          ))}
        </Radio.Group>
      )}
      {move.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="The project could not be moved"
          description={errorMessage(move.error)}
        />
      ) : null}
    </Modal>
  );
}
