import { z } from 'zod';
import { successSchema } from '../envelope.ts';

const TransactionHashSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a transaction hash: 0x followed by 64 hexadecimal digits');

/** `POST /api/v1/collections/{id}/withdrawals`: the hash of a withdrawal the creator's wallet sent. */
export const RecordWithdrawalBodySchema = z.object({ transactionHash: TransactionHashSchema });
export type RecordWithdrawalBody = z.input<typeof RecordWithdrawalBodySchema>;

/** A withdrawal of a sale's funds, as read on chain from its transaction's receipt. */
export const WithdrawalSchema = z.object({
  id: z.string(),
  chainId: z.number().int(),
  /** The collection contract the funds left. */
  contract: z.string(),
  transactionHash: z.string(),
  blockNumber: z.string(),
  /** Who received them (several payees when a split paid out more than one). */
  recipients: z.array(z.string()),
  /** The whole amount in wei, as a decimal string. */
  amountWei: z.string(),
  /** The amount in the chain's currency ("0.02 ETH"). */
  amount: z.string(),
  createdAt: z.string(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/**
 * `POST /api/v1/collections/{id}/withdrawals`: logs a withdrawal (or a split payee's payment) the wallet sent
 * to the collection's contract, once the server has read its receipt on chain; a transaction that is not one
 * (another contract, failed, no withdrawal event, already logged) is refused and nothing is written.
 */
export const recordWithdrawal = {
  method: 'POST',
  path: '/api/v1/collections/:id/withdrawals',
  params: z.object({ id: z.string().min(1).max(64) }),
  body: RecordWithdrawalBodySchema,
  response: successSchema(z.object({ withdrawal: WithdrawalSchema })),
} as const;
