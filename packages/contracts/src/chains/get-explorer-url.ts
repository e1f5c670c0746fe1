import type { Address, Hash } from 'viem';
import { getChain } from './get-chain.ts';

export type GetExplorerUrlParameters = { chainId: number } & (
  | { type: 'transaction'; hash: Hash }
  | { type: 'address'; address: Address }
  /** A collection's token page, or one token's page when `tokenId` is given. */
  | { type: 'token'; address: Address; tokenId?: bigint }
);

/** The explorer page URL, or `null` on a chain without an explorer (the local dev chain). */
export type GetExplorerUrlReturnType = string | null;

/** Builds the block-explorer link for a transaction, an address, a collection or one of its tokens. */
export function getExplorerUrl(parameters: GetExplorerUrlParameters): GetExplorerUrlReturnType {
  const { explorer } = getChain({ chainId: parameters.chainId });
  if (!explorer) return null;
  const root = explorer.url.replace(/\/+$/, '');
  switch (parameters.type) {
    case 'transaction':
      return `${root}/tx/${parameters.hash}`;
    case 'address':
      return `${root}/address/${parameters.address}`;
    case 'token':
      if (parameters.tokenId === undefined) return `${root}/token/${parameters.address}`;
      // Etherscan-family explorers show one NFT at /nft/; Blockscout under the token's /instance/.
      return explorer.kind === 'etherscan'
        ? `${root}/nft/${parameters.address}/${parameters.tokenId}`
        : `${root}/token/${parameters.address}/instance/${parameters.tokenId}`;
  }
}
