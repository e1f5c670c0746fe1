import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Collection, CollectionMetadata, MetadataSettingsInput } from '@layerloom/api';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Select, Skeleton } from 'antd';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { marketplaceKey, useMarketplace } from '../drop/use-marketplace.ts';
import { useCollectionMetadata, useSaveMetadata } from './amendments-queries.ts';
import { ChangeByline } from './change-byline.tsx';
import { collectionsKey } from './collections-queries.ts';
import './amendments.css';

/** The form's values: empty text means "as generated". */
interface MetadataForm {
  namePattern: string;
  description: string;
  externalUrl: string;
  backgroundColor: string;
  attributes: { trait_type: string; value: string }[];
  tokenAttributes: { edition: number | null; trait_type: string; value: string }[];
  renames: { trait: string; to: string }[];
}

const SEPARATOR = '\u0000';

function toForm(settings: CollectionMetadata['settings']): MetadataForm {
  return {
    namePattern: settings.namePattern ?? '',
    description: settings.description ?? '',
    externalUrl: settings.externalUrl ?? '',
    backgroundColor: settings.backgroundColor ? `#${settings.backgroundColor}` : '',
    attributes: settings.attributes.map((attribute) => ({ ...attribute, value: String(attribute.value) })),
    tokenAttributes: settings.tokenAttributes.map((attribute) => ({
      ...attribute,
      value: String(attribute.value),
    })),
    renames: settings.renames.map((rename) => ({
      trait: `${rename.traitType}${SEPARATOR}${rename.from}`,
      to: rename.to,
    })),
  };
}

/** The settings a form holds (blank fields keep what generation wrote). */
export function toSettings(form: MetadataForm): MetadataSettingsInput {
  const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);
  return {
    namePattern: orNull(form.namePattern),
    description: orNull(form.description),
    externalUrl: orNull(form.externalUrl),
    backgroundColor: orNull(form.backgroundColor),
    attributes: (form.attributes ?? []).map((attribute) => ({
      trait_type: attribute.trait_type?.trim() ?? '',
      value: attribute.value?.trim() ?? '',
    })),
    tokenAttributes: (form.tokenAttributes ?? []).map((attribute) => ({
      // An empty number is sent as 0, which the server refuses as "numbered from 1".
      edition: attribute.edition ?? 0,
      trait_type: attribute.trait_type?.trim() ?? '',
      value: attribute.value?.trim() ?? '',
    })),
    renames: (form.renames ?? []).map((rename) => {
      const [traitType = '', from = ''] = (rename.trait ?? '').split(SEPARATOR);
      return { traitType, from, to: rename.to?.trim() ?? '' };
    }),
  };
}

/** Token #1's name under a pattern (the preview under the field). */
export function previewName(pattern: string, collection: string): string {
  return pattern.replaceAll('{collection}', collection).replaceAll('{edition}', '1');
}

/** Why a published collection's metadata can no longer change (the server's words for the same refusal). */
export const FROZEN_NOTE =
  'Metadata is frozen on chain: the token metadata can never change again, so it cannot be edited.';

/**
 * Edit metadata: name pattern, description, external URL, background colour, collection-wide
 * attributes, attributes of single tokens and trait renames for every token, checked by the server against the OpenSea and Metaplex
 * formats and applied by a background job; with the history of edits (who, when, what). Once the collection
 * is published (`published`), each save is a new metadata version marketplaces learn of from the drop, and
 * the form is disabled, with the reason, once the contract's metadata is frozen.
 */
export function MetadataEditor({
  collection,
  published = false,
}: {
  collection: Collection;
  published?: boolean;
}) {
  const metadata = useCollectionMetadata(collection.id);
  const frozen = useFrozen(collection.id, published);
  return (
    <section className="llc-panel llc-amend-panel llc-metadata-editor" aria-labelledby="llc-metadata-title">
      <h2 id="llc-metadata-title" className="llc-section-title">
        Edit metadata
      </h2>
      <p className="llc-muted">
        Change what every token's metadata says. Images stay as they are; the ZIP, IPFS CIDs and rarity follow
        the new metadata. Leave a field blank to keep what generation wrote.
      </p>
      {published ? (
        frozen ? (
          <Alert
            type="info"
            showIcon
            title="Frozen on chain"
            description={FROZEN_NOTE}
            id="llc-metadata-frozen"
          />
        ) : (
          <Alert
            type="info"
            showIcon
            title="Published: your edits make a new metadata version."
            description="Marketplaces see it after you update metadata on marketplaces (Run the drop)."
          />
        )
      ) : null}
      {metadata.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : metadata.isError ? (
        <Alert
          type="error"
          showIcon
          title="The metadata could not be loaded"
          description={errorMessage(metadata.error)}
        />
      ) : (
        // A new save remounts the form, so it starts from what the files now hold.
        <MetadataFormView
          key={metadata.data.history[0]?.id ?? 'as-generated'}
          collection={collection}
          metadata={metadata.data}
          frozen={frozen}
        />
      )}
    </section>
  );
}

/** Whether a published collection's contract has its metadata frozen (false until known, or unpublished). */
function useFrozen(collectionId: string, published: boolean): boolean {
  const marketplace = useMarketplace(collectionId, published);
  return published && (marketplace.data?.isFrozen ?? false);
}

function MetadataFormView({
  collection,
  metadata,
  frozen,
}: {
  collection: Collection;
  metadata: CollectionMetadata;
  frozen: boolean;
}) {
  const feedback = useFeedback();
  const save = useSaveMetadata(collection.id);
  const client = useQueryClient();
  const [form] = Form.useForm<MetadataForm>();
  const pattern = Form.useWatch('namePattern', form) ?? '';
  const traitOptions = metadata.traits.flatMap((type) =>
    type.values.map((value) => ({
      value: `${type.traitType}${SEPARATOR}${value}`,
      label: `${type.traitType}: ${value}`,
    })),
  );
  const onFinish = (values: MetadataForm) => {
    save.mutate(toSettings(values), {
      onSuccess: () => {
        feedback.success('Rewriting every token’s metadata');
        // The drop's "Metadata on marketplaces" lists this edit as not told yet.
        void client.invalidateQueries({ queryKey: marketplaceKey(collection.id) });
        // On IPFS the publication now says its pinned metadata is out of date.
        void client.invalidateQueries({ queryKey: [...collectionsKey, collection.id, 'publication'] });
      },
    });
  };
  return (
    <>
      {metadata.warnings.map((warning) => (
        <Alert key={warning} type="warning" showIcon title="Solana (Metaplex)" description={warning} />
      ))}
      <Form<MetadataForm>
        form={form}
        layout="vertical"
        initialValues={toForm(metadata.settings)}
        onFinish={onFinish}
        onValuesChange={() => save.reset()}
        className="llc-metadata-form"
        disabled={frozen}
      >
        <Form.Item
          label="Name pattern"
          name="namePattern"
          extra={
            <>
              Use {'{collection}'} and {'{edition}'}. Token #1 reads “
              {previewName(pattern.trim() || metadata.defaultNamePattern, collection.name)}”.
            </>
          }
        >
          <Input placeholder={metadata.defaultNamePattern} maxLength={200} />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea placeholder={collection.description || 'As generated'} rows={3} maxLength={5000} />
        </Form.Item>
        <div className="llc-metadata-row">
          <Form.Item label="External URL" name="externalUrl" extra="OpenSea’s link to your site">
            <Input placeholder="https://example.com" inputMode="url" />
          </Form.Item>
          <Form.Item label="Background colour" name="backgroundColor" extra="Six hex digits, e.g. #1d3557">
            <Input placeholder="#1d3557" maxLength={7} />
          </Form.Item>
        </div>
        <fieldset className="llc-metadata-list">
          <legend>Attributes on every token</legend>
          <Form.List name="attributes">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <div key={field.key} className="llc-metadata-pair">
                    <Form.Item name={[field.name, 'trait_type']} label={`Attribute ${index + 1} name`}>
                      <Input placeholder="Artist" maxLength={64} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} label={`Attribute ${index + 1} value`}>
                      <Input placeholder="Ada" maxLength={128} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`Remove attribute ${index + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  </div>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ trait_type: '', value: '' })}>
                  Add attribute
                </Button>
              </>
            )}
          </Form.List>
        </fieldset>
        <fieldset className="llc-metadata-list">
          <legend>Attributes of single tokens</legend>
          <Form.List name="tokenAttributes">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <div key={field.key} className="llc-metadata-pair llc-metadata-token-pair">
                    <Form.Item name={[field.name, 'edition']} label={`Token ${index + 1} number`}>
                      <InputNumber min={1} max={collection.size} precision={0} prefix="#" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'trait_type']} label={`Token ${index + 1} attribute name`}>
                      <Input placeholder="Signed" maxLength={64} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} label={`Token ${index + 1} attribute value`}>
                      <Input placeholder="Yes" maxLength={128} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`Remove token attribute ${index + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  </div>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ edition: null, trait_type: '', value: '' })}
                >
                  Add an attribute to one token
                </Button>
              </>
            )}
          </Form.List>
        </fieldset>
        <fieldset className="llc-metadata-list">
          <legend>Rename traits across the collection</legend>
          <Form.List name="renames">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <div key={field.key} className="llc-metadata-pair">
                    <Form.Item name={[field.name, 'trait']} label={`Trait ${index + 1}`}>
                      <Select
                        options={traitOptions}
                        showSearch
                        optionFilterProp="label"
                        placeholder="Choose a trait"
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'to']} label={`New name ${index + 1}`}>
                      <Input placeholder="New name" maxLength={64} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`Remove rename ${index + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  </div>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ trait: undefined, to: '' })}>
                  Rename a trait
                </Button>
              </>
            )}
          </Form.List>
        </fieldset>
        {save.isError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title="Not saved"
            description={errorMessage(save.error)}
          />
        ) : null}
        <div>
          <Button
            htmlType="submit"
            loading={save.isPending}
            disabled={frozen}
            aria-describedby={frozen ? 'llc-metadata-frozen' : undefined}
          >
            Save metadata
          </Button>
        </div>
      </Form>
      {metadata.history.length > 0 ? (
        <div className="llc-changes">
          <h3 className="llc-changes-title">Edit history</h3>
          <ol className="llc-history">
            {metadata.history.map((entry) => (
              <li key={entry.id}>
                <span>{entry.changes.join('; ')}</span>
                <ChangeByline change={entry} />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </>
  );
}
