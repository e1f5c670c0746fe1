import { useQueries } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { gatewayLink } from '../collections/ipfs-links.ts';

interface TokenMetadata {
  name?: string;
  image?: string;
  /** Layerloom answered with the pre-reveal placeholder: the collection's art is still private. */
  isPlaceholder: boolean;
}

/** The header Layerloom's hosted files carry when they answer with the placeholder before the reveal. */
const REVEAL_HEADER = 'x-layerloom-reveal';

async function fetchMetadata(url: string, signal: AbortSignal): Promise<TokenMetadata> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`The token's metadata could not be read (HTTP ${response.status}).`);
  const metadata = (await response.json()) as Omit<TokenMetadata, 'isPlaceholder'>;
  return { ...metadata, isPlaceholder: response.headers.get(REVEAL_HEADER) === 'pending' };
}

/**
 * The tokens a mint created, each with its image from its public metadata. Before the reveal they show
 * what the contract shows: the collection's placeholder (the hosted metadata answers with it while the
 * art is private), or a word on the reveal when there is none.
 */
export function MintedTokens({
  tokenIds,
  metadataBaseUri,
  revealed,
  collectionName,
}: {
  tokenIds: readonly bigint[];
  metadataBaseUri: string;
  /** Whether the contract is revealed: before, a token's own art is never shown. */
  revealed: boolean;
  collectionName: string;
}) {
  const metadata = useQueries({
    queries: tokenIds.map((id) => ({
      // The reveal changes what the same URL answers.
      queryKey: ['token-metadata', metadataBaseUri, id.toString(), revealed],
      // A drop published on IPFS is held by this server: its ipfs:// files open through its own gateway.
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetchMetadata(gatewayLink(`${metadataBaseUri}${id}.json`), signal),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  return (
    <div className="llm-minted">
      <p className="llm-minted-title">
        You minted {tokenIds.length === 1 ? 'token' : 'tokens'} {tokenIds.map((id) => `#${id}`).join(', ')}
        {revealed ? '' : '. Their images appear at the reveal.'}
      </p>
      <ul className="llm-minted-list" aria-label="Your new tokens">
        {tokenIds.map((id, index) => {
          const query = metadata[index];
          const data = query?.data;
          const name = data?.name ?? `${collectionName} #${id}`;
          // Before the reveal only the placeholder may be shown, never a token's own art.
          const shown = data && (revealed || data.isPlaceholder) ? data.image : undefined;
          const image = shown === undefined ? undefined : gatewayLink(shown);
          return (
            <li key={id.toString()} className="llm-minted-token">
              {image ? (
                <img
                  src={image}
                  alt={revealed ? name : `#${id}, not revealed yet: ${name}`}
                  width={120}
                  height={120}
                />
              ) : query?.isPending ? (
                <Skeleton.Node active className="llm-minted-skeleton">
                  <span className="ll-visually-hidden">Loading the image of #{id.toString()}</span>
                </Skeleton.Node>
              ) : !revealed ? (
                <div className="llm-minted-placeholder">Revealed soon</div>
              ) : (
                <div className="llm-minted-placeholder">Image unavailable</div>
              )}
              <span>{revealed ? name : `#${id}`}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
