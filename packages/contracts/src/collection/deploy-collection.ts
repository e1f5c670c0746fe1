import {
  type Account,
  type Address,
  getAddress,
  type Hash,
  type Hex,
  isAddress,
  maxUint32,
  type PublicClient,
  type TransactionReceipt,
  type WalletClient,
  zeroAddress,
  zeroHash,
} from 'viem';
import { DeploymentFailedError, InvalidCollectionConfigError } from '../errors.ts';
import {
  layerloomCollectionAbi,
  layerloomCollectionBytecode,
} from '../generated/layerloom-collection.generated.ts';
import { checkPayees } from '../internal/check-payees.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { PayeeShare } from '../splits/types.ts';

/** The settings a collection is deployed with. Prices are in wei. */
export interface CollectionSettings {
  name: string;
  symbol: string;
  /** Fixed for the life of the contract. */
  maxSupply: bigint | number;
  /** Public sale price per token. */
  mintPrice: bigint;
  /** Tokens one wallet may buy in the public sale. */
  maxPerWallet: number;
  /**
   * Allowlist sale; can also be set later with `setAllowlist`. `maxPerWallet` applies to the wallets
   * listed without their own allowance.
   */
  allowlist?: { merkleRoot: Hex; price: bigint; maxPerWallet: number };
  /** What every token's `tokenURI` returns until the reveal. */
  preRevealURI: string;
  /** ERC-7572 collection metadata (name, description, image…) for marketplaces. */
  contractURI?: string;
  /** Defaults to the deploying account. */
  owner?: Address;
  /** Where `withdraw` sends funds; defaults to the owner. Not with `payees`. */
  payoutAddress?: Address;
  /**
   * Splits sale proceeds among up to 10 payees by shares, fixed for the life of the contract; each payee is
   * paid its part by `release`. Without payees (the default) the owner, or `payoutAddress`, is the one payee
   * and `withdraw` pays it.
   */
  payees?: readonly PayeeShare[];
  /**
   * ERC-2981 royalty in basis points (500 = 5 %); the receiver defaults to the owner. To split royalties,
   * deploy a splitter first (`deployPaymentSplitter`) and make it the receiver.
   */
  royalty?: { bps: number; receiver?: Address };
}

export interface DeployCollectionParameters {
  walletClient: WalletClient;
  publicClient: PublicClient;
  collection: CollectionSettings;
  /** Deployer; defaults to the wallet client's account. */
  account?: Account | Address;
  /** Called with the transaction hash as soon as the wallet has sent it, before it is mined. */
  onTransactionSubmitted?: (hash: Hash) => void;
}

export interface DeployCollectionReturnType {
  /** The new collection contract. */
  address: Address;
  hash: Hash;
  receipt: TransactionReceipt;
}

const maxUint88 = 2n ** 88n - 1n;

/** Deploys a new collection contract from the given wallet and waits until it is mined. */
export async function deployCollection(
  parameters: DeployCollectionParameters,
): Promise<DeployCollectionReturnType> {
  const { walletClient, publicClient, collection, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  const sender = typeof account === 'string' ? account : account.address;
  const owner = checkAddress('owner', collection.owner ?? sender);
  const config = {
    name: checkText('name', collection.name),
    symbol: checkText('symbol', collection.symbol),
    maxSupply: checkMaxSupply(collection.maxSupply),
    publicPrice: checkPrice('mintPrice', collection.mintPrice),
    maxPerWallet: checkLimit('maxPerWallet', collection.maxPerWallet),
    allowlistPrice: checkPrice('allowlist.price', collection.allowlist?.price ?? 0n),
    allowlistMaxPerWallet: checkLimit('allowlist.maxPerWallet', collection.allowlist?.maxPerWallet ?? 0),
    merkleRoot: checkRoot(collection.allowlist?.merkleRoot ?? zeroHash),
    preRevealURI: collection.preRevealURI,
    contractURI: collection.contractURI ?? '',
    owner,
    payoutAddress: checkAddress('payoutAddress', collection.payoutAddress ?? zeroAddress),
    royaltyReceiver: checkAddress('royalty.receiver', collection.royalty?.receiver ?? owner),
    royaltyBps: checkRoyaltyBps(collection.royalty?.bps ?? 0),
    ...checkPayees(collection.payees ?? [], (field, message) => {
      throw new InvalidCollectionConfigError({ field, message });
    }),
  };
  if (config.payees.length > 0 && config.payoutAddress !== zeroAddress) {
    throw new InvalidCollectionConfigError({
      field: 'payoutAddress',
      message: 'cannot be combined with payees: each payee is paid its own share',
    });
  }
  const { hash, receipt } = await sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: () =>
      walletClient.deployContract({
        abi: layerloomCollectionAbi,
        bytecode: layerloomCollectionBytecode,
        args: [config],
        account,
        chain: walletClient.chain,
      }),
  });
  if (!receipt.contractAddress) throw new DeploymentFailedError({ hash });
  return { address: receipt.contractAddress, hash, receipt };
}

function checkText(field: string, value: string): string {
  if (value.trim() === '') throw new InvalidCollectionConfigError({ field, message: 'must not be empty' });
  return value;
}

function checkMaxSupply(value: bigint | number): bigint {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new InvalidCollectionConfigError({ field: 'maxSupply', message: 'must be a whole number' });
  }
  const supply = BigInt(value);
  if (supply < 1n)
    throw new InvalidCollectionConfigError({ field: 'maxSupply', message: 'must be at least 1' });
  return supply;
}

function checkPrice(field: string, value: bigint): bigint {
  if (value < 0n || value > maxUint88) {
    throw new InvalidCollectionConfigError({ field, message: `must be between 0 and ${maxUint88} wei` });
  }
  return value;
}

function checkLimit(field: string, value: number): number {
  if (!Number.isInteger(value) || value < 0 || BigInt(value) > maxUint32) {
    throw new InvalidCollectionConfigError({
      field,
      message: `must be a whole number from 0 to ${maxUint32}`,
    });
  }
  return value;
}

function checkRoyaltyBps(value: number): bigint {
  if (!Number.isInteger(value) || value < 0 || value > 10_000) {
    throw new InvalidCollectionConfigError({
      field: 'royalty.bps',
      message: 'must be a whole number from 0 to 10000',
    });
  }
  return BigInt(value);
}

function checkRoot(value: Hex): Hex {
  if (!/^0x[0-9a-fA-F]{64}$/.test(value)) {
    throw new InvalidCollectionConfigError({
      field: 'allowlist.merkleRoot',
      message: 'must be 32 bytes of hex',
    });
  }
  return value;
}

function checkAddress(field: string, value: string): Address {
  if (!isAddress(value, { strict: false })) {
    throw new InvalidCollectionConfigError({ field, message: 'must be an address' });
  }
  return getAddress(value);
}
