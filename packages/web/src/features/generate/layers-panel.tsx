import {
  DeleteOutlined,
  ExperimentOutlined,
  HolderOutlined,
  PlusOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Input, InputNumber, Popconfirm, Popover, Tooltip } from 'antd';
import { type KeyboardEvent, Suspense, useState } from 'react';
import { lazyPart } from '../../lib/lazy-part.ts';
import { useEditLocked } from './edit-lock.tsx';
import { type DraftLayer, layerNameProblem } from './project-draft.ts';

/** A layer's settings (name, blend mode, opacity, None): their code loads as the settings button is reached. */
const layerSettings = lazyPart(() => import('./layer-settings.tsx').then((module) => module.LayerSettings));
const preloadSettings = () => {
  layerSettings.preload().catch(() => undefined); // shown by the popover when it opens
};

/** What the layers list can change. */
export interface LayerActions {
  onSelect: (key: string) => void;
  onAdd: (name: string) => void;
  onMove: (from: number, to: number) => void;
  onChange: (
    key: string,
    change: Partial<Pick<DraftLayer, 'presence' | 'blend' | 'opacity' | 'showNone'>>,
  ) => void;
  onRename: (key: string, name: string) => void;
  onDelete: (key: string) => void;
}

/** The id of the New Layer input, so "Add a layer" elsewhere on the page can take the user to it. */
export const NEW_LAYER_INPUT_ID = 'll-gen-new-layer';

/** The empty project's second way in: sample layers with images, offered beside New Layer. */
export interface SampleLayersOffer {
  onStart: () => void;
  isLoading: boolean;
  error: string | null;
}

/**
 * The ordered layers (bottom first): presence %, blend and opacity, drag or keyboard reorder, delete, and
 * New Layer; an empty project also offers to start from sample layers.
 */
export function LayersPanel({
  layers,
  selectedKey,
  actions,
  sample,
}: {
  layers: readonly DraftLayer[];
  selectedKey: string | null;
  actions: LayerActions;
  sample?: SampleLayersOffer;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: unknown) => layers.find((layer) => layer.key === id)?.name ?? 'layer';
  const positionOf = (id: unknown) => layers.findIndex((layer) => layer.key === id) + 1;

  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = layers.findIndex((layer) => layer.key === active.id);
    const to = layers.findIndex((layer) => layer.key === over.id);
    if (from >= 0 && to >= 0) actions.onMove(from, to);
  };

  return (
    <div className="ll-gen-layers">
      {layers.length === 0 ? (
        <p className="ll-gen-layers-empty">No layers yet: add the bottom one first (e.g. Background).</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: {
              draggable:
                'To move a layer, press Space or Enter, use the up and down arrow keys, then press Space or Enter again to drop it, or Escape to cancel.',
            },
            announcements: {
              onDragStart: ({ active }) => `Picked up layer ${nameOf(active.id)}.`,
              onDragOver: ({ active, over }) =>
                over
                  ? `Layer ${nameOf(active.id)} is over position ${positionOf(over.id)} of ${layers.length}.`
                  : '',
              onDragEnd: ({ active, over }) =>
                over
                  ? `Layer ${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${layers.length}.`
                  : `Layer ${nameOf(active.id)} dropped.`,
              onDragCancel: ({ active }) => `Moving layer ${nameOf(active.id)} was cancelled.`,
            },
          }}
        >
          <SortableContext items={layers.map((layer) => layer.key)} strategy={verticalListSortingStrategy}>
            <ol className="ll-gen-layer-list" aria-label="Layers, bottom first">
              {layers.map((layer, index) => (
                <LayerRow
                  key={layer.key}
                  layer={layer}
                  index={index}
                  layers={layers}
                  isSelected={layer.key === selectedKey}
                  actions={actions}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <NewLayerInput layers={layers} onAdd={actions.onAdd} />
      {layers.length === 0 && sample ? <SampleLayersChoice sample={sample} /> : null}
    </div>
  );
}

function SampleLayersChoice({ sample }: { sample: SampleLayersOffer }) {
  return (
    <div className="ll-gen-sample">
      <span className="ll-gen-sample-or" aria-hidden="true">
        or
      </span>
      <Button
        icon={<ExperimentOutlined aria-hidden="true" />}
        loading={sample.isLoading}
        onClick={sample.onStart}
      >
        Start from sample layers
      </Button>
      <span className="ll-text ll-text-secondary ll-gen-sample-hint">
        A few ready-made layers with images, to see how it works. Rename, replace or delete them any time.
      </span>
      {sample.error ? (
        <span className="ll-text ll-text-danger" role="alert">
          The sample layers could not be added: {sample.error}
        </span>
      ) : null}
    </div>
  );
}

function LayerRow({
  layer,
  index,
  layers,
  isSelected,
  actions,
}: {
  layer: DraftLayer;
  index: number;
  layers: readonly DraftLayer[];
  isSelected: boolean;
  actions: LayerActions;
}) {
  // A read-only editor shows the order without letting it change (the grip is disabled too).
  const locked = useEditLocked();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: layer.key, disabled: locked });
  return (
    <li
      ref={setNodeRef}
      className={`ll-gen-layer${isSelected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="ll-gen-grip"
        {...attributes}
        {...listeners}
        disabled={locked}
        aria-label={`Move layer ${layer.name}`}
      >
        <HolderOutlined aria-hidden="true" />
      </button>
      <button
        type="button"
        className="ll-gen-layer-name"
        aria-pressed={isSelected}
        onClick={() => actions.onSelect(layer.key)}
      >
        <span className="ll-gen-layer-title">
          <span className="ll-gen-layer-index" aria-hidden="true">
            {index + 1}
          </span>
          {layer.name}
        </span>
        <span className="ll-gen-layer-meta">
          {layer.traits.length === 1 ? '1 image' : `${layer.traits.length} images`}
          {layer.blend !== 'normal' || layer.opacity < 1
            ? ` · ${layer.blend}${layer.opacity < 1 ? ` ${Math.round(layer.opacity * 100)} %` : ''}`
            : ''}
        </span>
      </button>
      <Tooltip title="Chance the layer appears on a token">
        <InputNumber
          className="ll-gen-presence"
          aria-label={`Presence of ${layer.name} (%)`}
          size="small"
          min={0}
          max={100}
          step={5}
          value={layer.presence}
          suffix="%"
          onChange={(value) => {
            if (typeof value === 'number') actions.onChange(layer.key, { presence: value });
          }}
        />
      </Tooltip>
      <Popover
        trigger="click"
        placement="bottomRight"
        title={`Layer ${layer.name}`}
        content={
          <Suspense fallback={<div className="ll-gen-layer-settings" aria-busy="true" />}>
            <layerSettings.Part layer={layer} layers={layers} actions={actions} />
          </Suspense>
        }
      >
        <Button
          type="text"
          size="small"
          icon={<SettingOutlined aria-hidden="true" />}
          aria-label={`Settings of layer ${layer.name}`}
          onPointerEnter={preloadSettings}
          onFocus={preloadSettings}
        />
      </Popover>
      <Popconfirm
        title={`Delete layer ${layer.name}?`}
        description={
          layer.traits.length > 0
            ? `Its ${layer.traits.length} images and the rules naming them go too.`
            : undefined
        }
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={() => actions.onDelete(layer.key)}
      >
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined aria-hidden="true" />}
          aria-label={`Delete layer ${layer.name}`}
        />
      </Popconfirm>
    </li>
  );
}

/** The spec's New Layer input: the add icon or Enter adds; an empty name is ignored; the input clears. */
function NewLayerInput({ layers, onAdd }: { layers: readonly DraftLayer[]; onAdd: (name: string) => void }) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = NEW_LAYER_INPUT_ID;
  const add = () => {
    const name = value.trim();
    if (name === '') {
      setValue('');
      return;
    }
    const why = layerNameProblem(name, layers);
    if (why) {
      setProblem(why);
      return;
    }
    onAdd(name);
    setValue('');
    setProblem(null);
  };
  return (
    <div className="ll-gen-new-layer">
      <label htmlFor={inputId}>New Layer</label>
      <Input
        id={inputId}
        value={value}
        placeholder="e.g. Background"
        maxLength={100}
        status={problem ? 'error' : undefined}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        suffix={
          <Button
            type="primary"
            size="small"
            shape="circle"
            icon={<PlusOutlined aria-hidden="true" />}
            aria-label="Add layer"
            onClick={add}
          />
        }
      />
      {problem ? (
        <span className="ll-text ll-text-danger" id={`${inputId}-problem`} role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}

/** Moves a layer in the list (drag or keyboard). */
export function moveLayer<T>(list: readonly T[], from: number, to: number): T[] {
  return arrayMove([...list], from, to);
}
