import { type Blend, BlendSchema } from '@layerloom/api';
import { Input, Select, Slider, Switch, Typography } from 'antd';
import { useId, useState } from 'react';
import type { LayerActions } from './layers-panel.tsx';
import { type DraftLayer, layerNameProblem } from './project-draft.ts';

const blendOptions = BlendSchema.options.map((value) => ({
  value,
  label: value.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase()),
}));

/** A layer's settings, in the popover of its settings button: name, blend mode, opacity and None in metadata. */
export function LayerSettings({
  layer,
  layers,
  actions,
}: {
  layer: DraftLayer;
  layers: readonly DraftLayer[];
  actions: LayerActions;
}) {
  const [name, setName] = useState(layer.name);
  const problem = name === layer.name ? null : layerNameProblem(name, layers, layer.key);
  const ids = useId();
  const commit = () => {
    if (name !== layer.name && !problem) actions.onRename(layer.key, name.trim());
  };
  return (
    <div className="ll-gen-layer-settings">
      <label htmlFor={`${ids}-name`}>Name</label>
      <Input
        id={`${ids}-name`}
        value={name}
        status={problem ? 'error' : undefined}
        maxLength={100}
        onChange={(event) => setName(event.target.value)}
        onBlur={commit}
        onPressEnter={commit}
      />
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
      <label htmlFor={`${ids}-blend`}>Blend mode</label>
      <Select<Blend>
        id={`${ids}-blend`}
        value={layer.blend}
        options={blendOptions}
        onChange={(blend) => actions.onChange(layer.key, { blend })}
      />
      <span id={`${ids}-opacity`}>Opacity: {Math.round(layer.opacity * 100)} %</span>
      <Slider
        min={0}
        max={100}
        value={Math.round(layer.opacity * 100)}
        onChange={(value: number) => actions.onChange(layer.key, { opacity: value / 100 })}
        // The handle is the focusable slider: it is what needs the name (axe: aria-input-field-name).
        ariaLabelledByForHandle={`${ids}-opacity`}
        tooltip={{ formatter: (value) => `${value} %` }}
      />
      <span className="ll-gen-show-none">
        <Switch
          id={`${ids}-none`}
          size="small"
          checked={layer.showNone ?? false}
          onChange={(showNone) => actions.onChange(layer.key, { showNone })}
          aria-describedby={`${ids}-none-help`}
        />
        <label htmlFor={`${ids}-none`}>Show None in metadata</label>
      </span>
      <Typography.Text type="secondary" id={`${ids}-none-help`} className="ll-gen-show-none-help">
        Off: tokens without this layer (or with a trait named None) get no {layer.name} attribute. On: they
        get “{layer.name}: None”.
      </Typography.Text>
    </div>
  );
}
