import { type Plan, projectFieldProblem } from '@layerloom/api';
import { Input } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { WATERMARK_TEXT } from '../../components/watermark-note.tsx';
import { PLANS_PATH } from '../../lib/plans-path.ts';
import { NumberInput } from './number-input.tsx';
import type { Draft } from './project-draft.ts';

/** The fields of the settings form. */
export interface SettingsValues {
  name: string;
  description: string;
  collectionSize: number | null;
  width: number | null;
  height: number | null;
  rarityMode: 'weighted' | 'exact';
  seed: string;
}

/** The values the form starts from. */
export function settingsOf(draft: Draft): SettingsValues {
  return {
    name: draft.name,
    description: draft.description,
    collectionSize: draft.collectionSize,
    width: draft.width,
    height: draft.height,
    rarityMode: draft.rarityMode,
    seed: draft.seed,
  };
}

/** The settings fields shown under Advanced; the others are the project's basics. */
export const ADVANCED_FIELDS: ReadonlySet<keyof SettingsValues> = new Set(['rarityMode', 'seed']);

type BasicField = 'name' | 'description' | 'collectionSize' | 'width' | 'height';

/** What the field says under itself once edited: the server's rule, and the plan's limit on the size. */
function fieldMessage(field: BasicField, draft: Draft, plan: Plan): string | null {
  const value = draft[field];
  if (field === 'description' && (typeof value !== 'string' || value.trim() === '')) {
    return 'Project Description is required!';
  }
  // The rule reads an empty field (null, '') as missing.
  const problem = projectFieldProblem(field, value);
  if (problem) return problem;
  if (field === 'collectionSize' && typeof value === 'number' && value > plan.maxAssets) {
    return `Your ${plan.name} plan generates up to ${plan.maxAssets.toLocaleString('en-US')} assets`;
  }
  return null;
}

/** A labelled field of the settings (each is required: its label is marked), its message once edited, its help. */
function Field({
  id,
  label,
  group = false,
  messages,
  extra,
  children,
}: {
  /** The control's id; for a group of controls, the name of the group's label, message and help. */
  id: string;
  label: string;
  /** Several controls, each with its own accessible name, under one heading (Dimension). */
  group?: boolean;
  messages: string[];
  extra?: ReactNode;
  children: ReactNode;
}) {
  const body = (
    <>
      {children}
      {messages.length > 0 ? (
        <div id={`${id}-message`} className="ll-field-message">
          {messages.map((message) => (
            <div key={message} role="alert">
              {message}
            </div>
          ))}
        </div>
      ) : null}
      {extra ? (
        <div id={`${id}-extra`} className="ll-field-extra">
          {extra}
        </div>
      ) : null}
    </>
  );
  const className = `ll-field${messages.length > 0 ? ' has-error' : ''}`;
  return group ? (
    <fieldset className={className}>
      <legend className="ll-field-label">{label}</legend>
      {body}
    </fieldset>
  ) : (
    <div className={className}>
      <label className="ll-field-label" htmlFor={id}>
        {label}
      </label>
      {body}
    </div>
  );
}

/**
 * The project's basic settings (Project Name, Project Description, Collection Size, Dimension), controlled by
 * the draft; each change autosaves. A field says what is wrong with it once edited, with the server's own
 * rule (project-fields in the contract), so the browser and server agree. Plain fields rather than antd's
 * Form, whose code (with its validator) is about 17 KB of the page's first load. The rarity mode and seed,
 * which a first collection can leave as they are, are shown under Advanced (advanced-settings-form.tsx).
 */
export function ProjectForm({
  draft,
  plan,
  onChange,
}: {
  draft: Draft;
  plan: Plan;
  onChange: (values: Partial<SettingsValues>) => void;
}) {
  const [edited, setEdited] = useState<ReadonlySet<BasicField>>(new Set());
  const change = <F extends BasicField>(field: F, value: SettingsValues[F]) => {
    setEdited((fields) => (fields.has(field) ? fields : new Set([...fields, field])));
    onChange({ [field]: value });
  };
  const messagesOf = (field: BasicField): string[] => {
    const message = edited.has(field) ? fieldMessage(field, draft, plan) : null;
    return message ? [message] : [];
  };
  /** A control's id, its state, and what describes it: its field's message (when it has one) and help. */
  const described = (id: string, messages: string[], field: string, extra: boolean) => ({
    id,
    status: messages.length > 0 ? ('error' as const) : undefined,
    'aria-invalid': messages.length > 0 || undefined,
    'aria-required': true,
    'aria-describedby':
      [messages.length > 0 ? `${field}-message` : '', extra ? `${field}-extra` : '']
        .filter(Boolean)
        .join(' ') || undefined,
  });
  const name = messagesOf('name');
  const description = messagesOf('description');
  const size = messagesOf('collectionSize');
  const width = messagesOf('width');
  const height = messagesOf('height');
  return (
    <div className="ll-gen-form">
      <Field id="name" label="Project Name" messages={name}>
        <Input
          {...described('name', name, 'name', false)}
          placeholder="e.g. Moon Cats"
          maxLength={100}
          autoComplete="off"
          value={draft.name}
          onChange={(event) => change('name', event.target.value)}
        />
      </Field>
      <Field id="description" label="Project Description" messages={description}>
        <Input.TextArea
          {...described('description', description, 'description', false)}
          placeholder="What the collection is about"
          autoSize={{ minRows: 2, maxRows: 6 }}
          value={draft.description}
          onChange={(event) => change('description', event.target.value)}
        />
      </Field>
      <Field
        id="collectionSize"
        label="Collection Size"
        messages={size}
        extra={
          <>
            Your {plan.name} plan: up to {plan.maxAssets.toLocaleString('en-US')} assets
            {plan.watermark ? (
              <>
                , watermarked “{WATERMARK_TEXT}”. <Link to={PLANS_PATH}>See plans</Link>
              </>
            ) : (
              '.'
            )}
          </>
        }
      >
        <NumberInput
          {...described('collectionSize', size, 'collectionSize', true)}
          value={draft.collectionSize}
          onChange={(value) => change('collectionSize', value)}
        />
      </Field>
      <Field
        id="dimension"
        label="Dimension"
        group
        messages={[...width, ...height]}
        extra="Width × height of every image, in pixels (16–4096)."
      >
        <div className="ll-gen-dimension">
          <NumberInput
            {...described('width', width, 'dimension', true)}
            aria-label="Width"
            suffix="px"
            value={draft.width}
            onChange={(value) => change('width', value)}
          />
          <span aria-hidden="true">×</span>
          <NumberInput
            {...described('height', height, 'dimension', true)}
            aria-label="Height"
            suffix="px"
            value={draft.height}
            onChange={(value) => change('height', value)}
          />
        </div>
      </Field>
    </div>
  );
}
