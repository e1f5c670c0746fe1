import { EyeInvisibleOutlined, EyeOutlined, PictureOutlined } from '@ant-design/icons';
import {
  DEFAULT_PLACEHOLDER_DESCRIPTION,
  defaultPlaceholderName,
  PLACEHOLDER_DESCRIPTION_MAX,
  PLACEHOLDER_NAME_MAX,
} from '@layerloom/api';
import { Alert, App, Button, Form, Input, Modal, Skeleton, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { shortAddress } from '../launch/short-address.ts';
import { useDeployments } from '../launch/use-deployments.ts';
import { formatDate } from './format.ts';
import { PLACEHOLDER_ACCEPT, placeholderFileProblem } from './placeholder-file.ts';
import {
  type PlaceholderInput,
  usePlaceholder,
  useRemovePlaceholder,
  useSetPlaceholder,
} from './use-placeholder.ts';

// Darker text than the preset tag colours, so both read at 4.5:1 or better (as the deployment status tag).
const tagLooks = {
  revealed: { background: '#e2f6ee', color: '#0a5e45' },
  hidden: { background: '#efe9fc', color: '#4b2a9e' },
} as const;

interface FormValues {
  name: string;
  description: string;
}

/** A local preview of the chosen file, released when it changes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** The dialog that sets the placeholder: its image (required the first time), name and description. */
function PlaceholderDialog({
  collectionId,
  collectionName,
  current,
  onIpfs,
  onClose,
}: {
  collectionId: string;
  collectionName: string;
  current: { name: string; description: string; imageUrl: string } | null;
  onIpfs: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const save = useSetPlaceholder(collectionId);
  const feedback = useFeedback();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewUrl(file) ?? current?.imageUrl ?? null;

  const onFinish = (values: FormValues) => {
    // A refused choice is shown above; saving now would quietly keep the old image.
    if (fileError && !file) return;
    if (!file && !current) {
      setFileError('Choose a placeholder image (PNG, JPEG, WebP or GIF).');
      return;
    }
    const input: PlaceholderInput = { image: file, name: values.name, description: values.description ?? '' };
    save.mutate(input, {
      onSuccess: () => {
        feedback.success('Placeholder saved');
        onClose();
      },
    });
  };

  return (
    <Modal
      open
      title="Pre-reveal placeholder"
      okText="Save placeholder"
      cancelText="Cancel"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <p className="llc-muted">
        Until you reveal, every token shows this image and text
        {onIpfs
          ? ' in wallets and on marketplaces (on IPFS the art itself is public to anyone who has its CIDs).'
          : ", and the collection's own images and metadata stay private."}
      </p>
      <Form<FormValues>
        form={form}
        name="placeholder"
        layout="vertical"
        requiredMark={false}
        initialValues={{
          name: current?.name ?? defaultPlaceholderName(collectionName),
          description: current?.description ?? DEFAULT_PLACEHOLDER_DESCRIPTION,
        }}
        onFinish={onFinish}
      >
        <fieldset className="llc-placeholder-pick">
          <legend className="llc-placeholder-pick-label">Image</legend>
          <div className="llc-placeholder-pick-row">
            {preview ? (
              <img
                className="llc-placeholder-thumb"
                src={preview}
                alt="The chosen placeholder"
                width={72}
                height={72}
              />
            ) : (
              <span className="llc-placeholder-thumb llc-placeholder-empty" aria-hidden="true">
                <PictureOutlined />
              </span>
            )}
            <div className="llc-placeholder-pick-body">
              <Upload
                accept={PLACEHOLDER_ACCEPT}
                showUploadList={false}
                maxCount={1}
                beforeUpload={(chosen) => {
                  const problem = placeholderFileProblem(chosen);
                  // A new choice replaces what the last attempt was refused for.
                  save.reset();
                  setFileError(problem);
                  setFile(problem ? null : chosen);
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button icon={<PictureOutlined />}>
                  {current || file ? 'Choose another image' : 'Choose an image'}
                </Button>
              </Upload>
              <span className="llc-muted">{file ? file.name : 'PNG, JPEG, WebP or GIF, up to 5 MB.'}</span>
              {fileError ? (
                <Typography.Text type="danger" role="alert">
                  {fileError}
                </Typography.Text>
              ) : null}
            </div>
          </div>
        </fieldset>
        <Form.Item
          name="name"
          label="Name"
          extra="Every token's name before the reveal."
          rules={[
            { required: true, whitespace: true, message: 'Enter the name tokens show before the reveal.' },
          ]}
        >
          <Input maxLength={PLACEHOLDER_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input.TextArea maxLength={PLACEHOLDER_DESCRIPTION_MAX} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
      {save.isError ? (
        <Alert
          type="error"
          showIcon
          title="Could not save the placeholder"
          description={errorMessage(save.error)}
        />
      ) : null}
    </Modal>
  );
}

/**
 * The published collection's pre-reveal placeholder: what it is, the one set (image, texts, its public
 * metadata URL, whether the art is still hidden) and a dialog to set or change it before the reveal.
 */
export function PlaceholderPanel({
  collectionId,
  collectionName,
  onIpfs = false,
}: {
  collectionId: string;
  collectionName: string;
  /** Published on IPFS: the files are public there, so the placeholder hides the art from wallets and marketplaces only. */
  onIpfs?: boolean;
}) {
  const placeholder = usePlaceholder(collectionId);
  const remove = useRemovePlaceholder(collectionId);
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const [isEditing, setEditing] = useState(false);
  const data = placeholder.data;
  // A contract deployed pre-reveal shows this placeholder until its reveal: removing it would break minted
  // tokens' metadata, so the server refuses it (409); said here before any click.
  const contract = useDeployments(collectionId).data?.[0];
  const removeBlocked = contract
    ? `It cannot be removed: your contract on ${contract.chainName} (${shortAddress(contract.address)}) shows it until you reveal the collection from Run the drop.`
    : null;

  const onRemove = () =>
    modal.confirm({
      title: 'Remove the placeholder?',
      content: onIpfs
        ? 'Tokens will no longer show a placeholder: a contract deployed after this is revealed at once.'
        : "The collection's own images and metadata become public at once, and a contract deployed after this is revealed at once.",
      okText: 'Remove placeholder',
      okButtonProps: { danger: true },
      cancelText: 'Keep it',
      onOk: () =>
        remove.mutateAsync().then(
          () => feedback.success('Placeholder removed'),
          // Shown in the panel; the dialog closes either way.
          () => undefined,
        ),
    });

  return (
    <div className="llc-placeholder">
      <h3 id="llc-placeholder-title" className="llc-placeholder-title">
        Pre-reveal placeholder
      </h3>
      {placeholder.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      ) : placeholder.isError ? (
        <Typography.Text type="danger">{errorMessage(placeholder.error)}</Typography.Text>
      ) : data ? (
        <>
          <div className="llc-placeholder-card">
            <img
              className="llc-placeholder-thumb"
              src={data.imageUrl}
              alt={`Placeholder: ${data.name}`}
              width={72}
              height={72}
            />
            <div className="llc-placeholder-text">
              <strong>{data.name}</strong>
              {data.description ? <span className="llc-muted">{data.description}</span> : null}
              {data.revealedAt ? (
                <Tag
                  icon={<EyeOutlined />}
                  variant="filled"
                  style={tagLooks.revealed}
                  className="llc-placeholder-tag"
                >
                  Revealed {formatDate(data.revealedAt)}
                </Tag>
              ) : (
                <Tag
                  icon={<EyeInvisibleOutlined />}
                  variant="filled"
                  style={tagLooks.hidden}
                  className="llc-placeholder-tag"
                >
                  {onIpfs ? 'Placeholder shown until the reveal' : 'Art hidden until the reveal'}
                </Tag>
              )}
            </div>
          </div>
          <div className="llc-placeholder-actions">
            <Typography.Link href={data.metadataUrl} target="_blank" rel="noreferrer">
              Placeholder metadata
            </Typography.Link>
            {data.revealedAt ? null : (
              <>
                <Button onClick={() => setEditing(true)}>Change placeholder…</Button>
                <Button
                  danger
                  onClick={onRemove}
                  loading={remove.isPending}
                  disabled={removeBlocked !== null}
                  aria-describedby={removeBlocked ? 'llc-placeholder-remove-reason' : undefined}
                >
                  Remove placeholder…
                </Button>
              </>
            )}
          </div>
          {removeBlocked && !data.revealedAt ? (
            <p id="llc-placeholder-remove-reason" className="llc-muted llc-placeholder-reason">
              {removeBlocked}
            </p>
          ) : null}
          {remove.isError ? (
            <Alert
              type="error"
              showIcon
              title="Could not remove the placeholder"
              description={errorMessage(remove.error)}
            />
          ) : null}
        </>
      ) : (
        <>
          <p className="llc-muted llc-placeholder-intro">
            Optional. For a pre-reveal drop, tokens show a placeholder until you reveal them
            {onIpfs
              ? '. The collection is on IPFS, where its files are public: wallets and marketplaces show the placeholder, but anyone who has the CIDs can open the art.'
              : ", and the collection's own images and metadata stay private until then."}
          </p>
          <div>
            <Button onClick={() => setEditing(true)}>Set a placeholder…</Button>
          </div>
        </>
      )}
      {isEditing ? (
        <PlaceholderDialog
          collectionId={collectionId}
          collectionName={collectionName}
          current={data ?? null}
          onIpfs={onIpfs}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </div>
  );
}
