import { CheckCircleFilled } from '@ant-design/icons';
import { getCollectionLookAlikes, type LookAlikeGroupView } from '@layerloom/api';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { formatCount } from './format.ts';
import './look-alikes-panel.css';

/** Tokens shown per group; the rest are counted. */
const SHOWN_PER_GROUP = 8;

/** The groups of tokens of a finished collection that look the same. */
export function useLookAlikes(collectionId: string) {
  return useQuery({
    queryKey: ['collections', collectionId, 'look-alikes'],
    queryFn: async ({ signal }) =>
      (await call(getCollectionLookAlikes, { params: { id: collectionId }, signal })).data.lookAlikes,
    staleTime: 5 * 60_000,
  });
}

/** "Pink" / "none" for a value a token does not have. */
function valueText(value: string | number | boolean | null): string {
  return value === null ? 'none' : String(value);
}

/** "Background" / "Background and Hair" / "Background, Hair and Eyes". */
function traitList(traits: readonly string[]): string {
  if (traits.length <= 1) return traits[0] ?? '';
  return `${traits.slice(0, -1).join(', ')} and ${traits.at(-1)}`;
}

function LookAlikeGroup({ collectionId, group }: { collectionId: string; group: LookAlikeGroupView }) {
  const hidden = group.tokens.length - SHOWN_PER_GROUP;
  const title =
    group.kind === 'identical'
      ? `${group.tokens.length} tokens with the same image`
      : `${group.tokens.length} tokens that look the same`;
  return (
    <li className="llc-lookalike-group">
      <h3 className="llc-lookalike-title">{title}</h3>
      <p className="llc-muted">
        {group.differingTraits.length > 0
          ? `Their metadata says different ${traitList(group.differingTraits)}; nobody can see it.`
          : 'Their metadata is the same too.'}
      </p>
      <ul className="llc-lookalike-tokens">
        {group.tokens.slice(0, SHOWN_PER_GROUP).map((token) => (
          <li key={token.edition}>
            <Link
              to={`/dashboard/collections/${collectionId}/tokens/${token.edition}`}
              className="llc-lookalike-token"
            >
              <img src={token.thumbnail} alt="" width={96} height={96} loading="lazy" />
              <span className="llc-lookalike-name">{token.name}</span>
              {token.differences.map((difference) => (
                <span key={difference.traitType} className="llc-lookalike-trait">
                  {difference.traitType}: {valueText(difference.value)}
                </span>
              ))}
            </Link>
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <p className="llc-muted">
          and {formatCount(hidden)} more token{hidden === 1 ? '' : 's'} with this look
        </p>
      ) : null}
    </li>
  );
}

/**
 * The collection page's look-alike check: groups of tokens whose images look the same although their
 * metadata differs (a trait hidden under another layer), each token with its thumbnail and the traits
 * nobody can see; "Every token looks different" when there are none.
 */
export function LookAlikesPanel({ collectionId }: { collectionId: string }) {
  const lookAlikes = useLookAlikes(collectionId);
  const data = lookAlikes.data;
  const grouped = data?.groups.reduce((sum, group) => sum + group.tokens.length, 0) ?? 0;
  return (
    <section className="llc-panel llc-lookalikes" aria-labelledby="llc-lookalikes-title">
      <h2 id="llc-lookalikes-title" className="llc-section-title">
        Look-alike tokens
      </h2>
      {lookAlikes.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : lookAlikes.isError ? (
        <Typography.Text type="danger">{errorMessage(lookAlikes.error)}</Typography.Text>
      ) : !data!.available ? (
        <p className="llc-muted">
          This collection was generated before images were checked for look-alikes. Generate it again to check
          it.
        </p>
      ) : data!.groups.length === 0 ? (
        <p className="llc-lookalikes-none">
          <CheckCircleFilled aria-hidden className="llc-lookalikes-ok" /> Every token looks different
          {data!.distinctLooks ? ' (generated with “Every token looks different”)' : ''}.
        </p>
      ) : (
        <>
          <p>
            {formatCount(grouped)} of the {formatCount(data!.tokenCount)} tokens look the same as another
            token although their traits differ: collectors see one image for{' '}
            {data!.groups.length === 1 ? 'them' : 'each group'}.
          </p>
          <p className="llc-muted">
            Reroll all but one token of each group, or generate again with “Every token looks different”
            (Generate NFT › Advanced).
          </p>
          <ul className="llc-lookalike-groups">
            {data!.groups.map((group) => (
              <LookAlikeGroup key={group.tokens[0]!.edition} collectionId={collectionId} group={group} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
