import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { getOneOfOneImage, type OneOfOne, PROJECT_LIMITS } from '@layerloom/api';
import { Button, Input, Popconfirm, Typography, Upload } from 'antd';
import { useId, useState } from 'react';
import { endpointUrl } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useEditLocked } from './edit-lock.tsx';
import './one-of-ones-panel.css';

/**
 * 1-of-1s: finished artworks uploaded as they are (checked by content like layer images), each with
 * its own name and attributes. They count in the collection size and are placed among the generated
 * tokens by the seed.
 */
export function OneOfOnesPanel({
  projectId,
  oneOfOnes,
  collectionSize,
  onUpload,
  onChange,
}: {
  projectId: string;
  oneOfOnes: readonly OneOfOne[];
  collectionSize: number | null | undefined;
  onUpload: (file: File) => Promise<void>;
  onChange: (oneOfOnes: OneOfOne[]) => void;
}) {
  const [isUploading, setIsUploading] = useState(false);
  const locked = useEditLocked();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const size = typeof collectionSize === 'number' ? collectionSize : 0;
  const change = (id: string, recipe: (entry: OneOfOne) => OneOfOne) =>
    onChange(oneOfOnes.map((entry) => (entry.id === id ? recipe(entry) : entry)));
  return (
    <div className="ll-gen-one-of-ones">
      <p className="ll-gen-one-of-ones-lead" data-testid="one-of-ones-count">
        {oneOfOnes.length === 0
          ? 'Upload finished artworks to place among the generated tokens, each with its own name and attributes.'
          : `${oneOfOnes.length} of the ${size.toLocaleString('en-US')} tokens ${oneOfOnes.length === 1 ? 'is a 1-of-1' : 'are 1-of-1s'}; the rest are generated.`}
      </p>
      {oneOfOnes.length > 0 ? (
        <ul className="ll-gen-one-of-ones-list">
          {oneOfOnes.map((oneOfOne) => (
            <OneOfOneItem
              key={oneOfOne.id}
              projectId={projectId}
              oneOfOne={oneOfOne}
              onChange={(recipe) => change(oneOfOne.id, recipe)}
              onDelete={() => onChange(oneOfOnes.filter((entry) => entry.id !== oneOfOne.id))}
            />
          ))}
        </ul>
      ) : null}
      <Upload
        accept=".png,.jpg,.jpeg,.gif,.webp"
        showUploadList={false}
        disabled={isUploading || oneOfOnes.length >= PROJECT_LIMITS.oneOfOnes || locked}
        beforeUpload={(file) => {
          setIsUploading(true);
          setUploadError(null);
          onUpload(file)
            .catch((error: unknown) => setUploadError(errorMessage(error)))
            .finally(() => setIsUploading(false));
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden="true" />} loading={isUploading}>
          Upload a 1-of-1
        </Button>
      </Upload>
      {uploadError ? (
        <Typography.Text type="danger" role="alert">
          Upload refused: {uploadError}
        </Typography.Text>
      ) : null}
    </div>
  );
}

function OneOfOneItem({
  projectId,
  oneOfOne,
  onChange,
  onDelete,
}: {
  projectId: string;
  oneOfOne: OneOfOne;
  onChange: (recipe: (entry: OneOfOne) => OneOfOne) => void;
  onDelete: () => void;
}) {
  const ids = useId();
  const locked = useEditLocked();
  const [name, setName] = useState(oneOfOne.name);
  const trimmed = name.trim();
  const problem =
    trimmed === ''
      ? '1-of-1 name is required!'
      : trimmed.length > PROJECT_LIMITS.nameLength
        ? `1-of-1 name is too long (at most ${PROJECT_LIMITS.nameLength} characters)`
        : null;
  const commitName = () => {
    if (!problem && trimmed !== oneOfOne.name) onChange((entry) => ({ ...entry, name: trimmed }));
  };
  const setAttribute = (index: number, field: 'trait_type' | 'value', value: string) =>
    onChange((entry) => ({
      ...entry,
      attributes: entry.attributes.map((attribute, at) =>
        at === index ? { ...attribute, [field]: value } : attribute,
      ),
    }));
  return (
    <li className="ll-gen-one-of-one" aria-label={`1-of-1 ${oneOfOne.name}`}>
      <img
        className="ll-gen-one-of-one-image"
        src={endpointUrl(getOneOfOneImage, { id: projectId, oneOfOneId: oneOfOne.id })}
        alt={`1-of-1 artwork ${oneOfOne.name}`}
        width={96}
        height={96}
      />
      <div className="ll-gen-one-of-one-fields">
        <label htmlFor={`${ids}-name`}>Name</label>
        <Input
          id={`${ids}-name`}
          value={name}
          status={problem ? 'error' : undefined}
          onChange={(event) => setName(event.target.value)}
          onBlur={commitName}
          onPressEnter={commitName}
        />
        {problem ? (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        ) : null}
        <span className="ll-gen-one-of-one-caption">Attributes</span>
        {oneOfOne.attributes.length === 0 ? (
          <Typography.Text type="secondary">No attributes: its metadata lists none.</Typography.Text>
        ) : (
          <ul className="ll-gen-one-of-one-attributes">
            {oneOfOne.attributes.map((attribute, index) => (
              // Rows are edited in place and removed by index; their order is the metadata's.
              // biome-ignore lint/suspicious/noArrayIndexKey: attributes have no id of their own
              <li key={index}>
                <Input
                  aria-label={`Attribute ${index + 1} name`}
                  placeholder="Name (e.g. Artist)"
                  value={attribute.trait_type}
                  maxLength={PROJECT_LIMITS.nameLength}
                  onChange={(event) => setAttribute(index, 'trait_type', event.target.value)}
                />
                <Input
                  aria-label={`Attribute ${index + 1} value`}
                  placeholder="Value"
                  value={attribute.value}
                  maxLength={200}
                  onChange={(event) => setAttribute(index, 'value', event.target.value)}
                />
                <Button
                  type="text"
                  icon={<DeleteOutlined aria-hidden="true" />}
                  aria-label={`Remove attribute ${index + 1}`}
                  onClick={() =>
                    onChange((entry) => ({
                      ...entry,
                      attributes: entry.attributes.filter((_, at) => at !== index),
                    }))
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <div className="ll-gen-one-of-one-actions">
          <Button
            size="small"
            icon={<PlusOutlined aria-hidden="true" />}
            disabled={oneOfOne.attributes.length >= 20 || locked}
            onClick={() =>
              onChange((entry) => ({
                ...entry,
                attributes: [...entry.attributes, { trait_type: '', value: '' }],
              }))
            }
          >
            Add attribute
          </Button>
          <Popconfirm
            title={`Delete 1-of-1 ${oneOfOne.name}?`}
            description="Its artwork is deleted too."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={onDelete}
          >
            <Button size="small" danger>
              Delete
            </Button>
          </Popconfirm>
        </div>
      </div>
    </li>
  );
}
