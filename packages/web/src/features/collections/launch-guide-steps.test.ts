import type { Deployment, LaunchStatus, Publication } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import { launchGuideSteps, startsFolded } from './launch-guide-steps.ts';

const publication: Publication = {
  collectionId: 'c1',
  mode: 'ipfs',
  slug: 'loom-cats',
  baseUri: 'ipfs://bafymetadata/',
  imageBaseUri: 'ipfs://bafyimages/',
  provenanceHash: 'ab'.repeat(32),
  publishedAt: '2026-11-20T10:00:00.000Z',
};

const deployment = (id: string): Deployment => ({
  id,
  collectionId: 'c1',
  chainId: 84_532,
  chainName: 'Base Sepolia',
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  transactionHash: `0x${'cd'.repeat(32)}`,
  blockNumber: '12',
  name: 'Loom Cats',
  symbol: 'LC',
  maxSupply: 20,
  payees: [],
  status: 'verified',
  statusReason: null,
  explorerUrl: null,
  sourceVerification: null,
  createdAt: '2026-11-21T10:00:00.000Z',
});

const status = (change: Partial<LaunchStatus>): LaunchStatus => ({
  collectionId: 'c1',
  stage: 'deployed',
  phase: null,
  minted: 0,
  supply: 20,
  proceeds: null,
  mintPath: '/mint/loom-cats',
  chainName: 'Base Sepolia',
  notice: null,
  ...change,
});

const live = { publication, deployments: [deployment('d2'), deployment('d1')] };

describe('launchGuideSteps', () => {
  it('says where a collection on IPFS was published, and which of several contracts the drop runs', () => {
    const [publish, deploy] = launchGuideSteps({ ...live, status: status({}) });
    expect(publish?.summary).toMatch(/^Published Nov 20, 2026, on IPFS\. /);
    expect(deploy?.summary).toBe(
      'Your contract on Base Sepolia at 0x5FbD…0aa3, deployed Nov 21, 2026 (the newest of 2 contracts).',
    );
  });

  it('follows the sale: closed, allowlist, public, sold out, with minted / supply and proceeds', () => {
    const drop = (change: Partial<LaunchStatus>) => launchGuideSteps({ ...live, status: status(change) })[2];
    expect(drop({})).toMatchObject({ state: 'current', label: 'Sale closed' });
    expect(drop({ stage: 'live', phase: 'allowlist', minted: 3 })).toMatchObject({
      label: 'Live · allowlist sale',
      summary: 'Minted 3 of 20. Share your mint page; open the public sale, reveal and withdraw here.',
    });
    expect(
      drop({
        stage: 'live',
        phase: 'public',
        minted: 5,
        proceeds: { wei: '50000000000000000', currency: 'ETH' },
      })?.summary,
    ).toBe('Minted 5 of 20 · 0.05 ETH to withdraw. Share your mint page; reveal and withdraw here.');
    expect(drop({ stage: 'sold-out', minted: 20 })).toMatchObject({ state: 'done', label: 'Sold out' });
  });

  it("says why the sale's figures are missing when the chain cannot be read", () => {
    const notice = 'No RPC is configured for Base Sepolia, so its sale cannot be read.';
    const [, , drop] = launchGuideSteps({ ...live, status: status({ minted: null, notice }) });
    expect(drop).toMatchObject({ state: 'current', summary: notice });
  });

  it('folds the finished publication and deployment once there is a contract, never the drop', () => {
    const steps = launchGuideSteps({ ...live, status: status({ stage: 'sold-out', minted: 20 }) });
    expect(steps.map((step) => startsFolded(step, true))).toEqual([true, true, false]);
    expect(steps.map((step) => startsFolded(step, false))).toEqual([false, false, false]);
  });
});
