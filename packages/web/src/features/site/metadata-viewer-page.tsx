import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  PictureOutlined,
} from '@ant-design/icons';
import { Alert, Button, Input, Space, Table, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ipfsHttpUrl, ipfsPath } from '../collections/ipfs-gateway.ts';
import {
  type MetadataProblem,
  type MetadataReport,
  metadataUrlFromInput,
  parseMetadataJson,
  sortProblems,
  validateMetadata,
} from './metadata-validation.ts';
import { PageHero, PublicLayout } from './public-layout.tsx';

const MAX_BYTES = 1_000_000;
const exampleUrl = '/art/sample/metadata/7.json';

const severityIcon: Record<MetadataProblem['severity'], React.ReactNode> = {
  error: <CloseCircleFilled className="ll-problem-error" aria-label="Error" />,
  warning: <ExclamationCircleFilled className="ll-problem-warning" aria-label="Warning" />,
  info: <InfoCircleFilled className="ll-problem-info" aria-label="Note" />,
};

/** Fetches a metadata document's text, turning every failure into a sentence. */
async function fetchMetadataText(url: string, signal: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new Error(
      `Could not load ${url}. The server may be offline, or it does not let other websites read the file (CORS).`,
    );
  }
  if (!response.ok)
    throw new Error(
      `${url} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
    );
  if (/text\/html/i.test(response.headers.get('content-type') ?? '')) {
    throw new Error(`${url} answered with a web page, not a JSON metadata file. Check the address.`);
  }
  const text = await response.text();
  if (text.length > MAX_BYTES)
    throw new Error('That file is larger than 1 MB, which is far too big for token metadata.');
  return text;
}

/** The Metadata Viewer: paste or fetch ERC-721 / Metaplex metadata, see the token and every problem in it. */
export function MetadataViewerPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [tab, setTab] = useState<'paste' | 'url'>(searchParams.get('url') ? 'url' : 'paste');
  const [text, setText] = useState('');
  const [address, setAddress] = useState(searchParams.get('url') ?? '');
  const [report, setReport] = useState<MetadataReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  const inFlight = useRef<AbortController | null>(null);

  const check = useCallback((source: string, base: string) => {
    const parsed = parseMetadataJson(source);
    setImageFailed(false);
    if (!parsed.ok) {
      setReport(null);
      setFailure(parsed.message);
      return;
    }
    setFailure(null);
    const checked = validateMetadata(parsed.value, base);
    // An ipfs:// image opens through this server's gateway when it holds it, else the configured public one.
    // It is shown once that is known: a first try through the public gateway would ask a stranger for
    // content this server holds, and its failure must not stand for the image.
    if (checked.image && ipfsPath(checked.image) !== null) {
      const { imageUrl: _publicUrl, ...pending } = checked;
      setReport(pending);
      void ipfsHttpUrl(checked.image).then((imageUrl) => {
        setReport((shown) => (shown === pending ? { ...pending, ...(imageUrl ? { imageUrl } : {}) } : shown));
      });
    } else {
      setReport(checked);
    }
  }, []);

  const load = useCallback(
    async (input: string) => {
      const ipfsUrl = await ipfsHttpUrl(input);
      const target = ipfsUrl ? { url: ipfsUrl } : metadataUrlFromInput(input, window.location.origin);
      if ('error' in target) {
        setReport(null);
        setFailure(target.error);
        return;
      }
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setLoading(true);
      try {
        const body = await fetchMetadataText(target.url, controller.signal);
        setText(body);
        check(body, target.url);
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') return;
        setReport(null);
        setFailure(error instanceof Error ? error.message : String(error));
      } finally {
        if (inFlight.current === controller) setLoading(false);
      }
    },
    [check],
  );

  // A link such as /metadata-viewer?url=… (from the sample collection) loads at once.
  const initialUrl = useRef(searchParams.get('url'));
  useEffect(() => {
    if (initialUrl.current) void load(initialUrl.current);
    return () => inFlight.current?.abort();
  }, [load]);

  const problems = report ? sortProblems(report.problems) : [];
  // Plain http:// images are not loaded: the page's CSP allows only https (and this site's own) images.
  const imageUrl = report?.imageUrl;
  const canShowImage =
    imageUrl !== undefined &&
    (/^(https:|data:image\/)/i.test(imageUrl) || imageUrl.startsWith(`${window.location.origin}/`));
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.filter((problem) => problem.severity === 'warning').length;

  return (
    <PublicLayout title="Metadata Viewer">
      <PageHero
        eyebrow="Free tool"
        title="Metadata Viewer"
        lead="Check a token’s metadata before collectors do: paste ERC-721 or Metaplex JSON, or load it from an https:// or ipfs:// address, and see the token as a marketplace would, with every problem listed."
      />
      <div className="ll-page-body">
        <div className="ll-container ll-viewer">
          <div className="ll-card">
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as 'paste' | 'url')}
              items={[
                {
                  key: 'paste',
                  label: 'Paste JSON',
                  children: (
                    <>
                      <label htmlFor="ll-metadata-json" className="ll-field-label">
                        Metadata JSON
                      </label>
                      <Input.TextArea
                        id="ll-metadata-json"
                        className="ll-code-input"
                        rows={14}
                        value={text}
                        spellCheck={false}
                        placeholder={
                          '{\n  "name": "My Token #1",\n  "description": "…",\n  "image": "ipfs://…/1.png",\n  "attributes": [{ "trait_type": "Background", "value": "Blue" }]\n}'
                        }
                        onChange={(event) => setText(event.target.value)}
                      />
                      <Space wrap className="ll-viewer-actions">
                        <Button type="primary" onClick={() => check(text, window.location.href)}>
                          Check metadata
                        </Button>
                        <Button
                          onClick={() => {
                            setAddress(exampleUrl);
                            void load(exampleUrl);
                          }}
                        >
                          Load an example
                        </Button>
                      </Space>
                    </>
                  ),
                },
                {
                  key: 'url',
                  label: 'From a URL',
                  children: (
                    <form
                      onSubmit={(event) => {
                        event.preventDefault();
                        setSearchParams(address.trim() ? { url: address.trim() } : {}, { replace: true });
                        void load(address);
                      }}
                    >
                      <label htmlFor="ll-metadata-url" className="ll-field-label">
                        Metadata address
                      </label>
                      <Input
                        id="ll-metadata-url"
                        value={address}
                        placeholder="ipfs://bafy…/1.json or https://…/1.json"
                        onChange={(event) => setAddress(event.target.value)}
                      />
                      <p className="ll-field-help">
                        ipfs:// links and bare CIDs load through this site&apos;s own IPFS gateway when it
                        holds them, otherwise through a public gateway; the file is fetched by your browser.
                      </p>
                      <Button type="primary" htmlType="submit" loading={loading}>
                        Load and check
                      </Button>
                    </form>
                  ),
                },
              ]}
            />
          </div>

          <section className="ll-card ll-viewer-result" aria-live="polite" aria-labelledby="ll-viewer-result">
            <h2 id="ll-viewer-result" className="ll-viewer-title">
              {report?.name ?? 'Result'}
            </h2>
            {failure && (
              <Alert type="error" showIcon title="Cannot check this metadata" description={failure} />
            )}
            {!failure && !report && (
              <p className="ll-viewer-empty">
                Paste a token’s JSON or load it from an address, then press check. Try “Load an example” to
                see a token of our sample collection.
              </p>
            )}
            {report && (
              <>
                <div className="ll-viewer-token">
                  <div className="ll-viewer-image">
                    {imageUrl && canShowImage && !imageFailed ? (
                      <img
                        src={imageUrl}
                        alt={report.name ?? 'Token image'}
                        onError={() => setImageFailed(true)}
                      />
                    ) : (
                      <div className="ll-viewer-noimage">
                        <PictureOutlined aria-hidden="true" />
                        <span>
                          {!imageUrl
                            ? report.image && ipfsPath(report.image) !== null
                              ? 'Finding the image on IPFS…'
                              : 'No image to show'
                            : canShowImage
                              ? 'The image could not be loaded'
                              : 'Not shown: only https:// images are loaded here'}
                        </span>
                      </div>
                    )}
                  </div>
                  <div>
                    <Space wrap size={6}>
                      <Tag color="purple">
                        {report.format === 'metaplex' ? 'Metaplex (Solana)' : 'ERC-721'}
                      </Tag>
                      {report.symbol && <Tag>{report.symbol}</Tag>}
                      {errors === 0 && warnings === 0 ? (
                        <Tag color="success" icon={<CheckCircleFilled />}>
                          No problems found
                        </Tag>
                      ) : (
                        <Tag color={errors > 0 ? 'error' : 'warning'}>
                          {errors} {errors === 1 ? 'error' : 'errors'}, {warnings}{' '}
                          {warnings === 1 ? 'warning' : 'warnings'}
                        </Tag>
                      )}
                    </Space>
                    {report.description && <p className="ll-viewer-description">{report.description}</p>}
                    <dl className="ll-viewer-fields">
                      {report.image && (
                        <>
                          <dt>image</dt>
                          <dd>{report.image}</dd>
                        </>
                      )}
                      {report.externalUrl && (
                        <>
                          <dt>external_url</dt>
                          <dd>
                            <a href={report.externalUrl} target="_blank" rel="noopener noreferrer">
                              {report.externalUrl}
                            </a>
                          </dd>
                        </>
                      )}
                      {report.animationUrl && (
                        <>
                          <dt>animation_url</dt>
                          <dd>
                            <a href={report.animationUrl} target="_blank" rel="noopener noreferrer">
                              {report.animationUrl}
                            </a>
                          </dd>
                        </>
                      )}
                    </dl>
                  </div>
                </div>

                <h3 className="ll-viewer-subtitle">Attributes ({report.attributes.length})</h3>
                <Table
                  size="small"
                  pagination={false}
                  rowKey={(_row, index) => String(index)}
                  dataSource={report.attributes}
                  locale={{ emptyText: 'No attributes' }}
                  columns={[
                    {
                      title: 'Trait type',
                      dataIndex: 'traitType',
                      render: (value) => value ?? <em>(none)</em>,
                    },
                    {
                      title: 'Value',
                      dataIndex: 'value',
                      render: (value) => (value === null ? <em>(missing)</em> : String(value)),
                    },
                    ...(report.attributes.some((attribute) => attribute.displayType)
                      ? [
                          {
                            title: 'Display type',
                            dataIndex: 'displayType',
                            render: (value: string | undefined) => value ?? '',
                          },
                        ]
                      : []),
                  ]}
                />

                <h3 className="ll-viewer-subtitle">Problems ({problems.length})</h3>
                {problems.length === 0 ? (
                  <p className="ll-viewer-ok">
                    <CheckCircleFilled aria-hidden="true" /> This metadata has everything marketplaces read.
                  </p>
                ) : (
                  <ul className="ll-problems">
                    {problems.map((problem) => (
                      <li
                        key={`${problem.path}-${problem.message}`}
                        className={`ll-problem-${problem.severity}-row`}
                      >
                        {severityIcon[problem.severity]}
                        <div>
                          {problem.path && !problem.message.startsWith(problem.path) && (
                            <code>{problem.path}</code>
                          )}{' '}
                          {problem.message}
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </section>
        </div>
      </div>
    </PublicLayout>
  );
}
