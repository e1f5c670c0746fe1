import {
  AppstoreOutlined,
  DeleteOutlined,
  EyeOutlined,
  PlusOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { Collection, Plan, Project, ProjectSummary } from '@layerloom/api';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button } from 'antd';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { WatermarkNote } from '../../components/watermark-note.tsx';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { lazyPart } from '../../lib/lazy-part.ts';
import { arrivalFocus } from '../../lib/use-arrival-focus.ts';
import { listCollectionsEndpoint } from '../collections/collection-endpoints.ts';
import { PresenceStrip } from '../review/presence-strip.tsx';
import type { TraitRef } from '../review/trait-thread-drawer.tsx';
import { traitNamesOf, useCommentCountsFollowRenames } from '../review/use-comment-counts-follow-renames.ts';
import { useProjectPresence } from '../review/use-project-presence.ts';
import { MoveProjectButton } from '../workspaces/move-project-button.tsx';
import { RoleNote } from '../workspaces/role-note.tsx';
import { AdvancedSection, usesAdvanced } from './advanced-section.tsx';
import { BlockerList } from './blocker-list.tsx';
import { pruneConfigurations, renameLayerInConfigurations } from './configurations.ts';
import { feasibilityCount } from './feasibility.ts';
import { FeasibilityPanel } from './feasibility-panel.tsx';
import { GenCard } from './gen-card.tsx';
import { type BlockerTarget, generateBlockers, longestAnimationMs } from './generate-blockers.ts';
import { LayersPanel, moveLayer, NEW_LAYER_INPUT_ID } from './layers-panel.tsx';
import { useMetadataCheck } from './metadata-check.ts';
import { NextStep } from './next-step.tsx';
import { sampleSettings, UNTITLED_PROJECT } from './project-defaults.ts';
import { type Draft, type DraftLayer, newLayerKey, saveBody } from './project-draft.ts';
import {
  feasibilityEndpoint,
  importLayersEndpoint,
  sampleLayersEndpoint,
  uploadOneOfOneEndpoint,
  uploadTraitsEndpoint,
} from './project-endpoints.ts';
import { ADVANCED_FIELDS, ProjectForm } from './project-form.tsx';
import { ProjectPicker } from './project-picker.tsx';
import { pruneRules, renameLayerInRules, renameTraitInRules } from './rules.ts';
import { SaveIndicator } from './save-indicator.tsx';
import { SavedByNote } from './saved-by-note.tsx';
import { useEditAccess } from './use-edit-access.ts';
import { useGeneration } from './use-generation.ts';
import { useProjectDraft } from './use-project-draft.ts';
import { useProjectQuality } from './use-project-quality.ts';

// The editor's parts that a first look at the page does not show load when first needed: what Advanced
// holds, the selected layer's images, the animation and quality panels, the generation's progress and
// result, the previews and the dialog for a conflicting save.
const advancedParts = lazyPart(() => import('./advanced-parts.tsx').then((module) => module.AdvancedParts));
const layerEditor = lazyPart(() => import('./layer-editor.tsx').then((module) => module.LayerEditor));
const animationPanel = lazyPart(() =>
  import('./animation-panel.tsx').then((module) => module.AnimationPanel),
);
const qualityPanel = lazyPart(() => import('./quality-panel.tsx').then((module) => module.QualityPanel));
const generationPanel = lazyPart(() =>
  import('./generation-panel.tsx').then((module) => module.GenerationPanel),
);
const generatedModal = lazyPart(() =>
  import('./generation-panel.tsx').then((module) => module.GeneratedModal),
);
const previewModal = lazyPart(() => import('./preview-modals.tsx').then((module) => module.PreviewModal));
const previewGridModal = lazyPart(() =>
  import('./preview-modals.tsx').then((module) => module.PreviewGridModal),
);
const conflictDialog = lazyPart(() =>
  import('./project-conflict-dialog.tsx').then((module) => module.ProjectConflictDialog),
);
// A trait's comments, opened from its card (or a mention's link).
const traitThreadDrawer = lazyPart(() =>
  import('../review/trait-thread-drawer.tsx').then((module) => module.TraitThreadDrawer),
);

/** Where a part loading on demand will be: a panel's height, taken while its code loads, so nothing jumps. */
function PartLoading({ minHeight }: { minHeight: number }) {
  return <div className="ll-gen-part-loading" style={{ minHeight }} aria-busy="true" />;
}

/** Whether something has been shown at least once (a dialog stays mounted after it first opens, to close as usual). */
function useShownOnce(shown: boolean): boolean {
  const [once, setOnce] = useState(shown);
  if (shown && !once) setOnce(true);
  return once || shown;
}

/** Layers from a server answer, keeping the editor's keys for layers it already had. */
function withKeys(current: Draft, project: Project): Draft {
  const keys = new Map(current.layers.filter((layer) => layer.id).map((layer) => [layer.id, layer.key]));
  return {
    ...current,
    rules: project.rules,
    layers: project.layers.map((layer) => ({ ...layer, key: keys.get(layer.id) ?? layer.id })),
  };
}

/** The Generate NFT editor for one project: settings, layers, uploads, rules, previews and generation. */
export function ProjectEditor({
  project,
  plan,
  projects,
  generated,
  onSwitch,
  onNew,
  onDiscard,
  isSwitching,
}: {
  project: Project;
  plan: Plan;
  projects: readonly ProjectSummary[];
  /** The newest collection already generated from this project. */
  generated?: Collection | undefined;
  onSwitch: (id: string) => void;
  onNew: () => void;
  onDiscard: () => Promise<void>;
  isSwitching: boolean;
}) {
  const feedback = useFeedback();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    draft,
    saveState,
    revision,
    edit: editDraft,
    adopt,
    flush,
    current,
    conflict,
    resolve,
    reloadTheirs,
    savedBy,
  } = useProjectDraft(project);
  // A Viewer reads the project (and comments): no edit reaches the draft, so no save is ever sent.
  const { canEdit, note: editing } = useEditAccess(project.workspaceId);
  const edit = useCallback(
    (recipe: (current: Draft) => Draft) => {
      if (canEdit) editDraft(recipe);
    },
    [canEdit, editDraft],
  );
  // A project that uses an advanced feature shows them; a first one keeps them out of the way.
  const [advancedOpen, setAdvancedOpen] = useState(() => usesAdvanced(draft));
  // Advanced's parts are drawn from the first time it opens on; a fix for one of them waits until they are.
  const advancedUsed = useShownOnce(advancedOpen);
  const [advancedShown, setAdvancedShown] = useState(false);
  const onAdvancedShown = useCallback(() => setAdvancedShown(true), []);
  const [waitingFix, setWaitingFix] = useState<BlockerTarget | null>(null);
  // A trait's comments are open while the address names it (`?layer=&trait=`, where a mention's link leads).
  const [params, setParams] = useSearchParams();
  const threadLayer = params.get('layer');
  const threadTrait = params.get('trait');
  const thread: TraitRef | null =
    threadLayer && threadTrait ? { layer: threadLayer, trait: threadTrait } : null;
  const threadUsed = useShownOnce(thread !== null);
  const showThread = (trait: TraitRef | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (trait) {
          next.set('layer', trait.layer);
          next.set('trait', trait.trait);
        } else {
          next.delete('layer');
          next.delete('trait');
        }
        return next;
      },
      { replace: true },
    );
  const [selectedKey, setSelectedKey] = useState<string | null>(
    () => (project.layers.find((layer) => layer.name === threadLayer) ?? project.layers[0])?.id ?? null,
  );
  const [previewOpen, setPreviewOpen] = useState(false);
  const [configurationPreview, setConfigurationPreview] = useState<{ index: number; name: string } | null>(
    null,
  );
  const [gridOpen, setGridOpen] = useState(false);
  const [isStarting, setIsStarting] = useState(false);
  const [distinctLooks, setDistinctLooks] = useState(false);
  const [isCancelling, setIsCancelling] = useState(false);
  const [isImporting, setIsImporting] = useState(false);
  const [importError, setImportError] = useState<{ file: string; message: string } | null>(null);
  const [isAddingSample, setIsAddingSample] = useState(false);
  const [sampleError, setSampleError] = useState<string | null>(null);
  // A refusal to start belongs to the project as it was: any later saved change hides it.
  const [startError, setStartError] = useState<{ message: string; revision: number } | null>(null);
  const [generatedOpen, setGeneratedOpen] = useState(false);
  const previewUsed = useShownOnce(previewOpen);
  const gridUsed = useShownOnce(gridOpen);
  const configurationPreviewUsed = useShownOnce(configurationPreview !== null);
  const generatedUsed = useShownOnce(generatedOpen);
  // Set when a fix asks for a layer's upload area, which exists only once that layer is selected.
  const [revealUpload, setRevealUpload] = useState(false);
  const generateButton = useRef<HTMLButtonElement>(null);
  // Set between a click on Generate and the server's answer: a second click must not start a second collection.
  const starting = useRef(false);
  const progressRegion = useRef<HTMLElement>(null);
  // The progress of a generation started here takes focus where the button was; one picked up on arrival does not.
  const focusProgress = useRef(false);
  const generation = useGeneration();
  const viewers = useProjectPresence(project.id);
  useCommentCountsFollowRenames(project.id, revision, traitNamesOf(draft.layers));
  const selected = draft.layers.find((layer) => layer.key === selectedKey) ?? null;
  // Metadata settings other than Ethereum only are checked with the contract's schema, loaded when needed.
  const metadataCheck = useMetadataCheck(draft.metadata);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the check's state changes what saveBody finds.
  const invalidFields = useMemo(() => saveBody(draft).skipped, [draft, metadataCheck]);
  const hasTraits = draft.layers.some((layer) => layer.traits.length > 0);

  // The server plans the saved project (counts, exact counts, rules): what stops Generate is decided in one place.
  const combinations = useQuery({
    queryKey: ['projects', project.id, 'feasibility', revision],
    queryFn: ({ signal }) => call(feasibilityEndpoint, { params: { id: project.id }, signal }),
    placeholderData: keepPreviousData,
    enabled: draft.layers.length > 0,
  });

  // The layers' quality, checked again after each saved change, in the background.
  const canCheckQuality = draft.layers.length > 0 && draft.layers.every((layer) => layer.traits.length > 0);
  const quality = useProjectQuality({
    projectId: project.id,
    revision,
    isSaving: saveState.kind !== 'saved',
    enabled: canCheckQuality,
  });

  // A generation still running from an earlier visit is picked up again.
  const resumed = useRef(false);
  const { follow } = generation;
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    call(listCollectionsEndpoint)
      .then(({ data }) => {
        const running = data.collections.find(
          (collection) => collection.projectId === project.id && collection.progress.status === 'generating',
        );
        if (running) follow(running);
      })
      .catch(() => undefined);
  }, [follow, project.id]);

  const status = generation.run?.progress.status;
  const runId = generation.run?.collection.id;
  useEffect(() => {
    if (!runId || !focusProgress.current) return;
    focusProgress.current = false;
    progressRegion.current?.focus();
  }, [runId]);
  useEffect(() => {
    if (status === 'ready' && runId) {
      setGeneratedOpen(true);
      void queryClient.invalidateQueries({ queryKey: ['collections'] });
    }
  }, [status, runId, queryClient]);

  const feasibility = combinations.data?.data;
  const count = useMemo(() => feasibilityCount(feasibility), [feasibility]);
  const isRunning = status === 'generating';
  const blockers = useMemo(
    () =>
      generateBlockers({
        draft,
        plan,
        count: {
          data: count,
          error: combinations.isError ? errorMessage(combinations.error) : null,
          isLoading: combinations.isLoading,
        },
        saveState,
        isRunning,
        metadataCheckFailed: metadataCheck === 'failed',
      }),
    [
      draft,
      plan,
      count,
      combinations.isError,
      combinations.error,
      combinations.isLoading,
      saveState,
      isRunning,
      metadataCheck,
    ],
  );
  // Whether the project itself is complete, apart from saving and a generation already running.
  const longestMs = useMemo(() => longestAnimationMs(draft), [draft]);
  const isComplete = blockers.every((blocker) => blocker.id === 'not-saved' || blocker.id === 'running');
  // A running job is shown by its progress, not listed as something to fix before generating.
  const fixes = useMemo(() => blockers.filter((blocker) => blocker.id !== 'running'), [blockers]);

  const editLayer = (key: string, recipe: (layer: DraftLayer) => DraftLayer) =>
    edit((d) => ({ ...d, layers: d.layers.map((layer) => (layer.key === key ? recipe(layer) : layer)) }));

  const saveNow = useCallback(() => {
    flush().catch(() => undefined); // the indicator shows a failed save
  }, [flush]);

  const reveal = useCallback((element: Element | null, focus?: HTMLElement | null) => {
    if (!element) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
    focus?.focus({ preventScroll: true });
  }, []);

  // The selected layer's upload area, once React has rendered it.
  useEffect(() => {
    if (!revealUpload) return;
    setRevealUpload(false);
    const area = document.querySelector('.ll-gen-area-layer');
    reveal(area, area?.querySelector<HTMLElement>('.ant-upload[role="button"]'));
  }, [revealUpload, reveal]);

  const goTo = (target: BlockerTarget) => {
    const inAdvanced =
      (target.kind === 'field' && ADVANCED_FIELDS.has(target.field)) ||
      target.kind === 'rules' ||
      target.kind === 'metadata';
    // Opened first, synchronously, so the fix scrolls to and focuses something visible.
    if (inAdvanced && !advancedOpen) flushSync(() => setAdvancedOpen(true));
    if (inAdvanced && !advancedShown) {
      setWaitingFix(target);
      return;
    }
    switch (target.kind) {
      case 'field': {
        // The field's control has the field's name as its id; a group (the rarity mode) focuses its choice.
        const field = document.getElementById(target.field);
        const control = field?.matches('input, textarea, select, button')
          ? field
          : field?.querySelector<HTMLElement>('input:checked, input, textarea, button');
        reveal(field, control);
        return;
      }
      case 'new-layer': {
        const input = document.getElementById(NEW_LAYER_INPUT_ID);
        reveal(input?.closest('.ll-gen-area-layers') ?? input ?? null, input);
        return;
      }
      case 'layer':
        setSelectedKey(target.key);
        setRevealUpload(true);
        return;
      case 'retry-save':
        saveNow();
        return;
      case 'recount':
        void combinations.refetch();
        return;
      case 'rules': {
        const area = document.querySelector('.ll-gen-area-rules');
        reveal(area, area?.querySelector<HTMLElement>('input, button'));
        return;
      }
      case 'animation': {
        const area = document.querySelector('.ll-gen-area-animation');
        reveal(area, area?.querySelector<HTMLElement>('input'));
        return;
      }
      case 'metadata': {
        const area = document.querySelector('.ll-gen-area-metadata');
        reveal(area, area?.querySelector<HTMLElement>('[aria-invalid="true"], input'));
        return;
      }
      case 'plans':
        return; // a link, followed by the browser
    }
  };

  // A fix that waited for Advanced's parts goes to its field once they are on the page.
  useEffect(() => {
    if (!advancedShown || !waitingFix) return;
    setWaitingFix(null);
    goTo(waitingFix);
  });

  // A project with layers shows a selected layer's images: that part's code loads with the page's data.
  const hasLayers = draft.layers.length > 0;
  useEffect(() => {
    if (hasLayers) layerEditor.preload().catch(() => undefined); // shown by the part when it renders
  }, [hasLayers]);

  const upload = async (files: File[]) => {
    if (!selected) return;
    const key = selected.key;
    await flush();
    const layer = current().layers.find((candidate) => candidate.key === key);
    if (!layer?.id) throw new Error('The layer is not saved yet; try again in a moment.');
    const body = new FormData();
    for (const file of files) body.append('files', file, file.name);
    const { added, project: saved } = (
      await call(uploadTraitsEndpoint, { params: { id: project.id, layerId: layer.id }, body })
    ).data;
    adopt(
      (d) => ({
        ...d,
        layers: d.layers.map((candidate) =>
          candidate.key === key ? { ...candidate, traits: [...candidate.traits, ...added] } : candidate,
        ),
      }),
      saved,
    );
    feedback.success(
      added.length === 1 ? `Added ${added[0]?.name}` : `Added ${added.length} images to ${layer.name}`,
    );
  };

  const uploadArtwork = async (file: File) => {
    await flush();
    const body = new FormData();
    body.append('file', file, file.name);
    const { added, project: saved } = (
      await call(uploadOneOfOneEndpoint, { params: { id: project.id }, body })
    ).data;
    adopt((d) => ({ ...d, oneOfOnes: [...d.oneOfOnes, added] }), saved);
    feedback.success(`Added 1-of-1 ${added.name}`);
  };

  const importZip = async (file: File) => {
    setIsImporting(true);
    setImportError(null);
    try {
      await flush();
      const body = new FormData();
      body.append('file', file, file.name);
      const { project: imported } = (await call(importLayersEndpoint, { params: { id: project.id }, body }))
        .data;
      adopt((d) => withKeys(d, imported), imported);
      if (!selectedKey && imported.layers[0]) setSelectedKey(imported.layers[0].id);
      feedback.success(`Imported ${imported.layers.length} layers`);
    } catch (error) {
      setImportError({ file: file.name, message: errorMessage(error) });
    } finally {
      setIsImporting(false);
    }
  };

  const startFromSample = async () => {
    setIsAddingSample(true);
    setSampleError(null);
    try {
      // The server fills only an empty project: it must have every local edit (a deleted layer) first.
      await flush();
      const { project: filled } = (await call(sampleLayersEndpoint, { params: { id: project.id }, body: {} }))
        .data;
      adopt((d) => withKeys(d, filled), filled);
      // A sample left nameless would still be blocked by the required fields: name and describe it too.
      const settings = sampleSettings(current());
      if (Object.keys(settings).length > 0) {
        edit((d) => ({ ...d, ...settings }));
      }
      const first = filled.layers[0];
      if (first) setSelectedKey(first.id);
      feedback.success(`Added ${filled.layers.length} sample layers`);
    } catch (error) {
      setSampleError(errorMessage(error));
    } finally {
      setIsAddingSample(false);
    }
  };

  const generate = async () => {
    if (blockers.length > 0 || starting.current) return;
    starting.current = true;
    setIsStarting(true);
    setStartError(null);
    // The progress takes the button's place, focused, as soon as the job starts: its code is there by then.
    const progressLoaded = Promise.all([generationPanel.preload(), generatedModal.preload()]).catch(
      () => undefined,
    );
    try {
      try {
        await flush();
      } catch {
        return; // the save indicator and the list of blockers say why
      }
      await progressLoaded;
      focusProgress.current = true;
      await generation.start(project.id, { distinctLooks });
    } catch (error) {
      focusProgress.current = false;
      setStartError({ message: errorMessage(error), revision });
    } finally {
      starting.current = false;
      setIsStarting(false);
    }
  };

  /** Opens the generated collection, its heading focused (the dialog or the button that led there is gone). */
  const openCollection = (id: string | undefined) => {
    if (id) void navigate(`/dashboard/collections/${id}`, { state: arrivalFocus });
  };

  const cancel = async () => {
    setIsCancelling(true);
    try {
      await generation.cancel();
    } catch (error) {
      feedback.notifyError('Could not cancel', error);
    } finally {
      setIsCancelling(false);
    }
  };

  const openPreview = (which: 'one' | 'grid') => {
    const dialog = which === 'one' ? previewModal : previewGridModal;
    Promise.all([flush(), dialog.preload()])
      .then(() => (which === 'one' ? setPreviewOpen(true) : setGridOpen(true)))
      // A failed save is shown by the indicator and listed under Generate; a stale preview would mislead.
      .catch(() => undefined);
  };

  const discard = () => {
    modal.confirm({
      title: `Discard “${draft.name || 'this project'}”?`,
      content:
        'The project is deleted with its settings, layers, images and rules. Collections already generated from it stay in My Collection.',
      okText: 'Discard project',
      okButtonProps: { danger: true },
      cancelText: 'Keep it',
      onOk: onDiscard,
    });
  };

  const listed = projects.some((summary) => summary.id === project.id)
    ? projects
    : [{ id: project.id, name: draft.name } as ProjectSummary, ...projects];
  const projectOptions = listed.map((summary) => ({
    value: summary.id,
    label: summary.id === project.id ? draft.name || UNTITLED_PROJECT : summary.name,
  }));
  const showCount =
    feasibility &&
    feasibility.count !== null &&
    count?.problem === null &&
    draft.layers.length > 0 &&
    draft.layers.every((layer) => layer.traits.length > 0);
  const blockersId = 'll-gen-blockers';
  // Previews are made by the server for Editors and up (renders cost): a Viewer reads the project and comments.
  const previewDisabled = !hasTraits || saveState.kind === 'error' || !canEdit;
  // Changing the project, previewing and generating stay disabled for a Viewer, with the reason.
  const roleNoteId = 'll-gen-role-note';
  const generateNoteId = 'll-gen-role-note-generate';

  return (
    <div className="ll-gen">
      <header className="ll-gen-head">
        <div className="ll-gen-title">
          <h1>Generate NFT</h1>
          <SaveIndicator
            state={saveState}
            hasInvalidFields={invalidFields.length > 0}
            isComplete={isComplete}
            onRetry={saveNow}
          />
          {conflict ? (
            <Suspense fallback={null}>
              <conflictDialog.Part conflict={conflict} onResolve={resolve} onReload={reloadTheirs} />
            </Suspense>
          ) : null}
          <SavedByNote by={savedBy} />
          <PresenceStrip viewers={viewers} />
        </div>
        <div className="ll-gen-project-bar">
          <ProjectPicker
            value={project.id}
            options={projectOptions}
            onChange={(id) => {
              showThread(null);
              onSwitch(id);
            }}
            disabled={isSwitching}
          />
          <Button
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={onNew}
            loading={isSwitching}
            disabled={!canEdit}
            aria-describedby={editing.allowed ? undefined : roleNoteId}
          >
            New project
          </Button>
          <Button
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            onClick={discard}
            disabled={!canEdit}
            aria-describedby={editing.allowed ? undefined : roleNoteId}
          >
            Discard
          </Button>
          <MoveProjectButton project={{ id: project.id, name: draft.name || project.name }} />
        </div>
        <RoleNote id={roleNoteId} permission={editing} />
      </header>

      {/* What to do next is for who can do it: a Viewer reads why in the note above. */}
      {canEdit ? (
        <NextStep
          blockers={fixes}
          isGenerating={isRunning || isStarting}
          generated={generated}
          collectionSize={draft.collectionSize}
          onTarget={goTo}
          onGoToGenerate={() =>
            reveal(document.querySelector('.ll-gen-area-generate'), generateButton.current)
          }
          onGoToProgress={() => reveal(progressRegion.current, progressRegion.current)}
          onShowAll={() => {
            const list = document.getElementById(blockersId);
            reveal(list, list?.querySelector<HTMLElement>('h3'));
          }}
          sample={{ onStart: () => void startFromSample(), isLoading: isAddingSample }}
        />
      ) : null}

      <div className="ll-gen-body">
        <GenCard
          title={<h2 className="ll-gen-card-title">Project</h2>}
          className="ll-gen-card ll-gen-area-settings"
          locked={!canEdit}
        >
          <ProjectForm
            draft={draft}
            plan={plan}
            onChange={(changed) => edit((d) => ({ ...d, ...(changed as Partial<Draft>) }))}
          />
        </GenCard>
        <GenCard
          title={<h2 className="ll-gen-card-title">Layers</h2>}
          className="ll-gen-card ll-gen-area-layers"
          locked={!canEdit}
        >
          <LayersPanel
            layers={draft.layers}
            selectedKey={selected?.key ?? null}
            sample={{ onStart: () => void startFromSample(), isLoading: isAddingSample, error: sampleError }}
            actions={{
              onSelect: setSelectedKey,
              onAdd: (name) => {
                const key = newLayerKey();
                edit((d) => ({
                  ...d,
                  layers: [
                    ...d.layers,
                    { key, name, presence: 100, blend: 'normal', opacity: 1, traits: [] },
                  ],
                }));
                setSelectedKey(key);
                setSampleError(null);
                saveNow();
              },
              onMove: (from, to) => edit((d) => ({ ...d, layers: moveLayer(d.layers, from, to) })),
              onChange: (key, change) => editLayer(key, (layer) => ({ ...layer, ...change })),
              onRename: (key, name) =>
                edit((d) => {
                  const old = d.layers.find((layer) => layer.key === key);
                  return {
                    ...d,
                    layers: d.layers.map((layer) => (layer.key === key ? { ...layer, name } : layer)),
                    rules: old ? renameLayerInRules(d.rules, old.name, name) : d.rules,
                    configurations: old
                      ? renameLayerInConfigurations(d.configurations, old.name, name)
                      : d.configurations,
                  };
                }),
              onDelete: (key) => {
                edit((d) => {
                  const layers = d.layers.filter((layer) => layer.key !== key);
                  return {
                    ...d,
                    layers,
                    rules: pruneRules(d.rules, layers),
                    configurations: pruneConfigurations(d.configurations, layers),
                  };
                });
                if (selectedKey === key) setSelectedKey(null);
              },
            }}
          />
        </GenCard>
        <GenCard
          title={
            <h2 className="ll-gen-card-title">{selected ? `Layer: ${selected.name}` : 'Layer images'}</h2>
          }
          className="ll-gen-card ll-gen-area-layer"
          locked={!canEdit}
        >
          {selected ? (
            <Suspense fallback={<PartLoading minHeight={220} />}>
              <layerEditor.Part
                key={selected.key}
                projectId={project.id}
                layer={selected}
                plan={plan}
                rarityMode={draft.rarityMode}
                collectionSize={draft.collectionSize}
                actions={{
                  onUpload: upload,
                  onWeight: (traitId, weight) =>
                    editLayer(selected.key, (layer) => ({
                      ...layer,
                      traits: layer.traits.map((trait) =>
                        trait.id === traitId ? { ...trait, weight } : trait,
                      ),
                    })),
                  onRename: (traitId, name) =>
                    edit((d) => {
                      const old = selected.traits.find((trait) => trait.id === traitId);
                      return {
                        ...d,
                        layers: d.layers.map((layer) =>
                          layer.key === selected.key
                            ? {
                                ...layer,
                                traits: layer.traits.map((trait) =>
                                  trait.id === traitId ? { ...trait, name } : trait,
                                ),
                              }
                            : layer,
                        ),
                        rules: old ? renameTraitInRules(d.rules, selected.name, old.name, name) : d.rules,
                      };
                    }),
                  onDelete: (traitId) =>
                    edit((d) => {
                      const layers = d.layers.map((layer) =>
                        layer.key === selected.key
                          ? { ...layer, traits: layer.traits.filter((trait) => trait.id !== traitId) }
                          : layer,
                      );
                      return { ...d, layers, rules: pruneRules(d.rules, layers) };
                    }),
                  onComments: (trait) => showThread({ layer: selected.name, trait }),
                }}
              />
            </Suspense>
          ) : (
            <p className="ll-gen-pick">
              {draft.layers.length === 0
                ? 'Add a layer, then drop its images here.'
                : 'Select a layer to upload its images and set their weights.'}
            </p>
          )}
        </GenCard>
        <AdvancedSection open={advancedOpen} onToggle={setAdvancedOpen} locked={!canEdit}>
          {advancedUsed ? (
            <Suspense fallback={<PartLoading minHeight={320} />}>
              <advancedParts.Part
                projectId={project.id}
                draft={draft}
                edit={edit}
                distinctLooks={distinctLooks}
                onDistinctLooks={setDistinctLooks}
                zipImport={{
                  onImport: (file) => void importZip(file),
                  isImporting,
                  error: importError,
                  onDismissError: () => setImportError(null),
                }}
                onUploadArtwork={uploadArtwork}
                onPreviewConfiguration={(index) => {
                  const configuration = draft.configurations[index];
                  if (!configuration) return;
                  previewModal.preload().catch(() => undefined);
                  setConfigurationPreview({ index, name: configuration.name });
                }}
                onShown={onAdvancedShown}
              />
            </Suspense>
          ) : null}
        </AdvancedSection>
        {longestMs !== undefined ? (
          <GenCard
            title={<h2 className="ll-gen-card-title">Animation</h2>}
            className="ll-gen-card ll-gen-area-animation"
            locked={!canEdit}
          >
            <Suspense fallback={<PartLoading minHeight={160} />}>
              <animationPanel.Part
                settings={draft.animation}
                longestMs={longestMs}
                plan={plan}
                onChange={(animation) => edit((d) => ({ ...d, animation }))}
              />
            </Suspense>
          </GenCard>
        ) : null}
        {draft.layers.length > 0 ? (
          <GenCard
            title={<h2 className="ll-gen-card-title">Quality</h2>}
            className="ll-gen-card ll-gen-area-quality"
          >
            <Suspense fallback={<PartLoading minHeight={46} />}>
              <qualityPanel.Part
                projectId={project.id}
                state={quality}
                isReady={canCheckQuality}
                onShowLayer={(layerId) => {
                  const layer = draft.layers.find((candidate) => candidate.id === layerId);
                  if (layer) goTo({ kind: 'layer', key: layer.key, name: layer.name });
                }}
              />
            </Suspense>
          </GenCard>
        ) : null}
        <GenCard
          title={<h2 className="ll-gen-card-title">Generate</h2>}
          className="ll-gen-card ll-gen-area-generate"
        >
          {showCount ? <FeasibilityPanel feasibility={feasibility} /> : null}
          <div aria-live="polite">
            <BlockerList id={blockersId} blockers={fixes} onTarget={goTo} />
          </div>
          {generation.run ? (
            <Suspense fallback={null}>
              <generationPanel.Part
                ref={progressRegion}
                run={generation.run}
                isCancelling={isCancelling}
                onCancel={() => void cancel()}
                onDismiss={generation.dismiss}
                onOpen={() => openCollection(generation.run?.collection.id)}
              />
            </Suspense>
          ) : null}
          <div className="ll-gen-actions">
            <Button
              icon={<EyeOutlined aria-hidden="true" />}
              disabled={previewDisabled}
              aria-describedby={editing.allowed ? undefined : generateNoteId}
              onClick={() => openPreview('one')}
            >
              Preview
            </Button>
            <Button
              icon={<AppstoreOutlined aria-hidden="true" />}
              disabled={previewDisabled}
              aria-describedby={editing.allowed ? undefined : generateNoteId}
              onClick={() => openPreview('grid')}
            >
              Preview All
            </Button>
            <Button
              ref={generateButton}
              type="primary"
              icon={<ThunderboltOutlined aria-hidden="true" />}
              disabled={blockers.length > 0 || !canEdit}
              aria-describedby={
                [editing.allowed ? '' : generateNoteId, fixes.length > 0 ? blockersId : '']
                  .join(' ')
                  .trim() || undefined
              }
              loading={isStarting}
              onClick={() => void generate()}
            >
              Generate
            </Button>
          </div>
          <RoleNote id={generateNoteId} permission={editing} />
          {startError && startError.revision === revision ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              closable={{ 'aria-label': 'Dismiss' }}
              onClose={() => setStartError(null)}
              title="Generation could not start"
              description={startError.message}
            />
          ) : null}
          {plan.watermark ? <WatermarkNote what="Previews and generated images" /> : null}
        </GenCard>
      </div>

      <Suspense fallback={null}>
        {previewUsed ? (
          <previewModal.Part
            projectId={project.id}
            revision={revision}
            watermark={plan.watermark}
            open={previewOpen}
            onClose={() => setPreviewOpen(false)}
          />
        ) : null}
        {configurationPreviewUsed ? (
          <previewModal.Part
            projectId={project.id}
            revision={revision}
            watermark={plan.watermark}
            open={configurationPreview !== null}
            configuration={configurationPreview ?? undefined}
            onClose={() => setConfigurationPreview(null)}
          />
        ) : null}
        {gridUsed ? (
          <previewGridModal.Part
            projectId={project.id}
            revision={revision}
            watermark={plan.watermark}
            open={gridOpen}
            onClose={() => setGridOpen(false)}
          />
        ) : null}
        {threadUsed ? (
          <traitThreadDrawer.Part projectId={project.id} trait={thread} onClose={() => showThread(null)} />
        ) : null}
        {generatedUsed ? (
          <generatedModal.Part
            open={generatedOpen}
            onClose={() => setGeneratedOpen(false)}
            onOk={() => {
              setGeneratedOpen(false);
              openCollection(runId);
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
