import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CloseOutlined,
  EyeOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { PROJECT_LIMITS } from '@layerloom/api';
import { Button, Input, InputNumber, Popconfirm, Select, Typography } from 'antd';
import { useId, useState } from 'react';
import {
  configurationNameProblem,
  configurationShares,
  moveConfigurationLayer,
  newConfiguration,
} from './configurations.ts';
import './configurations-panel.css';
import { useEditLocked } from './edit-lock.tsx';
import type { DraftConfiguration, DraftLayer } from './project-draft.ts';

/**
 * Layer configurations: several sets of layers in one project (e.g. two body types), each with its
 * share of the collection, its own layers and their order, and a preview of it once saved. None:
 * every token uses every layer in the order of the layer list.
 */
export function ConfigurationsPanel({
  configurations,
  layers,
  collectionSize,
  onChange,
  onPreview,
}: {
  configurations: readonly DraftConfiguration[];
  layers: readonly DraftLayer[];
  collectionSize: number | null | undefined;
  onChange: (configurations: DraftConfiguration[]) => void;
  /** Previews the saved configuration at that index; absent while it is not saved yet. */
  onPreview: (index: number) => void;
}) {
  const locked = useEditLocked();
  const shares = configurationShares(configurations, collectionSize);
  const add = () => onChange([...configurations, newConfiguration(configurations, layers)]);
  const change = (key: string, recipe: (entry: DraftConfiguration) => DraftConfiguration) =>
    onChange(configurations.map((entry) => (entry.key === key ? recipe(entry) : entry)));
  const canAdd = layers.length > 0 && configurations.length < PROJECT_LIMITS.configurations;
  return (
    <div className="ll-gen-configurations">
      {configurations.length === 0 ? (
        <p className="ll-gen-configurations-lead">
          Every token uses every layer, in the order of the layer list. Add configurations for different sets
          of layers in one collection (e.g. two body types), each with its share of the tokens.
        </p>
      ) : (
        <ol className="ll-gen-configurations-list">
          {configurations.map((configuration, index) => (
            <ConfigurationItem
              key={configuration.key}
              configuration={configuration}
              configurations={configurations}
              layers={layers}
              share={shares[index]!}
              onChange={(recipe) => change(configuration.key, recipe)}
              onDelete={() => onChange(configurations.filter((entry) => entry.key !== configuration.key))}
              onPreview={configuration.id ? () => onPreview(index) : undefined}
            />
          ))}
        </ol>
      )}
      <Button icon={<PlusOutlined aria-hidden="true" />} onClick={add} disabled={!canAdd || locked}>
        Add configuration
      </Button>
      {layers.length === 0 ? (
        <Typography.Text type="secondary" className="ll-gen-configurations-hint">
          Add layers first.
        </Typography.Text>
      ) : null}
    </div>
  );
}

function ConfigurationItem({
  configuration,
  configurations,
  layers,
  share,
  onChange,
  onDelete,
  onPreview,
}: {
  configuration: DraftConfiguration;
  configurations: readonly DraftConfiguration[];
  layers: readonly DraftLayer[];
  share: { size: number; percent: number };
  onChange: (recipe: (entry: DraftConfiguration) => DraftConfiguration) => void;
  onDelete: () => void;
  onPreview: (() => void) | undefined;
}) {
  const ids = useId();
  const locked = useEditLocked();
  const [name, setName] = useState(configuration.name);
  const problem =
    name === configuration.name ? null : configurationNameProblem(name, configurations, configuration.key);
  const commitName = () => {
    if (name !== configuration.name && !problem) onChange((entry) => ({ ...entry, name: name.trim() }));
  };
  const unused = layers.filter((layer) => !configuration.layers.includes(layer.name));
  const label = configuration.name;
  return (
    <li className="ll-gen-configuration" aria-label={`Configuration ${label}`}>
      <div className="ll-gen-configuration-head">
        <span className="ll-gen-configuration-field">
          <label htmlFor={`${ids}-name`}>Name</label>
          <Input
            id={`${ids}-name`}
            value={name}
            status={problem ? 'error' : undefined}
            maxLength={PROJECT_LIMITS.nameLength + 1}
            onChange={(event) => setName(event.target.value)}
            onBlur={commitName}
            onPressEnter={commitName}
          />
        </span>
        <span className="ll-gen-configuration-field ll-gen-configuration-share">
          <label htmlFor={`${ids}-share`}>Share</label>
          <InputNumber
            id={`${ids}-share`}
            min={1}
            max={PROJECT_LIMITS.maxShare}
            precision={0}
            value={configuration.share}
            aria-describedby={`${ids}-tokens`}
            onChange={(value) => {
              if (typeof value === 'number' && value >= 1) onChange((entry) => ({ ...entry, share: value }));
            }}
          />
        </span>
        <span id={`${ids}-tokens`} className="ll-gen-configuration-tokens" data-testid="configuration-tokens">
          {share.size.toLocaleString('en-US')} {share.size === 1 ? 'token' : 'tokens'} · {share.percent} %
        </span>
      </div>
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
      <span className="ll-gen-configuration-caption" id={`${ids}-layers`}>
        Layers, drawn in this order (bottom first)
      </span>
      <ol className="ll-gen-configuration-layers" aria-labelledby={`${ids}-layers`}>
        {configuration.layers.map((layer, index) => (
          <li key={layer}>
            <span className="ll-gen-configuration-index" aria-hidden="true">
              {index + 1}.
            </span>
            <span className="ll-gen-configuration-layer">{layer}</span>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined aria-hidden="true" />}
              aria-label={`Draw ${layer} earlier in ${label}`}
              disabled={index === 0 || locked}
              onClick={() =>
                onChange((entry) => ({
                  ...entry,
                  layers: moveConfigurationLayer(entry.layers, index, index - 1),
                }))
              }
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined aria-hidden="true" />}
              aria-label={`Draw ${layer} later in ${label}`}
              disabled={index === configuration.layers.length - 1 || locked}
              onClick={() =>
                onChange((entry) => ({
                  ...entry,
                  layers: moveConfigurationLayer(entry.layers, index, index + 1),
                }))
              }
            />
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined aria-hidden="true" />}
              aria-label={`Remove ${layer} from ${label}`}
              disabled={configuration.layers.length === 1 || locked}
              onClick={() =>
                onChange((entry) => ({ ...entry, layers: entry.layers.filter((name) => name !== layer) }))
              }
            />
          </li>
        ))}
      </ol>
      <div className="ll-gen-configuration-actions">
        <Select<string>
          aria-label={`Add a layer to ${label}`}
          placeholder="Add a layer"
          value={null}
          disabled={unused.length === 0 || locked}
          options={unused.map((layer) => ({ value: layer.name, label: layer.name }))}
          onChange={(layer) => onChange((entry) => ({ ...entry, layers: [...entry.layers, layer] }))}
          className="ll-gen-configuration-add"
        />
        <Button
          icon={<EyeOutlined aria-hidden="true" />}
          disabled={!onPreview || locked}
          title={onPreview ? undefined : 'Saving… the preview follows in a moment'}
          onClick={onPreview}
        >
          Preview {label}
        </Button>
        <Popconfirm
          title={`Delete configuration ${label}?`}
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button danger>Delete</Button>
        </Popconfirm>
      </div>
    </li>
  );
}
