import { type ApiKeyScope, apiKeyScopes, type CreateApiKeyResponse } from '@layerloom/api';
import { Alert, Button, Checkbox, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { showFieldErrors } from '../auth/forms/field-errors.ts';
import { useCreateApiKey } from './api-key-queries.ts';
import { type ExpiryChoice, expiresAtFor, expiryChoices } from './expiry.ts';

interface CreateApiKeyValues {
  name: string;
  scopes: ApiKeyScope[];
  expiry: ExpiryChoice;
}

const scopeOptions = (Object.keys(apiKeyScopes) as ApiKeyScope[]).map((scope) => ({
  value: scope,
  label: (
    <span>
      <strong>{apiKeyScopes[scope].label}</strong>
      <span className="lldev-scope-help"> — {apiKeyScopes[scope].description}</span>
    </span>
  ),
}));

/** Create API key: a name, what it may do and when it stops working; calls `onCreated` with the secret. */
export function CreateApiKeyForm({
  onCreated,
}: {
  onCreated: (created: CreateApiKeyResponse['data']) => void;
}) {
  const [form] = Form.useForm<CreateApiKeyValues>();
  const create = useCreateApiKey();
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = Form.useWatch('scopes', form) ?? [];
  const warnings = (Object.keys(apiKeyScopes) as ApiKeyScope[]).filter(
    (scope) => chosen.includes(scope) && apiKeyScopes[scope].warning,
  );

  const onFinish = async (values: CreateApiKeyValues) => {
    setFailure(null);
    try {
      const created = await create.mutateAsync({
        name: values.name,
        scopes: values.scopes,
        expiresAt: expiresAtFor(values.expiry),
      });
      form.resetFields();
      onCreated(created);
    } catch (error) {
      if (!showFieldErrors(form, error, { expiresAt: 'expiry' })) setFailure(errorMessage(error));
    }
  };

  return (
    <Form<CreateApiKeyValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ scopes: ['read'], expiry: 'never' }}
      onFinish={onFinish}
      onValuesChange={() => setFailure(null)}
      disabled={create.isPending}
      className="lldev-form"
      aria-label="Create an API key"
    >
      {failure && <Alert type="error" showIcon title={failure} role="alert" className="lldev-alert" />}
      <Form.Item
        label="Name"
        name="name"
        extra="So you know where it is used, e.g. “CI pipeline”."
        rules={[
          { required: true, whitespace: true, message: 'Give the key a name' },
          { max: 60, message: 'The name can be at most 60 characters' },
        ]}
      >
        <Input maxLength={60} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Scopes"
        name="scopes"
        // A validator, not `required`: antd would put aria-required on the group's div, which has no role to carry it.
        rules={[
          {
            validator: (_rule, value?: unknown[]) =>
              value?.length ? Promise.resolve() : Promise.reject(new Error('Choose at least one scope')),
          },
        ]}
      >
        <Checkbox.Group options={scopeOptions} className="lldev-scopes" />
      </Form.Item>
      {warnings.map((scope) => (
        <Alert
          key={scope}
          type="warning"
          showIcon
          title={apiKeyScopes[scope].warning}
          className="lldev-alert"
          data-testid={`scope-warning-${scope}`}
        />
      ))}
      <Form.Item label="Expires" name="expiry">
        <Select
          aria-label="Expires"
          options={expiryChoices.map(({ value, label }) => ({ value, label }))}
          className="lldev-expiry"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        Create key
      </Button>
    </Form>
  );
}
