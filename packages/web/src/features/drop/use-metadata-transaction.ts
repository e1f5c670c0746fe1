import type { Hash } from 'viem';
import type { DropContext } from './drop-context.ts';
import type { DropAction, DropTransactionContext } from './use-drop-actions.ts';
import { useRecordMetadataUpdate } from './use-marketplace.ts';

/**
 * Sends one metadata transaction through the panel's runner (its own step row), then tells Layerloom so
 * the history and the "up to date" checks follow. True when the wallet's transaction was confirmed.
 */
export function useMetadataTransaction(collectionId: string, context: DropContext) {
  const record = useRecordMetadataUpdate(collectionId);
  const send = async (
    action: DropAction,
    title: string,
    write: (clients: DropTransactionContext) => Promise<{ hash: Hash }>,
  ): Promise<boolean> => {
    let hash: Hash | undefined;
    const ok = await context.actions.run([
      {
        action,
        title,
        send: async (clients) => {
          const sent = await write(clients);
          hash = sent.hash;
          return sent;
        },
      },
    ]);
    if (ok && hash) record.mutate(hash);
    return ok;
  };
  return { send, record };
}
