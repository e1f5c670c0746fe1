import { DeleteOutlined, ExportOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type Drop,
  getMintPage,
  MAX_GALLERY_IMAGES,
  MINT_PAGE_DESCRIPTION_MAX,
  MINT_PAGE_TITLE_MAX,
  type MintPageEditor,
  type MintPageImageKind,
  updateMintPage,
  uploadMintPageImage,
} from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Breadcrumb,
  Button,
  Input,
  InputNumber,
  Radio,
  Segmented,
  Skeleton,
  Switch,
  Upload,
} from 'antd';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { call } from '../../lib/api.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CollectionLoadError } from '../collections/collection-not-found.tsx';
import { EmbedSnippet } from './embed-snippet.tsx';
import { MintPageView, type SaleView } from './mint-page.tsx';
import {
  accentReadout,
  checkDraft,
  type DraftErrors,
  type DraftField,
  draftFromSettings,
  type MintPageDraft,
  previewDrop,
} from './mint-page-draft.ts';
import { dropKey, useDrop, useDropState } from './mint-queries.ts';
import './mint-page-editor.css';

const editorKey = (id: string) => ['mint-page', id] as const;

/** `/dashboard/collections/:id/mint-page`: the creator dresses the public mint page, with a live preview. */
export function MintPageEditorPage() {
  const { id = '' } = useParams();
  const editor = useQuery({
    queryKey: editorKey(id),
    queryFn: async ({ signal }) => (await call(getMintPage, { params: { id }, signal })).data.page,
  });
  useDocumentTitle(editor.data ? `Mint page · ${editor.data.collectionName}` : 'Mint page');
  if (editor.isPending) {
    return (
      <div className="llme-page" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (editor.isError) {
    return (
      <div className="llme-page">
        {isApiError(editor.error, 'CONFLICT') ? (
          <Alert type="info" showIcon title={errorMessage(editor.error)} />
        ) : (
          <CollectionLoadError error={editor.error} onRetry={() => void editor.refetch()} />
        )}
      </div>
    );
  }
  return <MintPageEditorForm key={editor.data.updatedAt ?? 'new'} collectionId={id} editor={editor.data} />;
}

/** A fixed answer for the preview's mint card before the collection is on sale. */
const notPublishedSale: SaleView = {
  data: { state: null, notice: 'Not public yet: publish the collection to open this page to collectors.' },
  isPending: false,
  isError: false,
  error: null,
};

function MintPageEditorForm({ collectionId, editor }: { collectionId: string; editor: MintPageEditor }) {
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const saved = useMemo(() => draftFromSettings(editor.settings), [editor.settings]);
  const [draft, setDraft] = useState<MintPageDraft>(saved);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [uploading, setUploading] = useState<MintPageImageKind | null>(null);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const published = useDrop(editor.slug ?? '', editor.slug !== null);
  const liveSale = useDropState(editor.slug ?? '', editor.slug !== null && published.isSuccess);
  const preview = previewDrop(editor, draft, published.data);

  const set = <K extends keyof MintPageDraft>(key: K, value: MintPageDraft[K], field?: DraftField) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (field && errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = useMutation({
    mutationFn: async (settings: NonNullable<ReturnType<typeof checkDraft>['settings']>) =>
      (await call(updateMintPage, { params: { id: collectionId }, body: settings })).data.page,
    onSuccess: (page) => {
      queryClient.setQueryData(editorKey(collectionId), page);
      if (page.slug) void queryClient.invalidateQueries({ queryKey: dropKey(page.slug) });
      feedback.success(page.slug ? 'Saved: the public mint page shows it now' : 'Saved');
    },
    onError: (error) => {
      if (isApiError(error) && error.fields.length > 0) {
        setErrors(
          Object.fromEntries(error.fields.map((field) => [field.path, field.message])) as DraftErrors,
        );
      }
      feedback.notifyError('The mint page was not saved', error);
    },
  });

  const onSave = () => {
    const checked = checkDraft(draft, editor.size);
    setErrors(checked.errors);
    if (!checked.settings) {
      feedback.info('Fix the fields marked in red, then save again');
      return;
    }
    save.mutate(checked.settings);
  };

  const upload = async (kind: MintPageImageKind, file: File) => {
    setUploading(kind);
    setErrors((current) => ({ ...current, [kind]: undefined }));
    try {
      const body = new FormData();
      body.append('file', file);
      const { image } = (await call(uploadMintPageImage, { params: { id: collectionId, kind }, body })).data;
      set(kind, image.name);
    } catch (error) {
      setErrors((current) => ({ ...current, [kind]: errorMessage(error) }));
    } finally {
      setUploading(null);
    }
  };

  const readout = draft.hasAccent ? accentReadout(draft.accentColor) : null;
  return (
    <div className="llme-page">
      <Breadcrumb
        className="llme-breadcrumb"
        items={[
          { title: <Link to="/dashboard/collections">My Collection</Link> },
          { title: <Link to={`/dashboard/collections/${collectionId}`}>{editor.collectionName}</Link> },
          { title: 'Mint page' },
        ]}
      />
      <header className="llme-head">
        <div>
          <h1>Mint page</h1>
          <p className="llme-muted">
            How collectors see {editor.collectionName}: banner, title, links, colour and images. The preview
            shows your changes as you make them; collectors see them once you save.
          </p>
        </div>
        {editor.slug ? (
          <Button
            href={`/mint/${editor.slug}`}
            target="_blank"
            rel="noreferrer"
            icon={<ExportOutlined aria-hidden />}
          >
            Open the public page<span className="ll-visually-hidden"> (new tab)</span>
          </Button>
        ) : null}
      </header>
      {editor.slug ? null : (
        <Alert
          type="info"
          showIcon
          title="This page is not public yet"
          description="You can set it up and save it now; collectors see it once the collection is published from its page."
        />
      )}
      <div className="llme-grid">
        <form
          className="llme-form"
          aria-label="Mint page settings"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
        >
          <Field
            label="Title"
            error={errors.title}
            hint={`Empty: the collection's name, ${editor.collectionName}.`}
          >
            {(props) => (
              <Input
                {...props}
                value={draft.title}
                maxLength={MINT_PAGE_TITLE_MAX}
                showCount
                placeholder={editor.collectionName}
                onChange={(event) => set('title', event.target.value, 'title')}
              />
            )}
          </Field>
          <Field label="Description" error={errors.description} hint="Empty: the collection's description.">
            {(props) => (
              <Input.TextArea
                {...props}
                value={draft.description}
                maxLength={MINT_PAGE_DESCRIPTION_MAX}
                autoSize={{ minRows: 3, maxRows: 8 }}
                placeholder={editor.collectionDescription}
                onChange={(event) => set('description', event.target.value, 'description')}
              />
            )}
          </Field>

          <ImageField
            kind="banner"
            label="Banner"
            hint="Wide image across the top, also the picture when the link is shared. PNG, JPEG, GIF or WebP up to 8 MB; kept within 1600 × 800 px."
            current={draft.banner ? `${editor.imageBaseUrl}${draft.banner}` : editor.collageUrl}
            isDefault={!draft.banner}
            defaultLabel={
              editor.isCollageHidden
                ? 'The collage stays hidden until the reveal: no banner unless you upload one'
                : "Using the collection's collage"
            }
            resetLabel="Use the collage"
            error={errors.banner}
            isUploading={uploading === 'banner'}
            onUpload={(file) => void upload('banner', file)}
            onReset={() => set('banner', null, 'banner')}
          />
          <ImageField
            kind="logo"
            label="Logo"
            hint="Square, shown beside the title and on the embedded widget. Cropped to 256 × 256 px."
            current={draft.logo ? `${editor.imageBaseUrl}${draft.logo}` : null}
            isDefault={!draft.logo}
            defaultLabel="No logo"
            resetLabel="Remove the logo"
            error={errors.logo}
            isUploading={uploading === 'logo'}
            onUpload={(file) => void upload('logo', file)}
            onReset={() => set('logo', null, 'logo')}
          />

          <fieldset className="llme-fieldset">
            <legend>Links</legend>
            <p className="llme-muted">https:// addresses only; leave one empty to hide it.</p>
            {(
              [
                ['website', 'Website', 'https://your-site.com'],
                ['x', 'X', 'https://x.com/yourname'],
                ['discord', 'Discord', 'https://discord.gg/invite'],
              ] as const
            ).map(([kind, label, placeholder]) => (
              <Field key={kind} label={label} error={errors[`links.${kind}`]}>
                {(props) => (
                  <Input
                    {...props}
                    type="url"
                    inputMode="url"
                    value={draft[kind]}
                    placeholder={placeholder}
                    onChange={(event) => set(kind, event.target.value, `links.${kind}`)}
                  />
                )}
              </Field>
            ))}
          </fieldset>

          <fieldset className="llme-fieldset">
            <legend>Accent colour</legend>
            <div className="llme-switch">
              <Switch
                id="llme-accent-switch"
                checked={draft.hasAccent}
                onChange={(checked) => set('hasAccent', checked, 'accentColor')}
              />
              <label htmlFor="llme-accent-switch">Use my own accent colour</label>
            </div>
            {draft.hasAccent ? (
              <Field label="Hex colour" error={errors.accentColor} hint={readout ?? undefined}>
                {(props) => (
                  <div className="llme-color-row">
                    <input
                      type="color"
                      className="llme-swatch"
                      aria-label="Pick the accent colour"
                      value={
                        /^#[0-9a-f]{6}$/i.test(draft.accentColor)
                          ? draft.accentColor.toLowerCase()
                          : '#000000'
                      }
                      onChange={(event) => set('accentColor', event.target.value, 'accentColor')}
                    />
                    <Input
                      {...props}
                      value={draft.accentColor}
                      maxLength={7}
                      placeholder="#7c3aed"
                      onChange={(event) => set('accentColor', event.target.value, 'accentColor')}
                    />
                  </div>
                )}
              </Field>
            ) : (
              <p className="llme-muted">The page keeps Layerloom's purple.</p>
            )}
          </fieldset>

          <fieldset className="llme-fieldset">
            <legend>Images shown</legend>
            <Radio.Group
              value={draft.galleryMode}
              onChange={(event) => set('galleryMode', event.target.value)}
              options={[
                { value: 'first', label: 'The first ones' },
                { value: 'chosen', label: 'Tokens I choose' },
              ]}
            />
            {draft.galleryMode === 'first' ? (
              <Field
                label="How many"
                error={errors['gallery.count']}
                hint={`1 to ${Math.min(MAX_GALLERY_IMAGES, editor.size)}.`}
              >
                {(props) => (
                  <InputNumber
                    {...props}
                    min={1}
                    max={Math.min(MAX_GALLERY_IMAGES, editor.size)}
                    precision={0}
                    value={draft.galleryCount}
                    onChange={(value) => set('galleryCount', value, 'gallery.count')}
                  />
                )}
              </Field>
            ) : (
              <Field
                label="Token numbers"
                error={errors['gallery.tokenIds']}
                hint={`In the order to show them, like 3, 1, 7 (1 to ${editor.size}).`}
              >
                {(props) => (
                  <Input
                    {...props}
                    value={draft.galleryTokens}
                    placeholder="3, 1, 7"
                    onChange={(event) => set('galleryTokens', event.target.value, 'gallery.tokenIds')}
                  />
                )}
              </Field>
            )}
          </fieldset>

          <div className="llme-actions">
            <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!isDirty}>
              Save the mint page
            </Button>
            <Button onClick={() => setDraft(saved)} disabled={!isDirty || save.isPending}>
              Undo changes
            </Button>
            <span aria-live="polite" className={`llme-state${isDirty ? ' llme-state-dirty' : ''}`}>
              {isDirty ? 'Unsaved changes' : 'Saved'}
            </span>
          </div>
        </form>
        <PreviewPane drop={preview} sale={editor.slug && published.isSuccess ? liveSale : notPublishedSale} />
      </div>
      <section className="llme-embed" aria-labelledby="llme-embed-title">
        <h2 id="llme-embed-title">Embed the mint card on your site</h2>
        {editor.slug ? (
          <>
            <p className="llme-muted">
              Paste this code into your site's HTML where the card should appear. Collectors mint from it with
              their own wallet; the frame takes the card's height by itself, so every status and error shows
              inside it.
            </p>
            <EmbedSnippet slug={editor.slug} name={saved.title.trim() || editor.collectionName} />
          </>
        ) : (
          <p className="llme-muted">The embed code is here once the collection is published.</p>
        )}
      </section>
    </div>
  );
}

interface FieldControlProps {
  id: string;
  status?: 'error';
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A labelled control with its hint and its error message, wired for screen readers. */
function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="llme-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(error ? { status: 'error' as const, 'aria-invalid': true } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="llme-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="llme-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An uploaded image with its thumbnail, an upload button and a way back to the default. */
function ImageField(props: {
  kind: MintPageImageKind;
  label: string;
  hint: string;
  current: string | null;
  isDefault: boolean;
  defaultLabel: string;
  resetLabel: string;
  error: string | undefined;
  isUploading: boolean;
  onUpload: (file: File) => void;
  onReset: () => void;
}) {
  const headingId = useId();
  return (
    <section className="llme-field" aria-labelledby={headingId}>
      <span id={headingId} className="llme-label">
        {props.label}
      </span>
      <div className={`llme-image llme-image-${props.kind}`}>
        {props.current ? (
          <img src={props.current} alt={`Current ${props.kind}`} />
        ) : (
          <span>{props.defaultLabel}</span>
        )}
      </div>
      <div className="llme-image-actions">
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          showUploadList={false}
          beforeUpload={(file) => {
            props.onUpload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} loading={props.isUploading}>
            Upload a {props.kind}
          </Button>
        </Upload>
        {props.isDefault ? (
          <span className="llme-muted">{props.defaultLabel}</span>
        ) : (
          <Button icon={<DeleteOutlined aria-hidden />} onClick={props.onReset}>
            {props.resetLabel}
          </Button>
        )}
      </div>
      <p className="llme-muted">{props.hint}</p>
      {props.error ? (
        <p className="llme-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </section>
  );
}

const WIDTHS = { desktop: 1280, phone: 390 } as const;

/** The real mint page component at a desktop or phone width, scaled to fit beside the form. */
function PreviewPane({ drop, sale }: { drop: Drop; sale: SaleView }) {
  const [device, setDevice] = useState<keyof typeof WIDTHS>('desktop');
  const frame = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const width = WIDTHS[device];
  const zoom = available > 0 ? Math.min(1, available / width) : 1;
  return (
    <section className="llme-preview" aria-labelledby="llme-preview-title">
      <div className="llme-preview-bar">
        <h2 id="llme-preview-title">Preview</h2>
        <Segmented
          aria-label="Preview width"
          value={device}
          onChange={(value) => setDevice(value as keyof typeof WIDTHS)}
          options={[
            { value: 'desktop', label: 'Desktop' },
            { value: 'phone', label: 'Phone' },
          ]}
        />
      </div>
      <div ref={frame} className="llme-preview-frame" data-testid="mint-page-preview">
        <div className="llme-preview-page" style={{ width, zoom }}>
          <MintPageView drop={drop} sale={sale} isPreview />
        </div>
      </div>
    </section>
  );
}
