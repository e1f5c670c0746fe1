import type { Marketplace, MarketplaceListing, MetadataUpdate } from '@layerloom/api';

/** The reason every metadata-changing action gives once the contract's metadata is frozen. */
export const FROZEN_REASON = 'Metadata is frozen on chain';

/** The contract facts these checks read (from `getCollectionState`). */
export interface MetadataChainState {
  name: string;
  revealed: boolean;
  metadataFrozen: boolean;
  baseURI: string;
  contractURI: string;
  royalty: { receiver: string; bps: number };
}

/** Whether marketplaces read the saved listing: the contract points at it and was told of the last edit. */
export interface ListingOnChain {
  isUpToDate: boolean;
  /** Why it is not, in words; null when it is. */
  reason: string | null;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** The newest recorded update of one of these kinds, or undefined. */
function newest(updates: readonly MetadataUpdate[], kinds: readonly MetadataUpdate['kind'][]) {
  return updates.find((update) => kinds.includes(update.kind));
}

/** Compares the contract's `contractURI` and the last announced listing with what Layerloom serves. */
export function listingOnChain(
  marketplace: Pick<
    Marketplace,
    'contractUri' | 'ipfsContractUri' | 'metadataBaseUri' | 'savedAt' | 'updates'
  >,
  state: Pick<MetadataChainState, 'contractURI'>,
  deployedAt: string,
): ListingOnChain {
  if (!marketplace.contractUri) return { isUpToDate: false, reason: 'Publish the collection first.' };
  // Metadata on IPFS: the listing goes there too, so it never depends on a server either.
  if (isOnIpfs(marketplace)) {
    if (marketplace.ipfsContractUri && state.contractURI === marketplace.ipfsContractUri) {
      return { isUpToDate: true, reason: null };
    }
    return {
      isUpToDate: false,
      reason: state.contractURI.startsWith('ipfs://')
        ? 'The contract points marketplaces at an older copy of the listing on IPFS.'
        : 'The listing is not on IPFS beside the metadata yet: the update puts it there and points the contract at it.',
    };
  }
  if (state.contractURI !== marketplace.contractUri) {
    return {
      isUpToDate: false,
      reason: state.contractURI
        ? `The contract points marketplaces at ${state.contractURI}, not at this listing.`
        : 'The contract has no listing address yet, so marketplaces show the collection without it.',
    };
  }
  const announced = newest(marketplace.updates, ['contract-uri'])?.createdAt ?? deployedAt;
  if (marketplace.savedAt && marketplace.savedAt > announced) {
    return {
      isUpToDate: false,
      reason: 'The listing was edited after marketplaces were last told: they still show the old one.',
    };
  }
  return { isUpToDate: true, reason: null };
}

/** Whether the collection was published to IPFS (its listing then goes there too). */
export function isOnIpfs(marketplace: Pick<Marketplace, 'metadataBaseUri'>): boolean {
  return marketplace.metadataBaseUri?.startsWith('ipfs://') ?? false;
}

/** A royalty in basis points as a percentage ("5 %", "2.5 %"). */
export function formatBps(bps: number): string {
  return `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
}

/**
 * Why the listing's royalty differs from the one the contract pays (ERC-2981, fixed at deploy), or null
 * when they match. Marketplaces read the contract's, so a listing that says otherwise misleads buyers.
 */
export function royaltyMismatch(
  listing: Pick<MarketplaceListing, 'sellerFeeBasisPoints' | 'feeRecipient'>,
  royalty: MetadataChainState['royalty'],
): string | null {
  const sameBps = listing.sellerFeeBasisPoints === royalty.bps;
  const sameReceiver = royalty.bps === 0 || same(listing.feeRecipient, royalty.receiver);
  if (sameBps && sameReceiver) return null;
  const contract =
    royalty.bps === 0 ? 'pays no royalty' : `pays a ${formatBps(royalty.bps)} royalty to ${royalty.receiver}`;
  const listed =
    listing.sellerFeeBasisPoints === 0
      ? 'this listing says none'
      : `this listing says ${formatBps(listing.sellerFeeBasisPoints)} to ${listing.feeRecipient ?? 'nobody'}`;
  return `The contract ${contract}, but ${listed}. Marketplaces pay what the contract says: make the listing match it.`;
}

/** What "Update metadata on marketplaces" would do, or why it cannot. */
export interface MetadataUpdatePlan {
  /** Null when the update can be sent. */
  refusal: string | null;
  /** `set-base`: point the contract at the new metadata (it announces the change); `refresh`: announce only. */
  action: 'set-base' | 'refresh';
  /** What changed since marketplaces were last told, in words. */
  changes: string[];
  lastUpdate: MetadataUpdate | null;
}

/** Plans the metadata update after the reveal from the contract's state and what Layerloom publishes. */
export function metadataUpdatePlan(
  marketplace: Pick<Marketplace, 'metadataBaseUri' | 'pendingMetadataEdits' | 'updates' | 'isFrozen'>,
  state: Pick<MetadataChainState, 'revealed' | 'metadataFrozen' | 'baseURI'>,
): MetadataUpdatePlan {
  const lastUpdate = newest(marketplace.updates, ['base-uri', 'refresh', 'freeze']) ?? null;
  // Before the reveal the contract reads no base yet: the reveal itself points it at the publication.
  const isBaseMoved =
    state.revealed && Boolean(marketplace.metadataBaseUri) && state.baseURI !== marketplace.metadataBaseUri;
  const changes = [
    ...(isBaseMoved
      ? [
          `Metadata now lives at ${marketplace.metadataBaseUri} (the contract reads ${state.baseURI || 'nothing'})`,
        ]
      : []),
    ...marketplace.pendingMetadataEdits.flatMap((edit) => edit.changes),
  ];
  const refusal =
    state.metadataFrozen || marketplace.isFrozen
      ? FROZEN_REASON
      : !state.revealed
        ? 'Reveal the collection first: until then marketplaces show the placeholder.'
        : null;
  return { refusal, action: isBaseMoved ? 'set-base' : 'refresh', changes, lastUpdate };
}

/**
 * Why the metadata cannot be frozen now (every reason, shown before the click); empty when it can. A
 * freeze is for good, so the tokens' metadata must be final, on IPFS, and announced first.
 */
export function freezeRefusals(
  marketplace: Pick<
    Marketplace,
    'metadataBaseUri' | 'contractUri' | 'ipfsContractUri' | 'savedAt' | 'updates' | 'isFrozen'
  >,
  state: MetadataChainState,
  deployedAt: string,
): string[] {
  if (state.metadataFrozen || marketplace.isFrozen) return [FROZEN_REASON];
  const reasons: string[] = [];
  if (!state.revealed) {
    reasons.push('The collection is not revealed: frozen now, tokens would show the placeholder for ever.');
  }
  // Before the reveal, the base the reveal will set (the publication's) is the one to judge.
  const base = state.revealed ? state.baseURI : (marketplace.metadataBaseUri ?? '');
  if (!base.startsWith('ipfs://')) {
    reasons.push(
      `Token metadata is not on IPFS: it is read from ${base || 'nowhere yet'}, which a server could change. Publish to IPFS to freeze.`,
    );
  } else if (state.revealed && marketplace.metadataBaseUri && state.baseURI !== marketplace.metadataBaseUri) {
    reasons.push(
      'The contract does not read the newest metadata yet: update metadata on marketplaces first.',
    );
  }
  if (!listingOnChain(marketplace, state, deployedAt).isUpToDate) {
    reasons.push(
      'The marketplace listing on chain is not up to date: update it first, it cannot change afterwards.',
    );
  }
  return reasons;
}
