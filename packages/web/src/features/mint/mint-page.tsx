import { ExportOutlined, WalletOutlined } from '@ant-design/icons';
import type { Drop, DropState } from '@layerloom/api';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { shortAddress } from '../launch/short-address.ts';
import { bannerSources } from './banner-sources.ts';
import { EmbedShell } from './embed-shell.tsx';
import { AccentTheme, PageLinks } from './mint-page-look.tsx';
import { dropKey, dropStateKey, keepLocalRead, useDrop, useDropState } from './mint-queries.ts';
import {
  blockerMessage,
  countdownLabel,
  formatCountdown,
  formatPrice,
  formatStart,
  mintAllowance,
  mintedPercent,
  type NextPhase,
  nextPhase,
  phaseLabel,
  phaseTerms,
  stateAt,
  type WalletStanding,
  walletLimitFigure,
} from './mint-rules.ts';
import '../site/site.css';
import './mint.css';

// Wallet code (wagmi, viem's clients, the contract library, WalletConnect) loads once the collector presses
// Connect, never before: most visitors only look.
const MintPanel = lazy(() => import('./mint-panel.tsx'));

/**
 * Whether this browser had a wallet connected here when it last left (wagmi's stored state names a current
 * connection): the collector pressed Connect before, so the wallet panel loads at once and reconnects.
 */
function wasConnectedBefore(): boolean {
  try {
    const stored = window.localStorage.getItem('wagmi.store');
    if (!stored) return false;
    const current = (JSON.parse(stored) as { state?: { current?: unknown } }).state?.current;
    return typeof current === 'string' && current !== '';
  } catch {
    return false;
  }
}

/** The server reuses a chain read for 5 s; a second read after that shows a mint that the first missed. */
const AFTER_CACHE_MS = 6_000;

/** Artwork at most this wide is shown with hard pixel edges when enlarged. */
const SMALL_ART_PX = 256;

/** `/mint/{slug}`: a published collection's public mint page; `?embed=1` shows only its mint card. */
export function MintPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const isEmbed = search.get('embed') === '1';
  const drop = useDrop(slug);
  const sale = useDropState(slug, drop.isSuccess);
  const queryClient = useQueryClient();
  const later = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(later.current), []);

  const onMinted = useCallback(
    (fresh?: DropState) => {
      // The chain as the collector's wallet read it after the mint: shown at once, and kept over the
      // server's older cached answers for a few seconds.
      if (fresh) {
        keepLocalRead(slug, fresh);
        queryClient.setQueryData(dropStateKey(slug), { state: fresh, notice: null });
      }
      const refresh = () => {
        void queryClient.invalidateQueries({ queryKey: dropStateKey(slug) });
        void queryClient.invalidateQueries({ queryKey: [...dropKey(slug), 'wallet'] });
      };
      refresh();
      clearTimeout(later.current);
      later.current = setTimeout(refresh, AFTER_CACHE_MS);
    },
    [queryClient, slug],
  );

  if (drop.isError && isApiError(drop.error, 'NOT_FOUND')) return <MintNotFound isEmbed={isEmbed} />;

  const title = drop.data ? `${drop.data.page.title} · Mint` : 'Mint';
  if (!drop.data) {
    const pending = drop.isError ? (
      <Alert
        type="error"
        showIcon
        title="The mint page could not be loaded"
        description={errorMessage(drop.error)}
        action={<Button onClick={() => void drop.refetch()}>Try again</Button>}
      />
    ) : (
      <div className="llm-card">
        <Skeleton active paragraph={{ rows: 5 }} />
      </div>
    );
    if (isEmbed) return <EmbedShell title={title}>{pending}</EmbedShell>;
    return (
      <CreatorShell title={title}>
        <div className="llm-page">
          <section className="llm-hero">
            <div className="llm-banner-space" />
            <div className="ll-container">{pending}</div>
          </section>
          <MadeWithLayerloom />
        </div>
      </CreatorShell>
    );
  }

  const view = <MintPageView drop={drop.data} sale={sale} onMinted={onMinted} isEmbed={isEmbed} />;
  if (isEmbed) return <EmbedShell title={title}>{view}</EmbedShell>;
  return <CreatorShell title={title}>{view}</CreatorShell>;
}

/**
 * The public page's shell: the creator's page alone, no Layerloom header or menu (the page is theirs);
 * Layerloom is only the small link at its foot.
 */
function CreatorShell({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main id="main" className="llm-site">
      {children}
    </main>
  );
}

/** The one mention of Layerloom on a creator's page, at its foot. */
function MadeWithLayerloom() {
  return (
    <footer className="llm-made-with">
      <a href="/" target="_blank" rel="noreferrer">
        Made with Layerloom<span className="ll-visually-hidden"> (opens in a new tab)</span>
      </a>
    </footer>
  );
}

/** What the mint card needs of the live sale query (the page's, or a fixed answer in the editor's preview). */
export interface SaleView {
  data?: { state: DropState | null; notice: string | null } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface MintPageViewProps {
  drop: Drop;
  sale: SaleView;
  onMinted?: (fresh?: DropState) => void;
  isEmbed?: boolean;
  /** In the page editor: everything as collectors see it, but no wallet is connected. */
  isPreview?: boolean;
}

/**
 * The mint page itself, as collectors see it: banner, logo, title, links and the creator's accent, the mint
 * card and the gallery. The page editor's live preview renders this same component with unsaved values.
 */
export function MintPageView({
  drop,
  sale,
  onMinted,
  isEmbed = false,
  isPreview = false,
}: MintPageViewProps) {
  const { page } = drop;
  // Small artwork (pixel art, a 128 px collection) is scaled up crisp instead of blurred.
  const pixelClass = drop.width <= SMALL_ART_PX ? ' llm-pixelated' : '';
  const card = (
    <MintCard drop={drop} sale={sale} onMinted={onMinted} isEmbed={isEmbed} isPreview={isPreview} />
  );
  if (isEmbed) return <AccentTheme accent={page.accentColor}>{card}</AccentTheme>;
  return (
    <AccentTheme accent={page.accentColor}>
      <section className="llm-hero">
        {page.bannerUrl ? (
          <div className="llm-banner">
            <BannerImage url={page.bannerUrl} alt={`${page.title} banner`} />
          </div>
        ) : (
          <div className="llm-banner-space" />
        )}
        <div className="ll-container llm-hero-grid">
          <div className={`llm-art${pixelClass}`}>
            {drop.images[0] ? (
              <img
                src={drop.images[0]}
                alt={`${drop.name} #${drop.imageTokenIds[0] ?? 1}`}
                width={drop.width}
                height={drop.height}
              />
            ) : (
              <div className="llm-art-empty" />
            )}
          </div>
          <div className="llm-hero-text">
            <div className="llm-title-row">
              {page.logoUrl ? (
                <img
                  className="llm-logo"
                  src={page.logoUrl}
                  alt={`${page.title} logo`}
                  width={72}
                  height={72}
                />
              ) : null}
              <div>
                <p className="ll-eyebrow">Mint</p>
                <h1>{page.title}</h1>
              </div>
            </div>
            {drop.description ? <p className="llm-description">{drop.description}</p> : null}
            <PageLinks links={page.links} />
            {drop.contract ? <ContractLine contract={drop.contract} /> : null}
            {card}
          </div>
        </div>
      </section>
      <div className="ll-container llm-body">
        <section aria-labelledby="llm-gallery-title">
          <h2 id="llm-gallery-title">The collection</h2>
          <p className="llm-muted">
            {drop.size.toLocaleString('en-US')} unique tokens, {drop.width} × {drop.height} px.{' '}
            {drop.images.length < drop.size ? `${drop.images.length} of them:` : 'Every one of them:'}
          </p>
          <ul className={`llm-gallery${pixelClass}`} aria-label="Gallery">
            {drop.images.map((image, index) => (
              <li key={image}>
                <img
                  src={image}
                  alt={`${drop.name} #${drop.imageTokenIds[index] ?? index + 1}`}
                  width={drop.width}
                  height={drop.height}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <MadeWithLayerloom />
    </AccentTheme>
  );
}

/**
 * The banner, full width: a phone gets the 640 px copy and a tablet the 1024 px one whatever its pixel
 * density (`media` picks the source, unlike `sizes`), so only a wide screen downloads the 1600 px banner.
 */
function BannerImage({ url, alt }: { url: string; alt: string }) {
  const sources = bannerSources(url);
  if (!sources) return <img src={url} alt={alt} />;
  return (
    <picture>
      <source media="(max-width: 700px)" srcSet={sources.phone} />
      <source media="(max-width: 1100px)" srcSet={sources.tablet} />
      <img src={url} srcSet={`${sources.tablet} 1024w, ${url} 1600w`} sizes="100vw" alt={alt} />
    </picture>
  );
}

/** The contract, linked to the chain's explorer when it has one. */
function ContractLine({ contract }: { contract: NonNullable<Drop['contract']> }) {
  const address = <code title={contract.address}>{shortAddress(contract.address)}</code>;
  return (
    <p className="llm-contract">
      Contract on {contract.chainName}:{' '}
      {contract.explorerUrl ? (
        <a href={contract.explorerUrl} target="_blank" rel="noreferrer">
          {address} <ExportOutlined aria-label="(opens the explorer in a new tab)" />
        </a>
      ) : (
        address
      )}
    </p>
  );
}

/** The sale at a glance and the wallet's mint controls. */
function MintCard({
  drop,
  sale,
  onMinted,
  isEmbed,
  isPreview,
}: {
  drop: Drop;
  sale: SaleView;
  onMinted?: ((fresh?: DropState) => void) | undefined;
  isEmbed: boolean;
  isPreview: boolean;
}) {
  const [wantsWallet, setWantsWallet] = useState(wasConnectedBefore);
  // Only a wallet connected on an earlier visit is restored; a new Connect starts from nothing.
  const [isRestoring] = useState(wantsWallet);
  const readState = sale.data?.state ?? null;
  const now = usePhaseClock(readState, onMinted);
  // A scheduled sale opens on time on the page; the reference stays the same between starts, so the wallet
  // panel (whose provider reconnects on a re-render) is not re-rendered by the clock.
  const state = useMemo(() => (readState ? stateAt(readState, now) : null), [readState, now]);
  const notice = sale.data?.notice ?? null;
  const contract = drop.contract;
  const saleBlocker = state ? mintAllowance({ state }).blocker : null;
  const isOpen =
    state !== null && contract !== null && saleBlocker !== 'sold-out' && saleBlocker !== 'closed';
  // The wallet panel (loaded lazily) shows the figures itself, with the connected wallet's own limit: the
  // card holds no wallet state, since re-rendering the panel's wallet provider makes it reconnect.
  const hasPanel = isOpen && state !== null && contract !== null && !isPreview && onMinted !== undefined;
  const figures = (wallet: WalletStanding | null) =>
    state && contract ? <SaleFigures state={state} currency={contract.currency} wallet={wallet} /> : null;
  return (
    <section className="llm-card" aria-label="Mint">
      {isEmbed ? (
        <div className="llm-card-head">
          {(drop.page.logoUrl ?? drop.images[0]) ? (
            <img src={drop.page.logoUrl ?? drop.images[0]} alt="" width={56} height={56} />
          ) : null}
          <div>
            <h1>{drop.page.title}</h1>
            <a href={`/mint/${encodeURIComponent(drop.slug)}`} target="_blank" rel="noreferrer">
              Open the mint page <ExportOutlined aria-label="(new tab)" />
            </a>
            <PageLinks links={drop.page.links} compact />
          </div>
        </div>
      ) : null}
      {sale.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : sale.isError && !state ? (
        <Alert
          type="warning"
          showIcon
          title="Live figures are unavailable right now"
          description={errorMessage(sale.error)}
        />
      ) : state && contract ? (
        hasPanel && wantsWallet ? null : (
          figures(null)
        )
      ) : (
        <Alert type="info" showIcon title={notice ?? 'Live figures are unavailable right now.'} />
      )}
      {state && saleBlocker && !isOpen ? (
        <Alert
          type={saleBlocker === 'sold-out' ? 'success' : 'info'}
          showIcon
          title={blockerMessage(saleBlocker, state)}
        />
      ) : null}
      {isOpen && isPreview ? <ConnectPrompt isPreview onConnect={() => undefined} /> : null}
      {hasPanel && !wantsWallet ? <ConnectPrompt onConnect={() => setWantsWallet(true)} /> : null}
      {hasPanel && wantsWallet && state && contract && onMinted ? (
        <Suspense
          fallback={
            <>
              {figures(null)}
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </>
          }
        >
          <MintPanel
            drop={{ ...drop, contract }}
            state={state}
            onMinted={onMinted}
            renderFigures={figures}
            reconnect={isRestoring}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/**
 * The mint card's button before any wallet code is loaded: pressing it loads the wallet panel, which lists
 * the ways to connect. In the editor's preview it looks the same and says that collectors connect here.
 */
function ConnectPrompt({ onConnect, isPreview = false }: { onConnect: () => void; isPreview?: boolean }) {
  const [isPressed, setPressed] = useState(false);
  return (
    <div className="llm-connect">
      <p className="llc-muted llm-hint">
        Connect your wallet to mint. You confirm the purchase in it; Layerloom never holds your keys.
      </p>
      <Button
        type="primary"
        size="large"
        className="llm-mint-button"
        icon={<WalletOutlined aria-hidden="true" />}
        onClick={() => {
          setPressed(true);
          onConnect();
        }}
      >
        Connect wallet
      </Button>
      {isPreview && isPressed ? (
        <p className="llm-muted llm-preview-note" role="status">
          Preview: collectors connect their wallet and mint here.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The time the card judges a scheduled sale by: it moves on only when the next start passes (one re-render
 * per start, not per second), and then reads the sale again (`onStart`), as the chain has moved on too.
 */
function usePhaseClock(state: DropState | null, onStart: (() => void) | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const startsAt = state ? nextPhase(state, now)?.at.getTime() : undefined;
  const onStartRef = useRef(onStart);
  onStartRef.current = onStart;
  useEffect(() => {
    if (startsAt === undefined) return;
    // Timers cannot wait longer than ~24.8 days: a later start is waited for in steps.
    const wait = Math.min(Math.max(0, startsAt - Date.now()) + 50, 2 ** 31 - 1);
    const timer = setTimeout(() => {
      setNow(Date.now());
      if (Date.now() >= startsAt) onStartRef.current?.();
    }, wait);
    return () => clearTimeout(timer);
  }, [startsAt]);
  return now;
}

/** "Public sale opens in 01:02:03", ticking every second (only this line re-renders), with the start's date. */
function PhaseCountdown({ next }: { next: NextPhase }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = next.at.getTime() - now;
  return (
    <p className="llm-countdown">
      <span role="timer" aria-label={countdownLabel(next, now)}>
        {phaseLabel(next.phase)} opens in <strong>{formatCountdown(left)}</strong>
      </span>
      <time dateTime={next.at.toISOString()} className="llm-term-note">
        {formatStart(next.at)}
      </time>
    </p>
  );
}

/** Minted / max with a bar, the phase, the price and the limit (the connected wallet's own, once known). */
export function SaleFigures({
  state,
  currency,
  wallet,
}: {
  state: DropState;
  currency: string;
  wallet?: WalletStanding | null;
}) {
  const percent = mintedPercent(state);
  const { price } = phaseTerms(state);
  const limit = walletLimitFigure(state, wallet);
  const next = nextPhase(state, Date.now());
  return (
    <div className="llm-figures">
      <div className="llm-figures-top">
        <span className={state.phase === 'closed' ? 'llm-phase' : 'llm-phase llm-phase--open'}>
          {phaseLabel(state.phase)}
        </span>
        <span className="llm-minted-count">
          <strong>{state.minted.toLocaleString('en-US')}</strong> of {state.maxSupply.toLocaleString('en-US')}{' '}
          minted
        </span>
      </div>
      <div
        className="llm-progress"
        role="progressbar"
        aria-label="Minted"
        aria-valuemin={0}
        aria-valuemax={state.maxSupply}
        aria-valuenow={state.minted}
        aria-valuetext={`${state.minted} of ${state.maxSupply} minted`}
      >
        <div className="llm-progress-bar" style={{ width: `${percent}%` }} />
      </div>
      {next ? <PhaseCountdown key={next.at.getTime()} next={next} /> : null}
      <dl className="llm-terms">
        <div>
          <dt>Price</dt>
          <dd>{formatPrice(price, currency)}</dd>
        </div>
        <div>
          <dt>Limit</dt>
          <dd>
            {limit.value}
            {limit.note ? <span className="llm-term-note">{limit.note}</span> : null}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** An unknown or unpublished slug: says so plainly, on the public site. */
function MintNotFound({ isEmbed }: { isEmbed: boolean }) {
  const body = (
    <section className="ll-not-found">
      <div className="ll-container">
        <p className="ll-eyebrow">Error 404</p>
        <h1>This mint page does not exist</h1>
        <p>
          There is no collection on sale at this address. The link may be old or mistyped, or the creator has
          not published the collection.
        </p>
        {isEmbed ? null : (
          <div className="ll-not-found-actions">
            <LinkButton to="/" type="primary" size="large">
              Back to the home page
            </LinkButton>
          </div>
        )}
      </div>
    </section>
  );
  return isEmbed ? (
    <EmbedShell title="Mint page not found">{body}</EmbedShell>
  ) : (
    <CreatorShell title="Mint page not found">
      {body}
      <MadeWithLayerloom />
    </CreatorShell>
  );
}
