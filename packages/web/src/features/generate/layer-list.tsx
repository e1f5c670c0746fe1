import { DeleteOutlined, HolderOutlined, SettingOutlined } from '@ant-design/icons';
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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, InputNumber, Popconfirm, Popover, Tooltip } from 'antd';
import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy-part.ts';
import { useEditLocked } from './edit-lock.tsx';
import type { LayerActions } from './layers-panel.tsx';
import type { DraftLayer } from './project-draft.ts';

/** A layer's settings (name, blend mode, opacity, None): their code loads as the settings button is reached. */
const layerSettings = lazyPart(() => import('./layer-settings.tsx').then((module) => module.LayerSettings));
const preloadSettings = () => {
  layerSettings.preload().catch(() => undefined); // shown by the popover when it opens
};

/**
 * The layers of a project that has some (bottom first), reordered by drag or keyboard: loaded with the first
 * layer, so an empty project's first load has no drag-and-drop code. Each row: presence %, settings, delete.
 */
export function LayerList({
  layers,
  selectedKey,
  actions,
}: {
  layers: readonly DraftLayer[];
  selectedKey: string | null;
  actions: LayerActions;
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
