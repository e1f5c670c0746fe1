import {
  AppstoreOutlined,
  DeleteOutlined,
  EyeOutlined,
  FileZipOutlined,
  PlusOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  addSampleLayers,
  type Collection,
  checkProjectFeasibility,
  importLayersZip,
  listCollections,
  type Plan,
  type Project,
  type ProjectRule,
  type ProjectSummary,
  uploadOneOfOne,
  uploadTraits,
} from '@layerloom/api';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Select, Upload } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { WatermarkNote } from '../../components/watermark-note.tsx';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { arrivalFocus } from '../../lib/use-arrival-focus.ts';
import { PresenceStrip } from '../review/presence-strip.tsx';
import { useProjectPresence } from '../review/use-project-presence.ts';
import { MoveProjectButton } from '../workspaces/move-project-button.tsx';
import { RoleNote } from '../workspaces/role-note.tsx';
import { usePermission } from '../workspaces/workspace-context.tsx';
import { AdvancedPart, AdvancedSection, DistinctLooksOption, usesAdvanced } from './advanced-section.tsx';
import { AnimationPanel } from './animation-panel.tsx';
import { BlockerList } from './blocker-list.tsx';
import { pruneConfigurations, renameLayerInConfigurations } from './configurations.ts';
import { ConfigurationsPanel } from './configurations-panel.tsx';
import { feasibilityCount } from './feasibility.ts';
import { FeasibilityPanel } from './feasibility-panel.tsx';
import { type BlockerTarget, generateBlockers, longestAnimationMs } from './generate-blockers.ts';
import { GeneratedModal, GenerationPanel } from './generation-panel.tsx';
import { LayerEditor } from './layer-editor.tsx';
import { LayersPanel, moveLayer, NEW_LAYER_INPUT_ID } from './layers-panel.tsx';
import { MetadataFormatPanel } from './metadata-format-panel.tsx';
import { NextStep } from './next-step.tsx';
import { OneOfOnesPanel } from './one-of-ones-panel.tsx';
import { PreviewGridModal, PreviewModal } from './preview-modals.tsx';
import { ProjectConflictDialog } from './project-conflict-dialog.tsx';
import { sampleSettings, UNTITLED_PROJECT } from './project-defaults.ts';
import { type Draft, type DraftLayer, newLayerKey, saveBody } from './project-draft.ts';
import { ADVANCED_FIELDS, ProjectForm, type SettingsValues, settingsOf } from './project-form.tsx';
import { QualityPanel } from './quality-panel.tsx';
import { pruneRules, renameLayerInRules, renameTraitInRules } from './rules.ts';
import { RulesEditor } from './rules-editor.tsx';
import { SaveIndicator } from './save-indicator.tsx';
import { useGeneration } from './use-generation.ts';
import { useProjectDraft } from './use-project-draft.ts';
import { useProjectQuality } from './use-project-quality.ts';

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
  const [form] = Form.useForm<SettingsValues>();
  const [advancedForm] = Form.useForm<SettingsValues>();
  const {
    draft,
    saveState,
    revision,
    edit,
    adopt,
    flush,
    current,
    conflict,
    resolve,
    reloadTheirs,
    replaced,
  } = useProjectDraft(project);
  // A merge with someone else's save (or reloading theirs) replaced the draft: the forms show it.
  useEffect(() => {
    if (replaced === 0) return;
    form.setFieldsValue(settingsOf(current()));
    advancedForm.setFieldsValue(settingsOf(current()));
  }, [replaced, form, advancedForm, current]);
  // A project that uses an advanced feature shows them; a first one keeps them out of the way.
  const [advancedOpen, setAdvancedOpen] = useState(() => usesAdvanced(draft));
  const [selectedKey, setSelectedKey] = useState<string | null>(project.layers[0]?.id ?? null);
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
  const selected = draft.layers.find((layer) => layer.key === selectedKey) ?? null;
  const invalidFields = useMemo(() => saveBody(draft).skipped, [draft]);
  const hasTraits = draft.layers.some((layer) => layer.traits.length > 0);

  // The server plans the saved project (counts, exact counts, rules): what stops Generate is decided in one place.
  const combinations = useQuery({
    queryKey: ['projects', project.id, 'feasibility', revision],
    queryFn: ({ signal }) => call(checkProjectFeasibility, { params: { id: project.id }, signal }),
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
    call(listCollections)
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
    switch (target.kind) {
      case 'field':
        (ADVANCED_FIELDS.has(target.field) ? advancedForm : form).scrollToField(target.field, {
          block: 'center',
          focus: true,
        });
        return;
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

  const upload = async (files: File[]) => {
    if (!selected) return;
    const key = selected.key;
    await flush();
    const layer = current().layers.find((candidate) => candidate.key === key);
    if (!layer?.id) throw new Error('The layer is not saved yet; try again in a moment.');
    const body = new FormData();
    for (const file of files) body.append('files', file, file.name);
    const { added, project: saved } = (
      await call(uploadTraits, { params: { id: project.id, layerId: layer.id }, body })
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
    const { added, project: saved } = (await call(uploadOneOfOne, { params: { id: project.id }, body })).data;
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
      const { project: imported } = (await call(importLayersZip, { params: { id: project.id }, body })).data;
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
      const { project: filled } = (await call(addSampleLayers, { params: { id: project.id }, body: {} }))
        .data;
      adopt((d) => withKeys(d, filled), filled);
      // A sample left nameless would still be blocked by the required fields: name and describe it too.
      const settings = sampleSettings(current());
      if (Object.keys(settings).length > 0) {
        edit((d) => ({ ...d, ...settings }));
        form.setFieldsValue(settings);
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
    try {
      try {
        await flush();
      } catch {
        return; // the save indicator and the list of blockers say why
      }
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
    flush()
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
  const previewDisabled = !hasTraits || saveState.kind === 'error';
  // A Viewer sees the project and its previews; changing it and generating stay disabled, with the reason.
  const editing = usePermission('edit', 'changing projects and generating');
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
          <ProjectConflictDialog conflict={conflict} onResolve={resolve} onReload={reloadTheirs} />
          <PresenceStrip viewers={viewers} />
        </div>
        <div className="ll-gen-project-bar">
          <Select
            aria-label="Project"
            className="ll-gen-project-select"
            value={project.id}
            options={projectOptions}
            onChange={(id: string) => onSwitch(id)}
            disabled={isSwitching}
            popupMatchSelectWidth={false}
          />
          <Button
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={onNew}
            loading={isSwitching}
            disabled={!editing.allowed}
            aria-describedby={editing.allowed ? undefined : roleNoteId}
          >
            New project
          </Button>
          <Button
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            onClick={discard}
            disabled={!editing.allowed}
            aria-describedby={editing.allowed ? undefined : roleNoteId}
          >
            Discard
          </Button>
          <MoveProjectButton project={{ id: project.id, name: draft.name || project.name }} />
        </div>
        <RoleNote id={roleNoteId} permission={editing} />
      </header>

      <NextStep
        blockers={fixes}
        isGenerating={isRunning || isStarting}
        generated={generated}
        collectionSize={draft.collectionSize}
        onTarget={goTo}
        onGoToGenerate={() => reveal(document.querySelector('.ll-gen-area-generate'), generateButton.current)}
        onGoToProgress={() => reveal(progressRegion.current, progressRegion.current)}
        onShowAll={() => {
          const list = document.getElementById(blockersId);
          reveal(list, list?.querySelector<HTMLElement>('h3'));
        }}
        sample={{ onStart: () => void startFromSample(), isLoading: isAddingSample }}
      />

      <div className="ll-gen-body">
        <Card
          title={<h2 className="ll-gen-card-title">Project</h2>}
          className="ll-gen-card ll-gen-area-settings"
        >
          <ProjectForm
            part="basics"
            form={form}
            draft={draft}
            plan={plan}
            onChange={(changed) => edit((d) => ({ ...d, ...(changed as Partial<Draft>) }))}
          />
        </Card>
        <Card
          title={<h2 className="ll-gen-card-title">Layers</h2>}
          className="ll-gen-card ll-gen-area-layers"
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
        </Card>
        <Card
          title={
            <h2 className="ll-gen-card-title">{selected ? `Layer: ${selected.name}` : 'Layer images'}</h2>
          }
          className="ll-gen-card ll-gen-area-layer"
        >
          {selected ? (
            <LayerEditor
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
              }}
            />
          ) : (
            <p className="ll-gen-pick">
              {draft.layers.length === 0
                ? 'Add a layer, then drop its images here.'
                : 'Select a layer to upload its images and set their weights.'}
            </p>
          )}
        </Card>
        <AdvancedSection open={advancedOpen} onToggle={setAdvancedOpen}>
          <AdvancedPart title="Seed and rarity" className="ll-gen-area-seed">
            <ProjectForm
              part="advanced"
              form={advancedForm}
              draft={draft}
              plan={plan}
              onChange={(changed) => edit((d) => ({ ...d, ...(changed as Partial<Draft>) }))}
            />
            <DistinctLooksOption checked={distinctLooks} onChange={setDistinctLooks} />
          </AdvancedPart>
          <AdvancedPart title="Metadata format" className="ll-gen-area-metadata">
            <MetadataFormatPanel
              settings={draft.metadata}
              onChange={(metadata) => edit((d) => ({ ...d, metadata }))}
            />
          </AdvancedPart>
          <AdvancedPart title="Import HashLips layers" className="ll-gen-area-import">
            <p className="ll-gen-advanced-note">
              A HashLips <code>layers/</code> folder as one ZIP: numbered folders,{' '}
              <code>Name#weight.png</code> files. Its folders become layers (images of a folder named like a
              layer join that layer), with the weights from the file names.
            </p>
            <Upload
              accept=".zip"
              showUploadList={false}
              beforeUpload={(file) => {
                void importZip(file);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<FileZipOutlined aria-hidden="true" />} loading={isImporting}>
                Import HashLips layers ZIP
              </Button>
            </Upload>
            {importError ? (
              <Alert
                type="error"
                showIcon
                closable={{ 'aria-label': 'Dismiss' }}
                onClose={() => setImportError(null)}
                className="ll-gen-inline-alert"
                title={`${importError.file} could not be imported`}
                description={importError.message}
              />
            ) : null}
          </AdvancedPart>
          <AdvancedPart title="Rules" className="ll-gen-area-rules">
            <RulesEditor
              layers={draft.layers}
              rules={draft.rules}
              onChange={(rules: ProjectRule[]) => edit((d) => ({ ...d, rules }))}
            />
          </AdvancedPart>
          <AdvancedPart title="Layer configurations" className="ll-gen-area-configurations">
            <ConfigurationsPanel
              configurations={draft.configurations}
              layers={draft.layers}
              // 1-of-1s take their places first; configurations share the rest.
              collectionSize={
                typeof draft.collectionSize === 'number'
                  ? Math.max(0, draft.collectionSize - draft.oneOfOnes.length)
                  : draft.collectionSize
              }
              onChange={(configurations) => edit((d) => ({ ...d, configurations }))}
              onPreview={(index) => {
                const configuration = draft.configurations[index];
                if (configuration) setConfigurationPreview({ index, name: configuration.name });
              }}
            />
          </AdvancedPart>
          <AdvancedPart title="1-of-1s" className="ll-gen-area-one-of-ones">
            <OneOfOnesPanel
              projectId={project.id}
              oneOfOnes={draft.oneOfOnes}
              collectionSize={draft.collectionSize}
              onUpload={uploadArtwork}
              onChange={(oneOfOnes) => edit((d) => ({ ...d, oneOfOnes }))}
            />
          </AdvancedPart>
        </AdvancedSection>
        {longestMs !== undefined ? (
          <Card
            title={<h2 className="ll-gen-card-title">Animation</h2>}
            className="ll-gen-card ll-gen-area-animation"
          >
            <AnimationPanel
              settings={draft.animation}
              longestMs={longestMs}
              plan={plan}
              onChange={(animation) => edit((d) => ({ ...d, animation }))}
            />
          </Card>
        ) : null}
        {draft.layers.length > 0 ? (
          <Card
            title={<h2 className="ll-gen-card-title">Quality</h2>}
            className="ll-gen-card ll-gen-area-quality"
          >
            <QualityPanel
              projectId={project.id}
              state={quality}
              isReady={canCheckQuality}
              onShowLayer={(layerId) => {
                const layer = draft.layers.find((candidate) => candidate.id === layerId);
                if (layer) goTo({ kind: 'layer', key: layer.key, name: layer.name });
              }}
            />
          </Card>
        ) : null}
        <Card
          title={<h2 className="ll-gen-card-title">Generate</h2>}
          className="ll-gen-card ll-gen-area-generate"
        >
          {showCount ? <FeasibilityPanel feasibility={feasibility} /> : null}
          <div aria-live="polite">
            <BlockerList id={blockersId} blockers={fixes} onTarget={goTo} />
          </div>
          {generation.run ? (
            <GenerationPanel
              ref={progressRegion}
              run={generation.run}
              isCancelling={isCancelling}
              onCancel={() => void cancel()}
              onDismiss={generation.dismiss}
              onOpen={() => openCollection(generation.run?.collection.id)}
            />
          ) : null}
          <div className="ll-gen-actions">
            <Button
              icon={<EyeOutlined aria-hidden="true" />}
              disabled={previewDisabled}
              onClick={() => openPreview('one')}
            >
              Preview
            </Button>
            <Button
              icon={<AppstoreOutlined aria-hidden="true" />}
              disabled={previewDisabled}
              onClick={() => openPreview('grid')}
            >
              Preview All
            </Button>
            <Button
              ref={generateButton}
              type="primary"
              icon={<ThunderboltOutlined aria-hidden="true" />}
              disabled={blockers.length > 0 || !editing.allowed}
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
        </Card>
      </div>

      <PreviewModal
        projectId={project.id}
        revision={revision}
        watermark={plan.watermark}
        open={previewOpen}
        onClose={() => setPreviewOpen(false)}
      />
      <PreviewModal
        projectId={project.id}
        revision={revision}
        watermark={plan.watermark}
        open={configurationPreview !== null}
        configuration={configurationPreview ?? undefined}
        onClose={() => setConfigurationPreview(null)}
      />
      <PreviewGridModal
        projectId={project.id}
        revision={revision}
        watermark={plan.watermark}
        open={gridOpen}
        onClose={() => setGridOpen(false)}
      />
      <GeneratedModal
        open={generatedOpen}
        onClose={() => setGeneratedOpen(false)}
        onOk={() => {
          setGeneratedOpen(false);
          openCollection(runId);
        }}
      />
    </div>
  );
}
