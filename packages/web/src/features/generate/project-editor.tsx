import {
  AppstoreOutlined,
  DeleteOutlined,
  EyeOutlined,
  FileZipOutlined,
  PlusOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  countCombinations,
  importLayersZip,
  listCollections,
  type Plan,
  type Project,
  type ProjectRule,
  type ProjectSummary,
  uploadTraits,
} from '@layerloom/api';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Select, Tooltip, Typography, Upload } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { NOTIFICATION_SECONDS, useFeedback } from '../../app/feedback.ts';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { countBelow, formatBigCount } from './eta.ts';
import { GeneratedModal, GenerationPanel } from './generation-panel.tsx';
import { LayerEditor } from './layer-editor.tsx';
import { LayersPanel, moveLayer } from './layers-panel.tsx';
import { PreviewGridModal, PreviewModal } from './preview-modals.tsx';
import { type Draft, type DraftLayer, newLayerKey, saveBody } from './project-draft.ts';
import { ProjectForm, type SettingsValues } from './project-form.tsx';
import { pruneRules, renameLayerInRules, renameTraitInRules } from './rules.ts';
import { RulesEditor } from './rules-editor.tsx';
import { SaveIndicator } from './save-indicator.tsx';
import { useGeneration } from './use-generation.ts';
import { useProjectDraft } from './use-project-draft.ts';

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
  onSwitch,
  onNew,
  onDiscard,
  isSwitching,
}: {
  project: Project;
  plan: Plan;
  projects: readonly ProjectSummary[];
  onSwitch: (id: string) => void;
  onNew: () => void;
  onDiscard: () => Promise<void>;
  isSwitching: boolean;
}) {
  const feedback = useFeedback();
  const { modal, notification } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingsValues>();
  const { draft, saveState, revision, edit, adopt, flush, current } = useProjectDraft(project);
  const [selectedKey, setSelectedKey] = useState<string | null>(project.layers[0]?.id ?? null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [gridOpen, setGridOpen] = useState(false);
  const [isStarting, setIsStarting] = useState(false);
  const [isCancelling, setIsCancelling] = useState(false);
  const [isImporting, setIsImporting] = useState(false);
  const [generatedOpen, setGeneratedOpen] = useState(false);
  const generation = useGeneration();
  const selected = draft.layers.find((layer) => layer.key === selectedKey) ?? null;
  const invalidFields = useMemo(() => saveBody(draft).skipped, [draft]);
  const hasTraits = draft.layers.some((layer) => layer.traits.length > 0);

  const combinations = useQuery({
    queryKey: ['projects', project.id, 'combinations', revision],
    queryFn: ({ signal }) => call(countCombinations, { params: { id: project.id }, signal }),
    placeholderData: keepPreviousData,
    enabled: draft.layers.length > 0,
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
    if (status === 'ready' && runId) {
      setGeneratedOpen(true);
      void queryClient.invalidateQueries({ queryKey: ['collections'] });
    }
  }, [status, runId, queryClient]);

  const editLayer = (key: string, recipe: (layer: DraftLayer) => DraftLayer) =>
    edit((d) => ({ ...d, layers: d.layers.map((layer) => (layer.key === key ? recipe(layer) : layer)) }));

  const saveNow = () => {
    flush().catch(() => undefined); // the indicator shows a failed save
  };

  const upload = async (files: File[]) => {
    if (!selected) return;
    const key = selected.key;
    await flush();
    const layer = current().layers.find((candidate) => candidate.key === key);
    if (!layer?.id) throw new Error('The layer is not saved yet; try again in a moment.');
    const body = new FormData();
    for (const file of files) body.append('files', file, file.name);
    const { added } = (await call(uploadTraits, { params: { id: project.id, layerId: layer.id }, body }))
      .data;
    adopt((d) => ({
      ...d,
      layers: d.layers.map((candidate) =>
        candidate.key === key ? { ...candidate, traits: [...candidate.traits, ...added] } : candidate,
      ),
    }));
    feedback.success(
      added.length === 1 ? `Added ${added[0]?.name}` : `Added ${added.length} images to ${layer.name}`,
    );
  };

  const importZip = async (file: File) => {
    setIsImporting(true);
    try {
      await flush();
      const body = new FormData();
      body.append('file', file, file.name);
      const { project: imported } = (await call(importLayersZip, { params: { id: project.id }, body })).data;
      adopt((d) => withKeys(d, imported));
      if (!selectedKey && imported.layers[0]) setSelectedKey(imported.layers[0].id);
      feedback.success(`Imported ${imported.layers.length} layers`);
    } catch (error) {
      feedback.notifyError(`${file.name} could not be imported`, error);
    } finally {
      setIsImporting(false);
    }
  };

  const generate = async () => {
    try {
      await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[]; errors: string[] }[] })
        .errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center', focus: true });
      notification.error({
        title: 'Check the project settings',
        description: first?.errors[0] ?? 'Some fields need fixing first.',
        duration: NOTIFICATION_SECONDS,
      });
      return;
    }
    setIsStarting(true);
    try {
      await flush();
      await generation.start(project.id);
    } catch (error) {
      feedback.notifyError('Generation could not start', error);
    } finally {
      setIsStarting(false);
    }
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
      .catch((error: unknown) => feedback.notifyError('Save the project first', error));
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

  const count = combinations.data?.data;
  const isRunning = generation.run?.progress.status === 'generating';
  const tooMany = count && count.problem === null && countBelow(count.count, draft.collectionSize);
  const listed = projects.some((summary) => summary.id === project.id)
    ? projects
    : [{ id: project.id, name: draft.name } as ProjectSummary, ...projects];
  const projectOptions = listed.map((summary) => ({
    value: summary.id,
    label: summary.id === project.id ? draft.name || 'Untitled project' : summary.name,
  }));

  return (
    <div className="ll-gen">
      <header className="ll-gen-head">
        <div className="ll-gen-title">
          <h1>Generate NFT</h1>
          <SaveIndicator state={saveState} hasInvalidFields={invalidFields.length > 0} onRetry={saveNow} />
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
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={onNew} loading={isSwitching}>
            New project
          </Button>
          <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={discard}>
            Discard
          </Button>
        </div>
      </header>

      <div className="ll-gen-body">
        <div className="ll-gen-col ll-gen-col-main">
          <Card
            title={<h2 className="ll-gen-card-title">Project</h2>}
            className="ll-gen-card ll-gen-area-settings"
          >
            <ProjectForm
              form={form}
              draft={draft}
              plan={plan}
              onChange={(changed) => edit((d) => ({ ...d, ...(changed as Partial<Draft>) }))}
            />
          </Card>
          <Card
            title={<h2 className="ll-gen-card-title">Layers</h2>}
            className="ll-gen-card ll-gen-area-layers"
            extra={
              <Upload
                accept=".zip"
                showUploadList={false}
                beforeUpload={(file) => {
                  void importZip(file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <Tooltip title="A HashLips layers/ folder as one ZIP: numbered folders, Name#weight.png files">
                  <Button size="small" icon={<FileZipOutlined aria-hidden="true" />} loading={isImporting}>
                    Import HashLips layers ZIP
                  </Button>
                </Tooltip>
              </Upload>
            }
          >
            <LayersPanel
              layers={draft.layers}
              selectedKey={selected?.key ?? null}
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
                    };
                  }),
                onDelete: (key) => {
                  edit((d) => {
                    const layers = d.layers.filter((layer) => layer.key !== key);
                    return { ...d, layers, rules: pruneRules(d.rules, layers) };
                  });
                  if (selectedKey === key) setSelectedKey(null);
                },
              }}
            />
          </Card>
        </div>
        <div className="ll-gen-col ll-gen-col-side">
          <Card
            title={<h2 className="ll-gen-card-title">Generate</h2>}
            className="ll-gen-card ll-gen-area-generate"
          >
            <div className="ll-gen-count" aria-live="polite">
              {draft.layers.length === 0 ? (
                <Typography.Text type="secondary">Add a layer to start.</Typography.Text>
              ) : combinations.isError ? (
                <Alert
                  type="error"
                  showIcon
                  title="The combinations cannot be counted"
                  description={errorMessage(combinations.error)}
                />
              ) : count ? (
                count.problem ? (
                  <Typography.Text type="secondary">{count.problem}</Typography.Text>
                ) : (
                  <>
                    <span className="ll-gen-count-label">Possible unique combinations</span>
                    <span className="ll-gen-count-value" data-testid="combination-count">
                      {formatBigCount(count.count)}
                    </span>
                  </>
                )
              ) : (
                <Typography.Text type="secondary">Counting combinations…</Typography.Text>
              )}
            </div>
            {tooMany ? (
              <Alert
                type="warning"
                showIcon
                title={`Collection Size (${draft.collectionSize.toLocaleString('en-US')}) is more than the ${formatBigCount(count.count)} possible combinations`}
                description="Lower the size, add images, or loosen the rules."
              />
            ) : null}
            <div className="ll-gen-actions">
              <Button
                icon={<EyeOutlined aria-hidden="true" />}
                disabled={!hasTraits}
                onClick={() => openPreview('one')}
              >
                Preview
              </Button>
              <Button
                icon={<AppstoreOutlined aria-hidden="true" />}
                disabled={!hasTraits}
                onClick={() => openPreview('grid')}
              >
                Preview All
              </Button>
              <Button
                type="primary"
                icon={<ThunderboltOutlined aria-hidden="true" />}
                disabled={!hasTraits || isRunning}
                loading={isStarting}
                onClick={() => void generate()}
              >
                Generate
              </Button>
            </div>
            {generation.run ? (
              <GenerationPanel
                run={generation.run}
                isCancelling={isCancelling}
                onCancel={() => void cancel()}
                onDismiss={generation.dismiss}
                onOpen={() => void navigate(`/dashboard/collections/${generation.run?.collection.id}`)}
              />
            ) : null}
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
              <Typography.Paragraph type="secondary" className="ll-gen-pick">
                {draft.layers.length === 0
                  ? 'Add a layer, then drop its images here.'
                  : 'Select a layer to upload its images and set their weights.'}
              </Typography.Paragraph>
            )}
          </Card>
          <Card
            title={<h2 className="ll-gen-card-title">Rules</h2>}
            className="ll-gen-card ll-gen-area-rules"
          >
            <RulesEditor
              layers={draft.layers}
              rules={draft.rules}
              onChange={(rules: ProjectRule[]) => edit((d) => ({ ...d, rules }))}
            />
          </Card>
        </div>
      </div>

      <PreviewModal
        projectId={project.id}
        revision={revision}
        open={previewOpen}
        onClose={() => setPreviewOpen(false)}
      />
      <PreviewGridModal
        projectId={project.id}
        revision={revision}
        open={gridOpen}
        onClose={() => setGridOpen(false)}
      />
      <GeneratedModal
        open={generatedOpen}
        onClose={() => setGeneratedOpen(false)}
        onOk={() => {
          setGeneratedOpen(false);
          if (runId) void navigate(`/dashboard/collections/${runId}`);
        }}
      />
    </div>
  );
}
