import { UnsupportedChainError } from '../errors.ts';
import { type LayerloomChain, layerloomChains } from './chains.ts';

export type GetChainParameters = { chainId: number } | { key: string };

export type GetChainReturnType = LayerloomChain;

/** Looks a supported chain up by id or key; throws `UnsupportedChainError` for any other. */
export function getChain(parameters: GetChainParameters): GetChainReturnType {
  const wanted = 'chainId' in parameters ? parameters.chainId : parameters.key;
  const found = layerloomChains.find((entry) => entry.chain.id === wanted || entry.key === wanted);
  if (!found) throw new UnsupportedChainError({ chain: wanted });
  return found;
}
