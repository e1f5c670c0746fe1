import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { SourceVerificationSchema } from './source-verification.ts';

const AddressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address: 0x followed by 40 hexadecimal digits');
const TransactionHashSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a transaction hash: 0x followed by 64 hexadecimal digits');

/**
 * `verified`: the server read the chain and found this product's contract at the address, deployed by
 * that transaction, with the recorded name, symbol, supply and owner. `unverified`: no RPC is configured
 * for the chain (or it did not answer), so the record is the creator's word.
 */
export const DeploymentStatusSchema = z.enum(['verified', 'unverified']);
export type DeploymentStatus = z.infer<typeof DeploymentStatusSchema>;

/** The most payees a contract's payout split may have (the contract's own limit). */
export const MAX_DEPLOYMENT_PAYEES = 10;

/** One payee of a contract's sale proceeds: it is owed `shares / total shares` of every sale. */
export const DeploymentPayeeSchema = z.object({
  address: AddressSchema,
  /** Shares as the browser sends them (basis points: 6000 = 60 %); only their ratio matters. */
  shares: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(4_294_967_295, 'must be at most 4294967295'),
});
export type DeploymentPayee = z.infer<typeof DeploymentPayeeSchema>;

const PayeeListSchema = z
  .array(DeploymentPayeeSchema)
  .min(1, 'needs at least one payee')
  .max(MAX_DEPLOYMENT_PAYEES, `at most ${MAX_DEPLOYMENT_PAYEES} payees`)
  .refine(
    (payees) => new Set(payees.map((payee) => payee.address.toLowerCase())).size === payees.length,
    'lists the same address twice',
  );

/**
 * A payment splitter deployed with the collection to receive its royalties (the contract's ERC-2981
 * receiver): its address and its payees by shares (basis points as the browser sends them).
 */
export const RoyaltySplitterSchema = z.object({
  address: AddressSchema,
  payees: PayeeListSchema,
});
export type RoyaltySplitter = z.infer<typeof RoyaltySplitterSchema>;

/** A collection contract the creator's wallet deployed. */
export const DeploymentSchema = z.object({
  id: z.string(),
  collectionId: z.string(),
  chainId: z.number().int(),
  /** The chain's name as the product lists it ("Base Sepolia"). */
  chainName: z.string(),
  address: z.string(),
  /** The wallet that sent the deploy transaction (the contract's owner). */
  deployer: z.string(),
  transactionHash: z.string(),
  /** Block of the deploy transaction, when read from the chain (a decimal string). */
  blockNumber: z.string().nullable(),
  name: z.string(),
  symbol: z.string(),
  maxSupply: z.number().int(),
  /**
   * Who is paid the sale proceeds, by shares, as recorded at deploy (checked on chain when verified). Empty
   * for a deployment recorded without them (before payout splits existed).
   */
  payees: z.array(DeploymentPayeeSchema),
  /**
   * The splitter that receives the collection's royalties, when it was deployed with one (checked on chain
   * when verified: the contract's royaltyInfo receiver is it, and its payees are these). Absent or null: the
   * royalties go to one wallet.
   */
  royaltySplitter: RoyaltySplitterSchema.nullable().optional(),
  status: DeploymentStatusSchema,
  /** Why it is unverified, in words for the user; null when verified. */
  statusReason: z.string().nullable(),
  /** The contract on the chain's explorer, when the chain has one. */
  explorerUrl: z.string().nullable(),
  /** Its source verification on the chain's explorer; null while the contract is not confirmed on chain. */
  sourceVerification: SourceVerificationSchema.nullable(),
  /**
   * The royalty splitter's source verification (it is a contract of its own, verified beside the
   * collection); null without a splitter or while not confirmed on chain.
   */
  royaltySplitterVerification: SourceVerificationSchema.nullable().optional(),
  createdAt: z.string(),
});
export type Deployment = z.infer<typeof DeploymentSchema>;

/** What the browser reports after the wallet deployed the contract; the server checks it on chain. */
export const RecordDeploymentBodySchema = z.object({
  chainId: z.number({ error: 'Choose a chain' }).int().positive(),
  address: AddressSchema,
  /** The wallet that deployed it. */
  deployer: AddressSchema,
  transactionHash: TransactionHashSchema,
  name: z.string().trim().min(1, 'Name is required!').max(100),
  symbol: z.string().trim().min(1, 'Symbol is required!').max(20),
  maxSupply: z.number().int().min(1).max(1_000_000),
  /**
   * Who the contract pays the sale proceeds to: its split's payees and shares, or the one payout address
   * (any shares). Optional for older clients; the server checks it against the contract's `payees()`.
   */
  payees: PayeeListSchema.optional(),
  /**
   * The payment splitter deployed first to receive the royalties; the server checks that the contract's
   * royaltyInfo receiver is it and that its payees and shares are these.
   */
  royaltySplitter: RoyaltySplitterSchema.optional(),
});
export type RecordDeploymentBody = z.input<typeof RecordDeploymentBodySchema>;

const CollectionParamsSchema = z.object({ id: z.string().min(1) });

/** `GET /api/v1/collections/{id}/deployments`: the collection's contracts, newest first. */
export const listDeployments = {
  method: 'GET',
  path: '/api/v1/collections/:id/deployments',
  params: CollectionParamsSchema,
  response: successSchema(z.object({ deployments: z.array(DeploymentSchema) })),
} as const;

/** `POST /api/v1/collections/{id}/deployments`: records (and, with an RPC for the chain, verifies) a deployment. */
export const recordDeployment = {
  method: 'POST',
  path: '/api/v1/collections/:id/deployments',
  params: CollectionParamsSchema,
  body: RecordDeploymentBodySchema,
  response: successSchema(z.object({ deployment: DeploymentSchema })),
} as const;
