import {
  type LayerloomChain,
  layerloomCollectionAbi,
  layerloomCollectionBytecode,
  layerloomPaymentSplitterAbi,
} from '@layerloom/contracts';
import {
  type Address,
  createPublicClient,
  getAddress,
  type Hash,
  HttpRequestError,
  http,
  type PublicClient,
  TimeoutError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  WebSocketRequestError,
} from 'viem';

/** What the browser says it deployed. */
export interface ClaimedDeployment {
  address: Address;
  deployer: Address;
  transactionHash: Hash;
  name: string;
  symbol: string;
  maxSupply: number;
  /** Who the contract pays, by shares (only their ratio is checked); unchecked when absent. */
  payees?: { address: Address; shares: number }[] | undefined;
  /** The payment splitter said to receive the royalties (the contract's ERC-2981 receiver), with its payees. */
  royaltySplitter?: { address: Address; payees: { address: Address; shares: number }[] } | undefined;
}

/**
 * What the chain says of a claimed deployment: `verified` (all of it holds), `contradicted` (the chain
 * shows something else: the claim is refused), or `unreachable` (the RPC did not answer: recorded as
 * unverified).
 */
export type ChainCheck =
  | { outcome: 'verified'; blockNumber: bigint }
  | { outcome: 'contradicted'; reason: string }
  | { outcome: 'unreachable'; reason: string };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Whether the claimed payees are the contract's, in its order, each owed the same part: shares are compared
 * as ratios (a payout address alone is reported with 1 share, however the browser counted it).
 */
function sameSplit(
  claimed: readonly { address: Address; shares: number }[],
  addresses: readonly Address[],
  shares: readonly bigint[],
): boolean {
  if (claimed.length !== addresses.length) return false;
  const claimedTotal = claimed.reduce((sum, payee) => sum + BigInt(payee.shares), 0n);
  const total = shares.reduce((sum, share) => sum + share, 0n);
  return claimed.every((payee, index) => {
    const address = addresses[index];
    const share = shares[index];
    return (
      address !== undefined &&
      share !== undefined &&
      same(payee.address, address) &&
      BigInt(payee.shares) * total === share * claimedTotal
    );
  });
}

/** "0xAb… (60 %), 0xCd… (40 %)" for a refusal. */
function describeSplit(addresses: readonly Address[], shares: readonly bigint[]): string {
  const total = shares.reduce((sum, share) => sum + share, 0n);
  return addresses
    .map((address, index) => {
      const share = shares[index] ?? 0n;
      const percent = total === 0n ? 0 : Number((share * 10_000n) / total) / 100;
      return `${getAddress(address)} (${percent} %)`;
    })
    .join(', ');
}

/**
 * Why the claimed royalty splitter is not the collection's royalty receiver with those payees, or null when
 * it is: the collection's `royaltyInfo` names it, and the splitter's `payees()` are the claimed ones.
 */
async function royaltySplitterProblem(
  client: PublicClient,
  collection: Address,
  splitter: NonNullable<ClaimedDeployment['royaltySplitter']>,
): Promise<string | null> {
  const [receiver] = await client.readContract({
    address: collection,
    abi: layerloomCollectionAbi,
    functionName: 'royaltyInfo',
    args: [0n, 10_000n],
  });
  if (!same(receiver, splitter.address)) {
    return `the contract's royalties go to ${getAddress(receiver)}, not the splitter ${splitter.address}`;
  }
  const code = await client.getCode({ address: splitter.address });
  if (!code || code === '0x')
    return `there is no contract at the royalty splitter's address ${splitter.address}`;
  let addresses: readonly Address[];
  let shares: readonly bigint[];
  try {
    [addresses, shares] = await client.readContract({
      address: splitter.address,
      abi: layerloomPaymentSplitterAbi,
      functionName: 'payees',
    });
  } catch (error) {
    if (isUnreachable(error)) throw error;
    return `the contract at ${splitter.address} is not a Layerloom payment splitter`;
  }
  if (sameSplit(splitter.payees, addresses, shares)) return null;
  return `the royalty splitter's payees are ${describeSplit(addresses, shares)}, not ${describeSplit(
    splitter.payees.map((payee) => payee.address),
    splitter.payees.map((payee) => BigInt(payee.shares)),
  )}`;
}

/** Whether an error means the RPC could not be reached (rather than an answer). */
function isUnreachable(error: unknown): boolean {
  let current: unknown = error;
  while (current instanceof Error) {
    if (
      current instanceof HttpRequestError ||
      current instanceof TimeoutError ||
      current instanceof WebSocketRequestError
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/**
 * Reads the chain through `rpcUrl` to check a claimed deployment: the transaction was mined and succeeded,
 * created the contract at the address, was sent by the deployer, carried this product's contract code
 * (its creation bytecode), and the contract reports the claimed name, symbol, supply and owner.
 */
export async function checkOnChain(
  chain: LayerloomChain,
  rpcUrl: string,
  claim: ClaimedDeployment,
): Promise<ChainCheck> {
  const client = createPublicClient({
    chain: chain.chain,
    transport: http(rpcUrl, { timeout: 5_000, retryCount: 1 }),
  });
  const contradicted = (reason: string): ChainCheck => ({ outcome: 'contradicted', reason });
  try {
    const [receipt, transaction] = await Promise.all([
      client.getTransactionReceipt({ hash: claim.transactionHash }),
      client.getTransaction({ hash: claim.transactionHash }),
    ]);
    if (receipt.status !== 'success') return contradicted(`The deploy transaction failed on ${chain.name}.`);
    if (!receipt.contractAddress || !same(receipt.contractAddress, claim.address)) {
      return contradicted(`That transaction did not create a contract at ${claim.address} on ${chain.name}.`);
    }
    if (!same(receipt.from, claim.deployer)) {
      return contradicted(`That transaction was sent by ${getAddress(receipt.from)}, not ${claim.deployer}.`);
    }
    if (!transaction.input.toLowerCase().startsWith(layerloomCollectionBytecode.toLowerCase())) {
      return contradicted(`The contract at ${claim.address} is not a Layerloom collection contract.`);
    }
    const read = <F extends 'name' | 'symbol' | 'maxSupply' | 'owner' | 'payees'>(functionName: F) =>
      client.readContract({ address: claim.address, abi: layerloomCollectionAbi, functionName });
    const [name, symbol, maxSupply, owner, [payees, shares]] = await Promise.all([
      read('name'),
      read('symbol'),
      read('maxSupply'),
      read('owner'),
      read('payees'),
    ]);
    const differences = [
      name === claim.name ? null : `name is "${name}", not "${claim.name}"`,
      symbol === claim.symbol ? null : `symbol is "${symbol}", not "${claim.symbol}"`,
      maxSupply === BigInt(claim.maxSupply) ? null : `max supply is ${maxSupply}, not ${claim.maxSupply}`,
      same(owner, claim.deployer) ? null : `owner is ${owner}, not the deployer`,
      !claim.payees || sameSplit(claim.payees, payees, shares)
        ? null
        : `payees are ${describeSplit(payees, shares)}, not ${describeSplit(
            claim.payees.map((payee) => payee.address),
            claim.payees.map((payee) => BigInt(payee.shares)),
          )}`,
    ].filter((difference) => difference !== null);
    if (differences.length > 0)
      return contradicted(`On ${chain.name} the contract's ${differences.join('; ')}.`);
    if (claim.royaltySplitter) {
      const problem = await royaltySplitterProblem(client, claim.address, claim.royaltySplitter);
      if (problem) return contradicted(`On ${chain.name} ${problem}.`);
    }
    return { outcome: 'verified', blockNumber: receipt.blockNumber };
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError || error instanceof TransactionNotFoundError) {
      return contradicted(
        `Transaction ${claim.transactionHash} was not found on ${chain.name}: check the network, or wait until it is mined.`,
      );
    }
    if (isUnreachable(error)) {
      return {
        outcome: 'unreachable',
        reason: `The ${chain.name} RPC did not answer, so the contract is not verified yet.`,
      };
    }
    throw error;
  }
}
