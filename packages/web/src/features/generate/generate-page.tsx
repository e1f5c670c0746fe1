import { type ProjectSummary, planById, type User } from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { PageLoading } from '../../app/route-error.tsx';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { lazyPart } from '../../lib/lazy-part.ts';
import { useSession } from '../auth/session.ts';
import { useCollections } from '../collections/collections-queries.ts';
import { savesSettled } from './pending-saves.ts';
import { lastGenerated, projectToOpen } from './project-choice.ts';
import { UNTITLED_PROJECT } from './project-defaults.ts';
import { ProjectEditor } from './project-editor.tsx';
import {
  createProjectEndpoint,
  deleteProjectEndpoint,
  getProjectEndpoint,
  listProjectsEndpoint,
} from './project-endpoints.ts';
import './generate.css';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { projectDeleted } from '../review/use-project-presence.ts';
import { usePermission, useWorkspaceInUrl, useWorkspaceScope } from '../workspaces/workspace-context.tsx';

// A page-wide message (the generator could not open, nothing to open) is rare: its code loads when shown.
const pageResult = lazyPart(() => import('./page-result.tsx').then((module) => module.PageResult));

/** The lists of projects, one per workspace (`[...projectsKey, workspace]`). */
const projectsKey = ['projects', 'list'] as const;

/** A fresh project's settings: sizes the user's plan allows, in the current workspace (none: the personal one). */
function newProjectBody(user: User, workspaceId: string | undefined) {
  const plan = planById(user.planId);
  return {
    ...(workspaceId ? { workspaceId } : {}),
    name: UNTITLED_PROJECT,
    description: '',
    collectionSize: Math.min(100, plan.maxAssets),
    width: 1024,
    height: 1024,
  };
}

/**
 * Generate NFT (`/dashboard/nft`): opens the user's most recent project not generated yet (or starts one)
 * and edits it, saved as they work; a picker switches between projects.
 */
export function GeneratePage() {
  useDocumentTitle('Generate NFT');
  const session = useSession();
  const user = session.data ?? null;
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  // A search result opens a given project (`?project=<id>`).
  const [params] = useSearchParams();
  const linkedProject = params.get('project');
  const [projectId, setProjectId] = useState<string | null>(linkedProject);
  useEffect(() => {
    if (linkedProject) setProjectId(linkedProject);
  }, [linkedProject]);

  // The current workspace's projects; another workspace chosen opens its own latest draft.
  useWorkspaceInUrl();
  const workspace = useWorkspaceScope();
  const canStart = usePermission('edit', 'starting a project');
  const [openedIn, setOpenedIn] = useState(workspace.key);
  if (openedIn !== workspace.key) {
    setOpenedIn(workspace.key);
    // A project moved here comes with its own link (`?project=`), and stays open.
    setProjectId(linkedProject);
  }
  const listProjectsQuery = {
    queryKey: [...projectsKey, workspace.key],
    queryFn: () =>
      call(listProjectsEndpoint, { query: { workspace: workspace.param } }).then(
        (answer) => answer.data.projects,
      ),
  };
  const projects = useQuery({ ...listProjectsQuery, enabled: user !== null && workspace.ready });
  // Which projects already made their collection: those are not reopened as if ready to generate.
  const collections = useCollections();

  const create = useMutation({
    mutationFn: (owner: User) =>
      call(createProjectEndpoint, { body: newProjectBody(owner, workspace.param) }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(['projects', data.project.id], data.project);
      setProjectId(data.project.id);
      void queryClient.invalidateQueries({ queryKey: projectsKey });
    },
    onError: (error) => feedback.notifyError('The project could not be created', error),
  });

  // On open: the most recent draft, or a new project when there is none. A member who may not start one
  // (a Viewer) sees the latest project instead, or why there is nothing to open.
  const list = projects.data;
  const made = collections.data;
  const { mutate: createNow, isPending: isCreating, isError: createFailed } = create;
  const mayStart = canStart.allowed;
  useEffect(() => {
    if (projectId || !list || !made || !user || isCreating || createFailed) return;
    const draft = projectToOpen(list, made) ?? (mayStart ? null : (list[0]?.id ?? null));
    if (draft) setProjectId(draft);
    else if (mayStart) createNow(user);
  }, [projectId, list, made, user, isCreating, createFailed, createNow, mayStart]);

  const project = useQuery({
    queryKey: ['projects', projectId],
    queryFn: async () => {
      const id = projectId ?? '';
      // Switching back right after leaving: read the project once its last save has landed.
      await savesSettled(id);
      return (await call(getProjectEndpoint, { params: { id } })).data.project;
    },
    enabled: projectId !== null,
    // The editor owns the project once open; it is read again only when reopened.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  const discard = async () => {
    if (!projectId || !user) return;
    try {
      await call(deleteProjectEndpoint, { params: { id: projectId } });
    } catch (error) {
      feedback.notifyError('The project could not be discarded', error);
      return;
    }
    projectDeleted(projectId);
    queryClient.removeQueries({ queryKey: ['projects', projectId] });
    let rest: ProjectSummary[] = [];
    try {
      rest = (await queryClient.fetchQuery({ ...listProjectsQuery, staleTime: 0 })).filter(
        (summary) => summary.id !== projectId,
      );
    } catch {
      // The list will be read again; a fresh project keeps the page usable meanwhile.
    }
    feedback.success('Project discarded');
    // The creator was just working here: the project they had before comes back, generated or not.
    const next = rest[0];
    if (next) setProjectId(next.id);
    else {
      setProjectId(null);
      create.mutate(user);
    }
  };

  const switchTo = (id: string) => {
    if (id === projectId) return;
    void queryClient.invalidateQueries({ queryKey: projectsKey });
    setProjectId(id);
  };

  const failure =
    session.error ??
    projects.error ??
    collections.error ??
    project.error ??
    (createFailed ? create.error : null);
  if (failure) {
    return (
      <Suspense fallback={<PageLoading />}>
        <pageResult.Part
          status="error"
          title="The generator could not be opened"
          subTitle={errorMessage(failure)}
          extra={
            <Button
              type="primary"
              onClick={() => {
                create.reset();
                setProjectId(null);
                void queryClient.invalidateQueries({ queryKey: projectsKey });
                void collections.refetch();
              }}
            >
              Try again
            </Button>
          }
        />
      </Suspense>
    );
  }
  if (!canStart.allowed && list?.length === 0 && projectId === null) {
    return (
      <Suspense fallback={<PageLoading />}>
        <pageResult.Part status="info" title="No projects here yet" subTitle={canStart.reason} />
      </Suspense>
    );
  }
  if (!user || !project.data) return <PageLoading />;
  return (
    <ProjectEditor
      key={project.data.id}
      project={project.data}
      plan={planById(user.planId)}
      projects={projects.data ?? []}
      generated={lastGenerated(collections.data ?? [], project.data.id)}
      onSwitch={switchTo}
      onNew={() => create.mutate(user)}
      onDiscard={discard}
      isSwitching={isCreating}
    />
  );
}
