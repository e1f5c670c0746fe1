import { z } from 'zod';

/**
 * Where a deployed contract's source verification on the chain's explorer stands: `pending` (submitted,
 * or waiting to try again: explorers lag behind new blocks), `verified`, `failed` (the explorer refused,
 * or kept not answering; `message` says why) or `not_configured` (no explorer is set up for the network).
 */
export const SourceVerificationStatusSchema = z.enum(['pending', 'verified', 'failed', 'not_configured']);
export type SourceVerificationStatus = z.infer<typeof SourceVerificationStatusSchema>;

/** A deployed contract's source verification on its chain's explorer. */
export const SourceVerificationSchema = z.object({
  status: SourceVerificationStatusSchema,
  /** The explorer's name ("Etherscan", "PolygonScan", "Sourcify"); null when none is set up. */
  explorer: z.string().nullable(),
  /** The contract's code page on the explorer, once verified (null before, or when it has no pages). */
  codeUrl: z.string().nullable(),
  /** In words for the creator: the explorer's last answer, its refusal, or why nothing was sent. */
  message: z.string().nullable(),
  /** How many times the explorer has been asked. */
  attempts: z.number().int(),
  /** Whether the creator may ask again (after a failure, or once an explorer is set up). */
  canRetry: z.boolean(),
  updatedAt: z.string(),
});
export type SourceVerification = z.infer<typeof SourceVerificationSchema>;
