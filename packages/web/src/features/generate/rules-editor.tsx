import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProjectRule } from '@layerloom/api';
import { Button, Empty, Select, Typography } from 'antd';
import { useId, useState } from 'react';
import { useEditLocked } from './edit-lock.tsx';
import {
  buildRule,
  describeRule,
  parseTraitRef,
  RULE_KINDS,
  type RuleDraft,
  type RuleKind,
  type RuleLayer,
  traitRef,
} from './rules.ts';

/** Rules between traits: list with delete, and a form to add "A excludes B", "A requires B" or "A requires one of L {…}". */
export function RulesEditor({
  layers,
  rules,
  onChange,
}: {
  layers: readonly RuleLayer[];
  rules: readonly ProjectRule[];
  onChange: (rules: ProjectRule[]) => void;
}) {
  const [draft, setDraft] = useState<RuleDraft>({ kind: 'excludes' });
  const locked = useEditLocked();
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const traitOptions = layers
    .filter((layer) => layer.traits.length > 0)
    .map((layer) => ({
      label: layer.name,
      title: layer.name,
      options: layer.traits.map((trait) => ({
        value: traitRef(layer.name, trait.name),
        label: `${trait.name} (${layer.name})`,
      })),
    }));
  const ownLayer = draft.trait ? parseTraitRef(draft.trait).layer : undefined;
  const otherOptions = traitOptions.filter((group) => group.title !== ownLayer);
  const layerOptions = layers
    .filter((layer) => layer.name !== ownLayer && layer.traits.length > 0)
    .map((layer) => ({ value: layer.name, label: layer.name }));
  const chosenLayer = layers.find((layer) => layer.name === draft.layer);
  const hasTraits = traitOptions.length >= 2;

  const add = () => {
    const result = buildRule(draft, layers, rules);
    if ('error' in result) {
      setProblem(result.error);
      return;
    }
    onChange([...rules, result.rule]);
    setDraft({ kind: draft.kind });
    setProblem(null);
  };

  return (
    <div className="ll-gen-rules">
      {rules.length === 0 ? (
        <Typography.Paragraph type="secondary" className="ll-gen-rules-empty">
          No rules: any trait can meet any other.
        </Typography.Paragraph>
      ) : (
        <ul className="ll-gen-rule-list" aria-label="Rules">
          {rules.map((rule, index) => {
            const text = describeRule(rule);
            return (
              <li key={JSON.stringify(rule)}>
                <span>{text}</span>
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden="true" />}
                  aria-label={`Remove rule: ${text}`}
                  onClick={() => onChange(rules.filter((_, other) => other !== index))}
                />
              </li>
            );
          })}
        </ul>
      )}
      {hasTraits ? (
        <fieldset className="ll-gen-rule-form">
          <legend>Add a rule</legend>
          <div className="ll-gen-rule-fields">
            <div>
              <label htmlFor={`${ids}-trait`}>Trait</label>
              <Select
                id={`${ids}-trait`}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Trait"
                value={draft.trait}
                options={traitOptions}
                onChange={(trait: string) => {
                  setDraft((current) => ({
                    ...current,
                    trait,
                    other: undefined,
                    layer: undefined,
                    traits: [],
                  }));
                  setProblem(null);
                }}
              />
            </div>
            <div>
              <label htmlFor={`${ids}-kind`}>Rule</label>
              <Select<RuleKind>
                id={`${ids}-kind`}
                value={draft.kind}
                options={RULE_KINDS.map((kind) => ({ value: kind.value, label: kind.label }))}
                onChange={(kind) => {
                  setDraft((current) => ({ ...current, kind }));
                  setProblem(null);
                }}
              />
            </div>
            {draft.kind === 'requires-one-of' ? (
              <>
                <div>
                  <label htmlFor={`${ids}-layer`}>Layer</label>
                  <Select
                    id={`${ids}-layer`}
                    placeholder="Layer"
                    value={draft.layer}
                    options={layerOptions}
                    onChange={(layer: string) => {
                      setDraft((current) => ({ ...current, layer, traits: [] }));
                      setProblem(null);
                    }}
                  />
                </div>
                <div className="ll-gen-rule-wide">
                  <label htmlFor={`${ids}-traits`}>Any of its traits</label>
                  <Select
                    id={`${ids}-traits`}
                    mode="multiple"
                    placeholder={chosenLayer ? `Traits of ${chosenLayer.name}` : 'Choose a layer first'}
                    disabled={!chosenLayer || locked}
                    value={[...(draft.traits ?? [])]}
                    options={(chosenLayer?.traits ?? []).map((trait) => ({
                      value: trait.name,
                      label: trait.name,
                    }))}
                    onChange={(traits: string[]) => {
                      setDraft((current) => ({ ...current, traits }));
                      setProblem(null);
                    }}
                  />
                </div>
              </>
            ) : (
              <div>
                <label htmlFor={`${ids}-other`}>Other trait</label>
                <Select
                  id={`${ids}-other`}
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="Other trait"
                  value={draft.other}
                  options={otherOptions}
                  onChange={(other: string) => {
                    setDraft((current) => ({ ...current, other }));
                    setProblem(null);
                  }}
                />
              </div>
            )}
          </div>
          <div className="ll-gen-rule-actions">
            <Button icon={<PlusOutlined aria-hidden="true" />} onClick={add}>
              Add rule
            </Button>
            {problem ? (
              <Typography.Text type="danger" role="alert">
                {problem}
              </Typography.Text>
            ) : null}
          </div>
        </fieldset>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Rules link traits of different layers: upload images to two layers first."
        />
      )}
    </div>
  );
}
