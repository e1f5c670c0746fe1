import { type Address, isAddressEqual, parseEventLogs, type TransactionReceipt, zeroAddress } from 'viem';
import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';

/** The ids of the tokens a receipt shows `collection` minting (Transfer events from the zero address). */
export function mintedTokenIds(receipt: TransactionReceipt, collection: Address): bigint[] {
  return parseEventLogs({ abi: layerloomCollectionAbi, eventName: 'Transfer', logs: receipt.logs })
    .filter((log) => isAddressEqual(log.address, collection) && isAddressEqual(log.args.from, zeroAddress))
    .map((log) => log.args.tokenId);
}
