import { CollectionSizeSchema, CreateProjectBodySchema, type Plan } from '@layerloom/api';
import { Form, type FormInstance, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { Link } from 'react-router';
import type { z } from 'zod';
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

/** A form rule that checks a value with the contract's own schema, so the browser and server agree. */
function schemaRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === null || value === '' ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}

const nameSchema = CreateProjectBodySchema.shape.name;
const widthSchema = CreateProjectBodySchema.shape.width;
const heightSchema = CreateProjectBodySchema.shape.height;

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

/**
 * The project's basic settings (Project Name, Project Description, Collection Size, Dimension); each change
 * autosaves. The rarity mode and seed, which a first collection can leave as they are, are another form over
 * the same values, shown under Advanced (advanced-settings-form.tsx).
 */
export function ProjectForm({
  form,
  draft,
  plan,
  onChange,
}: {
  form: FormInstance<SettingsValues>;
  draft: Draft;
  plan: Plan;
  onChange: (values: Partial<SettingsValues>) => void;
}) {
  const sizeRule: Rule = {
    validator: async (_rule, value: number | null) => {
      if (typeof value === 'number' && value > plan.maxAssets) {
        throw new Error(
          `Your ${plan.name} plan generates up to ${plan.maxAssets.toLocaleString('en-US')} assets`,
        );
      }
    },
  };
  return (
    <Form<SettingsValues>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={settingsOf(draft)}
      onValuesChange={(changed: Partial<SettingsValues>) => onChange(changed)}
      className="ll-gen-form"
    >
      <Form.Item label="Project Name" name="name" required rules={[schemaRule(nameSchema)]}>
        <Input placeholder="e.g. Moon Cats" maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Project Description"
        name="description"
        rules={[
          { required: true, whitespace: true, message: 'Project Description is required!' },
          { max: 2000, message: 'Project Description is too long' },
        ]}
      >
        <Input.TextArea placeholder="What the collection is about" autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item
        label="Collection Size"
        name="collectionSize"
        required
        rules={[schemaRule(CollectionSizeSchema), sizeRule]}
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
        <NumberInput />
      </Form.Item>
      <Form.Item label="Dimension" required extra="Width × height of every image, in pixels (16–4096).">
        <div className="ll-gen-dimension">
          <Form.Item name="width" noStyle rules={[schemaRule(widthSchema)]}>
            <NumberInput aria-label="Width" suffix="px" />
          </Form.Item>
          <span aria-hidden="true">×</span>
          <Form.Item name="height" noStyle rules={[schemaRule(heightSchema)]}>
            <NumberInput aria-label="Height" suffix="px" />
          </Form.Item>
        </div>
      </Form.Item>
    </Form>
  );
}
