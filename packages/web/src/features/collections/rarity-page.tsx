import type { LayerFit } from '@layerloom/api';
import { Alert, Breadcrumb, Button, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CollectionLoadError, CollectionNotReady } from './collection-not-found.tsx';
import { useCollection } from './collections-queries.ts';
import { formatCount, formatShare } from './format.ts';
import { fitVerdict, formatPValue, formatStatistic, useCollectionRarity } from './rarity-queries.ts';
import './collections.css';
import './rarity-page.css';

/** The rarity report: each layer's traits against their targets, the χ² fit, the rarest tokens. */
export function RarityPage() {
  const { id = '' } = useParams();
  const collection = useCollection(id);
  const ready = collection.data?.progress.status === 'ready';
  const rarity = useCollectionRarity(id, ready);
  const name = collection.data?.name ?? 'Collection';
  useDocumentTitle(`Rarity · ${name}`);
  const collectionPath = `/dashboard/collections/${id}`;

  if (collection.isError) {
    return (
      <div className="llc-col-page">
        <CollectionLoadError error={collection.error} onRetry={() => void collection.refetch()} />
      </div>
    );
  }
  if (collection.data && !ready)
    return <CollectionNotReady what="Its rarity report" backTo={collectionPath} />;

  const report = rarity.data;
  return (
    <div className="llc-col-page llr-page">
      <Breadcrumb
        className="llc-breadcrumb"
        items={[
          { title: <Link to="/dashboard/collections">My Collection</Link> },
          { title: <Link to={collectionPath}>{name}</Link> },
          { title: 'Rarity report' },
        ]}
      />
      <h1 className="llr-title">Rarity report</h1>
      {rarity.isError ? (
        <Alert
          type="error"
          showIcon
          title="The rarity report could not be loaded"
          description={errorMessage(rarity.error)}
          action={
            <Button size="small" onClick={() => void rarity.refetch()}>
              Try again
            </Button>
          }
        />
      ) : !report ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <p className="llc-muted llr-intro">
            {formatCount(report.tokenCount)} tokens,{' '}
            {report.rarityMode === 'exact' ? 'exact counts' : 'weighted'} rarity. Each trait's share is
            compared with the target its weight sets
            {report.hasRules ? '; the project has rules, which can move shares away from their targets' : ''}.
          </p>
          <div className="llr-layout">
            <div className="llr-layers">
              {report.layers.map((layer) => (
                <LayerChart key={layer.layer} layer={layer} tokens={report.tokenCount} />
              ))}
            </div>
            <section className="llc-panel llr-rarest" aria-labelledby="llr-rarest-title">
              <h2 id="llr-rarest-title" className="llc-section-title">
                Rarest tokens
              </h2>
              <p className="llc-muted">By OpenRarity rank (information content of the traits).</p>
              <ol className="llr-rarest-list">
                {report.rarest.map((token) => (
                  <li key={token.edition}>
                    <span className="llr-rank">#{token.rank}</span>
                    <Link to={`${collectionPath}/tokens/${token.edition}`}>{token.name}</Link>
                    <span className="llc-muted">score {token.score.toFixed(2)}</span>
                  </li>
                ))}
              </ol>
            </section>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * A share's place on the bars' axis: 0 to 100 % of the tokens, the same for every trait and every layer, so
 * equal shares draw equal bars (scaled to each layer's largest share, a 30 % trait drew a full bar in one
 * layer and a third of one in another).
 */
export function barPercent(share: number): string {
  return `${Math.round(Math.min(Math.max(share, 0), 1) * 10_000) / 100}%`;
}

function LayerChart({ layer, tokens }: { layer: LayerFit; tokens: number }) {
  const titleId = `llr-layer-${layer.layer.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return (
    <section className="llc-panel llr-layer" aria-labelledby={titleId}>
      <h2 id={titleId} className="llc-section-title">
        {layer.layer}
      </h2>
      {layer.chiSquare ? (
        <p className="llr-fit">
          <span className="llr-fit-label">
            χ² = {formatStatistic(layer.chiSquare.statistic)} ({layer.chiSquare.degreesOfFreedom} df),{' '}
            {formatPValue(layer.chiSquare.pValue)}
          </span>
          <span className="llc-muted"> · {fitVerdict(layer.chiSquare.pValue)}</span>
        </p>
      ) : null}
      <table className="llr-table">
        <caption className="llr-sr-only">
          {layer.layer}: tokens per trait against the target, out of {formatCount(tokens)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Trait</th>
            <th scope="col">Tokens</th>
            <th scope="col">Share</th>
            <th scope="col">Target</th>
            <th scope="col" className="llr-bar-col">
              <span className="llr-sr-only">Chart</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {layer.traits.map((trait) => (
            <tr key={trait.name}>
              <th scope="row" className="llr-trait">
                {trait.name}
              </th>
              <td>{formatCount(trait.count)}</td>
              <td>{formatShare(trait.share)}</td>
              <td>
                {formatShare(trait.targetShare)}{' '}
                <span className="llc-muted">({formatCount(trait.targetCount)})</span>
              </td>
              <td className="llr-bar-col" aria-hidden="true">
                <div className="llr-bar">
                  <div className="llr-bar-fill" style={{ width: barPercent(trait.share) }} />
                  <div className="llr-bar-target" style={{ left: barPercent(trait.targetShare) }} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="llr-legend llc-muted" aria-hidden="true">
        <span className="llr-legend-fill" /> share <span className="llr-legend-target" /> target, from 0 to
        100 %
      </p>
    </section>
  );
}
