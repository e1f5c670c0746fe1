import type { Marketplace, MetadataUpdate } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import {
  FROZEN_REASON,
  freezeRefusals,
  listingOnChain,
  type MetadataChainState,
  metadataUpdatePlan,
  royaltyMismatch,
} from './marketplace-status.ts';

const CONTRACT_URI = 'https://loom.test/api/v1/drops/cats-1a2b3c/contract.json';
const IPFS_LISTING = 'ipfs://bafkreilisting';
const HOSTED_BASE = 'https://loom.test/hosted/cats/metadata/';
const DEPLOYED_AT = '2026-11-20T10:00:00.000Z';
const CREATOR = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const update = (kind: MetadataUpdate['kind'], createdAt: string, detail = 'x'): MetadataUpdate => ({
  id: `${kind}-${createdAt}`,
  kind,
  chainId: 31337,
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  transactionHash: `0x${'a'.repeat(64)}`,
  blockNumber: '9',
  detail,
  createdBy: 'me@loom.test',
  createdAt,
});

const marketplace = (extra: Partial<Marketplace> = {}): Marketplace => ({
  collectionId: 'c1',
  listing: {
    name: 'Cats',
    description: '',
    image: null,
    bannerImage: null,
    featuredImage: null,
    externalLink: null,
    collaborators: [],
    sellerFeeBasisPoints: 500,
    feeRecipient: CREATOR,
  },
  savedAt: null,
  contractUri: CONTRACT_URI,
  ipfsContractUri: IPFS_LISTING,
  contractJson: {},
  metadataBaseUri: 'ipfs://bafymeta/',
  pendingMetadataEdits: [],
  updates: [],
  isFrozen: false,
  ...extra,
});

const chain = (extra: Partial<MetadataChainState> = {}): MetadataChainState => ({
  name: 'Cats',
  revealed: true,
  metadataFrozen: false,
  baseURI: 'ipfs://bafymeta/',
  contractURI: IPFS_LISTING,
  royalty: { receiver: CREATOR, bps: 500 },
  ...extra,
});

describe('the listing on chain', () => {
  const hosted = (extra: Partial<Marketplace> = {}) =>
    marketplace({ metadataBaseUri: HOSTED_BASE, ipfsContractUri: null, ...extra });
  const atHosted = chain({ contractURI: CONTRACT_URI });

  it('is up to date when the contract points at it and no edit came after the last announcement', () => {
    expect(listingOnChain(hosted(), atHosted, DEPLOYED_AT)).toEqual({ isUpToDate: true, reason: null });
    const announced = hosted({
      savedAt: '2026-11-21T10:00:00.000Z',
      updates: [update('contract-uri', '2026-11-21T11:00:00.000Z')],
    });
    expect(listingOnChain(announced, atHosted, DEPLOYED_AT).isUpToDate).toBe(true);
  });

  it('has changed when the contract has no address, another one, or the listing was edited since', () => {
    expect(listingOnChain(hosted(), chain({ contractURI: '' }), DEPLOYED_AT).reason).toBe(
      'The contract has no listing address yet, so marketplaces show the collection without it.',
    );
    expect(listingOnChain(hosted(), chain({ contractURI: 'ipfs://old' }), DEPLOYED_AT).reason).toContain(
      'ipfs://old',
    );
    const edited = hosted({ savedAt: '2026-11-22T10:00:00.000Z' });
    expect(listingOnChain(edited, atHosted, DEPLOYED_AT)).toEqual({
      isUpToDate: false,
      reason: 'The listing was edited after marketplaces were last told: they still show the old one.',
    });
  });
});

describe('the listing of a collection on IPFS', () => {
  it('is up to date only when the contract points at the copy of the saved listing on IPFS', () => {
    expect(listingOnChain(marketplace(), chain(), DEPLOYED_AT).isUpToDate).toBe(true);
    expect(listingOnChain(marketplace(), chain({ contractURI: CONTRACT_URI }), DEPLOYED_AT).reason).toBe(
      'The listing is not on IPFS beside the metadata yet: the update puts it there and points the contract at it.',
    );
    // Edited since it was put on IPFS: the server answers no current copy.
    expect(listingOnChain(marketplace({ ipfsContractUri: null }), chain(), DEPLOYED_AT).reason).toBe(
      'The contract points marketplaces at an older copy of the listing on IPFS.',
    );
  });
});

describe('the royalty of the listing', () => {
  it('matches the contract’s, whatever the address case', () => {
    expect(
      royaltyMismatch({ sellerFeeBasisPoints: 500, feeRecipient: CREATOR.toLowerCase() }, chain().royalty),
    ).toBeNull();
    expect(
      royaltyMismatch({ sellerFeeBasisPoints: 0, feeRecipient: null }, { receiver: CREATOR, bps: 0 }),
    ).toBeNull();
  });

  it('says how it differs', () => {
    expect(royaltyMismatch({ sellerFeeBasisPoints: 250, feeRecipient: CREATOR }, chain().royalty)).toBe(
      `The contract pays a 5 % royalty to ${CREATOR}, but this listing says 2.5 % to ${CREATOR}. Marketplaces pay what the contract says: make the listing match it.`,
    );
    expect(royaltyMismatch({ sellerFeeBasisPoints: 0, feeRecipient: null }, chain().royalty)).toContain(
      'this listing says none',
    );
  });
});

describe('the metadata update after the reveal', () => {
  it('moves the contract to new metadata when the published address changed, listing what changed', () => {
    const plan = metadataUpdatePlan(
      marketplace({
        metadataBaseUri: 'ipfs://bafynew/',
        pendingMetadataEdits: [{ at: '2026-11-22T10:00:00.000Z', changes: ['Description set'] }],
      }),
      chain(),
    );
    expect(plan).toMatchObject({ refusal: null, action: 'set-base', lastUpdate: null });
    expect(plan.changes).toEqual([
      'Metadata now lives at ipfs://bafynew/ (the contract reads ipfs://bafymeta/)',
      'Description set',
    ]);
  });

  it('only announces a refresh when the address is the same, and shows the last update', () => {
    const last = update('refresh', '2026-11-23T10:00:00.000Z', 'Every token from #1');
    const plan = metadataUpdatePlan(
      marketplace({ updates: [update('contract-uri', '2026-11-24T10:00:00.000Z'), last] }),
      chain(),
    );
    expect(plan).toMatchObject({ refusal: null, action: 'refresh', changes: [], lastUpdate: last });
  });

  it('is refused before the reveal and once frozen, with the reason', () => {
    // Before the reveal the contract reads no base yet: that is not a change to announce.
    expect(metadataUpdatePlan(marketplace(), chain({ revealed: false, baseURI: '' }))).toMatchObject({
      refusal: 'Reveal the collection first: until then marketplaces show the placeholder.',
      changes: [],
    });
    expect(metadataUpdatePlan(marketplace(), chain({ metadataFrozen: true })).refusal).toBe(FROZEN_REASON);
    expect(metadataUpdatePlan(marketplace({ isFrozen: true }), chain()).refusal).toBe(FROZEN_REASON);
  });
});

describe('the freeze', () => {
  it('is possible once revealed, on IPFS, with the newest metadata and listing on chain', () => {
    expect(freezeRefusals(marketplace(), chain(), DEPLOYED_AT)).toEqual([]);
  });

  it('gives every reason it is refused before the click', () => {
    const refusals = freezeRefusals(
      marketplace({ metadataBaseUri: HOSTED_BASE, ipfsContractUri: null }),
      chain({ revealed: false, baseURI: HOSTED_BASE, contractURI: '' }),
      DEPLOYED_AT,
    );
    expect(refusals).toEqual([
      'The collection is not revealed: frozen now, tokens would show the placeholder for ever.',
      'Token metadata is not on IPFS: it is read from https://loom.test/hosted/cats/metadata/, which a server could change. Publish to IPFS to freeze.',
      'The marketplace listing on chain is not up to date: update it first, it cannot change afterwards.',
    ]);
    expect(freezeRefusals(marketplace({ metadataBaseUri: 'ipfs://bafynew/' }), chain(), DEPLOYED_AT)).toEqual(
      ['The contract does not read the newest metadata yet: update metadata on marketplaces first.'],
    );
  });

  it('says it is frozen once it is', () => {
    expect(freezeRefusals(marketplace(), chain({ metadataFrozen: true }), DEPLOYED_AT)).toEqual([
      FROZEN_REASON,
    ]);
  });
});
