import type { Address, Hash } from 'viem';
import {
  allowlistMint,
  type CollectionSettings,
  createAllowlist,
  freezeMetadata,
  getAllowlistProof,
  mint,
  reveal,
  setPhase,
} from '../../src/index.ts';
import { erc721aReferenceAbi, erc721aReferenceBytecode } from '../generated/erc721a-reference.generated.ts';
import type { TestChain } from './clients.ts';
import { deployTestCollection } from './collection.ts';

/** How the measured collection is set up: the settings it is deployed with and whether its metadata is frozen. */
export interface MintGasVariant {
  /** What the gas table says of it after the quantity (`''` for the plain collection). */
  label: string;
  settings?: Partial<CollectionSettings>;
  /** Revealed and frozen before the sale opens. */
  frozen?: boolean;
}

/** The collection as most drops deploy it: one payee (the owner), metadata not frozen. */
export const plainVariant: MintGasVariant = { label: '' };

/** The most a collection carries: 10 payees splitting the proceeds, metadata revealed and frozen. */
export const splitFrozenVariant: MintGasVariant = {
  label: '10 payees, frozen',
  settings: {
    payees: Array.from({ length: 10 }, (_, index) => ({
      address: `0x${(index + 0x1000).toString(16).padStart(40, '0')}` as const,
      shares: index + 1,
    })),
  },
  frozen: true,
};

/** Gas used by one public mint of `quantity` tokens, for the collection and the plain ERC721A reference. */
export interface GasRow {
  variant: string;
  quantity: number;
  collection: bigint;
  reference: bigint;
  /** `collection / reference - 1`, e.g. 0.021 for 2.1 % more. */
  overhead: number;
}

/**
 * Measures a buyer's first public mint of 1 and of 5 tokens on fresh deployments of both contracts,
 * after another wallet has minted one token (the usual situation during a sale: the supply counter is
 * already non-zero). The collection charges a price and checks its sale phase, wallet limit and
 * supply; the reference does none of that.
 */
export async function measureMintGas(
  chain: TestChain,
  quantities: readonly number[] = [1, 5],
  variant: MintGasVariant = plainVariant,
) {
  const [deployer, buyer, earlier] = chain.wallets;
  if (!deployer || !buyer || !earlier) throw new Error('anvil needs three accounts');
  const rows: GasRow[] = [];
  for (const quantity of quantities) {
    const collection = await deployTestCollection(chain, {
      maxSupply: 10_000,
      maxPerWallet: 10,
      ...variant.settings,
    });
    if (variant.frozen) {
      const owner = { walletClient: deployer, publicClient: chain.publicClient, address: collection };
      await reveal({ ...owner, baseURI: 'ipfs://bafyrevealed/' });
      await freezeMetadata(owner);
    }
    await setPhase({
      walletClient: deployer,
      publicClient: chain.publicClient,
      address: collection,
      phase: 'public',
    });
    // As for the reference below: another wallet's mint comes first, so both contracts start from the same state.
    await mint({ walletClient: earlier, publicClient: chain.publicClient, address: collection, quantity: 1 });
    const minted = await mint({
      walletClient: buyer,
      publicClient: chain.publicClient,
      address: collection,
      quantity,
    });

    const reference = await deployReference(chain);
    await waitForReceipt(
      chain,
      await earlier.writeContract({
        address: reference,
        abi: erc721aReferenceAbi,
        functionName: 'mint',
        args: [1n],
        account: earlier.account ?? chain.accounts[2]!,
        chain: earlier.chain,
      }),
    );
    const hash = await buyer.writeContract({
      address: reference,
      abi: erc721aReferenceAbi,
      functionName: 'mint',
      args: [BigInt(quantity)],
      account: buyer.account ?? chain.accounts[1]!,
      chain: buyer.chain,
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    const collectionGas = minted.receipt.gasUsed;
    rows.push({
      variant: variant.label,
      quantity,
      collection: collectionGas,
      reference: receipt.gasUsed,
      overhead: Number(collectionGas) / Number(receipt.gasUsed) - 1,
    });
  }
  return rows;
}

/** Gas used by one allowlist mint of `quantity` tokens (its proof's depth, and the allowance it claims). */
export interface AllowlistGasRow {
  quantity: number;
  listSize: number;
  allowance: number;
  gas: bigint;
}

/**
 * Measures a listed buyer's first allowlist mint of 1 and of 5 tokens on a list of `listSize` wallets
 * (a proof of about log2(listSize) hashes), after another listed wallet has minted one token; once for
 * a wallet listed without a quantity (allowance 0, the phase limit) and once with its own allowance.
 */
export async function measureAllowlistMintGas(
  chain: TestChain,
  quantities: readonly number[] = [1, 5],
  listSize = 1_000,
) {
  const [deployer, buyer, earlier] = chain.wallets;
  const [, buyerAddress, earlierAddress] = chain.accounts;
  if (!deployer || !buyer || !earlier || !buyerAddress || !earlierAddress)
    throw new Error('anvil needs three accounts');
  // Fixed addresses, so every run measures the same tree.
  const others = Array.from(
    { length: listSize - 2 },
    (_, index) => `0x${(index + 1).toString(16).padStart(40, '0')}` as const,
  );
  const rows: AllowlistGasRow[] = [];
  for (const allowance of [0, 10]) {
    const list = createAllowlist({
      entries: [buyerAddress, earlierAddress, ...others].map((address) => ({ address, allowance })),
    });
    for (const quantity of quantities) {
      const collection = await deployTestCollection(chain, {
        maxSupply: 10_000,
        allowlist: { merkleRoot: list.merkleRoot, price: 0n, maxPerWallet: 10 },
      });
      const sale = { publicClient: chain.publicClient, address: collection };
      await setPhase({ ...sale, walletClient: deployer, phase: 'allowlist' });
      await allowlistMint({
        ...sale,
        walletClient: earlier,
        quantity: 1,
        ...getAllowlistProof({ tree: list.tree, address: earlierAddress }),
      });
      const minted = await allowlistMint({
        ...sale,
        walletClient: buyer,
        quantity,
        ...getAllowlistProof({ tree: list.tree, address: buyerAddress }),
      });
      rows.push({ quantity, listSize, allowance, gas: minted.receipt.gasUsed });
    }
  }
  return rows;
}

/** The allowlist table of the gas report. */
export function formatAllowlistGasTable(rows: readonly AllowlistGasRow[]): string {
  return [
    '| allowlist mint | wallets on the list | allowance in the leaf | gas |',
    '|---|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.quantity} token${row.quantity === 1 ? '' : 's'} | ${row.listSize.toLocaleString('en-US')} | ${row.allowance === 0 ? '0 (phase limit)' : row.allowance} | ${row.gas.toLocaleString('en-US')} |`,
    ),
  ].join('\n');
}

function waitForReceipt(chain: TestChain, hash: Hash) {
  return chain.publicClient.waitForTransactionReceipt({ hash });
}

async function deployReference(chain: TestChain): Promise<Address> {
  const deployer = chain.wallets[0]!;
  const hash = await deployer.deployContract({
    abi: erc721aReferenceAbi,
    bytecode: erc721aReferenceBytecode,
    account: deployer.account ?? chain.accounts[0]!,
    chain: deployer.chain,
  });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('reference deployment created no contract');
  return receipt.contractAddress;
}

/** The README table. */
export function formatGasTable(rows: readonly GasRow[]): string {
  const lines = [
    '| mint | LayerloomCollection | plain ERC721A | difference |',
    '|---|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.quantity} token${row.quantity === 1 ? '' : 's'}${row.variant ? `, ${row.variant}` : ''} | ${row.collection.toLocaleString('en-US')} | ${row.reference.toLocaleString('en-US')} | ${row.overhead >= 0 ? '+' : ''}${(row.overhead * 100).toFixed(1)} % |`,
    ),
  ];
  return lines.join('\n');
}
