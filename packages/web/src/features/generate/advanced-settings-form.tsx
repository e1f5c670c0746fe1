import { ReloadOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Input, Radio, Space, Tooltip } from 'antd';
import { useEffect } from 'react';
import { randomSeed } from './preview-api.ts';
import type { Draft } from './project-draft.ts';
import { type SettingsValues, settingsOf } from './project-form.tsx';

/**
 * The settings shown under Advanced (rarity mode and seed), a form of their own over the same values as the
 * basics: their code loads with Advanced, not with the page.
 */
export function AdvancedSettingsForm({
  draft,
  onChange,
}: {
  draft: Draft;
  onChange: (values: Partial<SettingsValues>) => void;
}) {
  const [form] = Form.useForm<SettingsValues>();
  // The draft changed other than through this form (someone else's save merged in, theirs reloaded): show it.
  useEffect(() => {
    const shown = form.getFieldsValue(['rarityMode', 'seed']);
    if (shown.rarityMode !== draft.rarityMode || shown.seed !== draft.seed) {
      form.setFieldsValue({ rarityMode: draft.rarityMode, seed: draft.seed });
    }
  }, [form, draft.rarityMode, draft.seed]);
  return (
    <Form<SettingsValues>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={settingsOf(draft)}
      onValuesChange={(changed: Partial<SettingsValues>) => onChange(changed)}
      className="ll-gen-form"
    >
      <AdvancedFields form={form} draft={draft} onChange={onChange} />
    </Form>
  );
}

/** Rarity mode and seed. */
function AdvancedFields({
  form,
  draft,
  onChange,
}: {
  form: FormInstance<SettingsValues>;
  draft: Draft;
  onChange: (values: Partial<SettingsValues>) => void;
}) {
  return (
    <>
      <Form.Item
        label="Rarity"
        name="rarityMode"
        extra={
          draft.rarityMode === 'exact'
            ? 'Trait weights are counts: the collection has exactly that share of each trait.'
            : 'Trait weights are relative chances of each trait in its layer.'
        }
      >
        <Radio.Group optionType="button" buttonStyle="solid" aria-label="Rarity mode">
          <Radio.Button value="weighted">Weighted</Radio.Button>
          <Radio.Button value="exact">Exact counts</Radio.Button>
        </Radio.Group>
      </Form.Item>
      <Form.Item label="Seed" extra="The same seed and settings always give the same collection.">
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="seed"
            noStyle
            rules={[{ required: true, whitespace: true, message: 'Seed is required!' }]}
          >
            <Input aria-label="Seed" maxLength={100} autoComplete="off" />
          </Form.Item>
          <Tooltip title="New random seed">
            <Button
              aria-label="Shuffle seed"
              icon={<ReloadOutlined aria-hidden="true" />}
              onClick={() => {
                const seed = randomSeed();
                form.setFieldValue('seed', seed);
                onChange({ seed });
              }}
            />
          </Tooltip>
        </Space.Compact>
      </Form.Item>
    </>
  );
}
