import type { LayerFit } from '@layerloom/api';
import { Alert, Breadcrumb, Button, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { TraitComments } from '../review/trait-comments.tsx';
import { CollectionLoadError, CollectionNotReady } from './collection-not-found.tsx';
import { useCollection } from './collections-queries.ts';
import { formatCount, formatShare } from './format.ts';
import { fitVerdict, useCollectionRarity } from './rarity-queries.ts';
import './collections.css';
import './rarity-page.css';

/** The rarity report: each layer's traits against their targets, how well they fit, the rarest tokens and how they are ranked. */
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
    <div className="llc-col-page ll-rarity-page">
      <Breadcrumb
        className="llc-breadcrumb"
        items={[
          { title: <Link to="/dashboard/collections">My Collection</Link> },
          { title: <Link to={collectionPath}>{name}</Link> },
          { title: 'Rarity report' },
        ]}
      />
      <h1 className="ll-rarity-title">Rarity report</h1>
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
          <p className="llc-muted ll-rarity-intro">
            {formatCount(report.tokenCount)} tokens,{' '}
            {report.rarityMode === 'exact' ? 'exact counts' : 'weighted'} rarity. Each trait's share is
            compared with the target its weight sets
            {report.hasRules ? '; the project has rules, which can move shares away from their targets' : ''}.
          </p>
          <div className="ll-rarity-layout">
            <div className="ll-rarity-layers">
              {report.layers.map((layer) => (
                <LayerChart key={layer.layer} layer={layer} tokens={report.tokenCount} />
              ))}
            </div>
            <section className="llc-panel ll-rarity-rarest" aria-labelledby="ll-rarity-rarest-title">
              <h2 id="ll-rarity-rarest-title" className="llc-section-title">
                Rarest tokens
              </h2>
              <div className="llc-muted ll-rarity-method" data-testid="rarity-method">
                <p>Ranked by OpenRarity's method, the open standard marketplaces such as OpenSea show:</p>
                <ul>
                  <li>Tokens with more traits that no other token has come first.</li>
                  <li>
                    Then the score: each trait adds more the fewer tokens share it, the number of traits a
                    token has counts as a trait of its own, and the total is divided by the collection's
                    average, so an ordinary token scores about 1.
                  </li>
                  <li>Tokens with the same score share a rank (1, 1, 3…).</li>
                </ul>
              </div>
              <ol className="ll-rarity-rarest-list">
                {report.rarest.map((token) => (
                  <li key={token.edition}>
                    <span className="ll-rarity-rank">#{token.rank}</span>
                    <Link to={`${collectionPath}/tokens/${token.edition}`}>{token.name}</Link>
                    <span className="llc-muted">score {token.score.toFixed(2)}</span>
                  </li>
                ))}
              </ol>
            </section>
          </div>
          <TraitComments collectionId={id} layers={report.layers} />
        </>
      )}
    </div>
  );
}

/**
 * How likely chance alone is to leave the shares this far from their targets, in words: the p-value of a
 * chi-square test of the layer's counts against its weights, without the symbols.
 */
export function fitChance(pValue: number): string {
  const often =
    pValue >= 0.01
      ? `about ${Math.round(pValue * 100)} % of the time`
      : pValue >= 0.001
        ? 'less than 1 % of the time'
        : 'less than once in 1,000 times';
  return `If tokens followed the weights exactly, luck alone would leave shares this far from the targets ${often} (a chi-square test of the counts).`;
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
  const titleId = `ll-rarity-layer-${layer.layer.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return (
    <section className="llc-panel ll-rarity-layer" aria-labelledby={titleId}>
      <h2 id={titleId} className="llc-section-title">
        {layer.layer}
      </h2>
      {layer.chiSquare ? (
        <p className="ll-rarity-fit">
          <span className="ll-rarity-fit-label">{fitVerdict(layer.chiSquare.pValue)}.</span>{' '}
          <span className="llc-muted" data-testid="fit-chance">
            {fitChance(layer.chiSquare.pValue)}
          </span>
        </p>
      ) : null}
      <table className="ll-rarity-table">
        <caption className="ll-rarity-sr-only">
          {layer.layer}: tokens per trait against the target, out of {formatCount(tokens)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Trait</th>
            <th scope="col">Tokens</th>
            <th scope="col">Share</th>
            <th scope="col">Target</th>
            <th scope="col" className="ll-rarity-bar-col">
              <span className="ll-rarity-sr-only">Chart</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {layer.traits.map((trait) => (
            <tr key={trait.name}>
              <th scope="row" className="ll-rarity-trait">
                {trait.name}
              </th>
              <td>{formatCount(trait.count)}</td>
              <td>{formatShare(trait.share)}</td>
              <td>
                {formatShare(trait.targetShare)}{' '}
                <span className="llc-muted">({formatCount(trait.targetCount)})</span>
              </td>
              <td className="ll-rarity-bar-col" aria-hidden="true">
                <div className="ll-rarity-bar">
                  <div className="ll-rarity-bar-fill" style={{ width: barPercent(trait.share) }} />
                  <div className="ll-rarity-bar-target" style={{ left: barPercent(trait.targetShare) }} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="ll-rarity-legend llc-muted" aria-hidden="true">
        <span className="ll-rarity-legend-fill" /> share <span className="ll-rarity-legend-target" /> target,
        from 0 to 100 %
      </p>
    </section>
  );
}
