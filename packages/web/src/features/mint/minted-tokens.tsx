import { useQueries } from '@tanstack/react-query';
import { Skeleton } from 'antd';

interface TokenMetadata {
  name?: string;
  image?: string;
}

async function fetchMetadata(url: string, signal: AbortSignal): Promise<TokenMetadata> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`The token's metadata could not be read (HTTP ${response.status}).`);
  return (await response.json()) as TokenMetadata;
}

/** The tokens a mint created, each with its image from its public metadata (or a word on the reveal). */
export function MintedTokens({
  tokenIds,
  metadataBaseUri,
  revealed,
  collectionName,
}: {
  tokenIds: readonly bigint[];
  metadataBaseUri: string;
  /** Before the reveal the contract shows a placeholder, so the images are not shown yet. */
  revealed: boolean;
  collectionName: string;
}) {
  const metadata = useQueries({
    queries: tokenIds.map((id) => ({
      queryKey: ['token-metadata', metadataBaseUri, id.toString()],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchMetadata(`${metadataBaseUri}${id}.json`, signal),
      enabled: revealed,
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
          const name = query?.data?.name ?? `${collectionName} #${id}`;
          return (
            <li key={id.toString()} className="llm-minted-token">
              {!revealed ? (
                <div className="llm-minted-placeholder">Revealed soon</div>
              ) : query?.data?.image ? (
                <img src={query.data.image} alt={name} width={120} height={120} />
              ) : query?.isError ? (
                <div className="llm-minted-placeholder">Image unavailable</div>
              ) : (
                <Skeleton.Node active className="llm-minted-skeleton">
                  <span className="ll-visually-hidden">Loading the image of #{id.toString()}</span>
                </Skeleton.Node>
              )}
              <span>{revealed ? name : `#${id}`}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
