import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/** What deploying on a network means for the creator: real money, test money, or a chain on this machine. */
export const NetworkKindSchema = z.enum(['mainnet', 'testnet', 'local']);
export type NetworkKind = z.infer<typeof NetworkKindSchema>;

/** A network the product deploys to, and whether this server can read it. */
export const LaunchChainSchema = z.object({
  chainId: z.number().int(),
  /** The product's name for it ("Base Sepolia"). */
  name: z.string(),
  kind: NetworkKindSchema,
  /**
   * The server has an RPC for it (`RPC_URL_<chainId>`): it verifies deployments there, and their mint
   * pages go live. Without one a deployment stays unverified.
   */
  hasRpc: z.boolean(),
});
export type LaunchChain = z.infer<typeof LaunchChainSchema>;

/** `GET /api/v1/chains`: every supported network, in the product's order, with whether the server reads it. */
export const listLaunchChains = {
  method: 'GET',
  path: '/api/v1/chains',
  response: successSchema(z.object({ chains: z.array(LaunchChainSchema) })),
} as const;
