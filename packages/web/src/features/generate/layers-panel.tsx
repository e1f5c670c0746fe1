import { ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { type KeyboardEvent, Suspense, useState } from 'react';
import { lazyPart } from '../../lib/lazy-part.ts';
import { type DraftLayer, layerNameProblem } from './project-draft.ts';

/** The layers of a project that has some, with drag-and-drop: their code loads with the first layer. */
const layerList = lazyPart(() => import('./layer-list.tsx').then((module) => module.LayerList));

/** Starts loading the layers list (a layer is about to be added), so it shows without a wait. */
function preloadLayerList(): void {
  layerList.preload().catch(() => undefined); // tried again when the list renders
}

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

/** A layer row's height with the gap under it (px, at every width): the list's place while its code loads. */
const LAYER_ROW_HEIGHT = 74;

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
  return (
    <div className="ll-gen-layers">
      {layers.length === 0 ? (
        <p className="ll-gen-layers-empty">No layers yet: add the bottom one first (e.g. Background).</p>
      ) : (
        <Suspense
          fallback={
            <div
              className="ll-gen-layer-list"
              aria-busy="true"
              style={{ minHeight: layers.length * LAYER_ROW_HEIGHT - 8 }}
            />
          }
        >
          <layerList.Part layers={layers} selectedKey={selectedKey} actions={actions} />
        </Suspense>
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
        onClick={() => {
          preloadLayerList();
          sample.onStart();
        }}
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
        onFocus={preloadLayerList}
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
  const moved = [...list];
  const [item] = moved.splice(from, 1);
  if (item !== undefined) moved.splice(to, 0, item);
  return moved;
}
