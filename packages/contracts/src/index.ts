export type { CreateAllowlistParameters, CreateAllowlistReturnType } from './allowlist/create-allowlist.ts';
export { createAllowlist } from './allowlist/create-allowlist.ts';
export type {
  GetAllowlistProofParameters,
  GetAllowlistProofReturnType,
} from './allowlist/get-allowlist-proof.ts';
export { getAllowlistProof } from './allowlist/get-allowlist-proof.ts';
export type { AllowlistLeaf, AllowlistMember, AllowlistTree } from './allowlist/types.ts';
export { ALLOWLIST_LEAF_ENCODING, isCurrentAllowlistTree, MAX_ALLOWANCE } from './allowlist/types.ts';
export type { ExplorerKind, LayerloomChain } from './chains/chains.ts';
export { layerloomChains } from './chains/chains.ts';
export type { GetChainParameters, GetChainReturnType } from './chains/get-chain.ts';
export { getChain } from './chains/get-chain.ts';
export type { GetExplorerUrlParameters, GetExplorerUrlReturnType } from './chains/get-explorer-url.ts';
export { getExplorerUrl } from './chains/get-explorer-url.ts';
export type { AirdropParameters, AirdropReturnType } from './collection/airdrop.ts';
export { airdrop } from './collection/airdrop.ts';
export type { AllowlistMintParameters, AllowlistMintReturnType } from './collection/allowlist-mint.ts';
export { allowlistMint } from './collection/allowlist-mint.ts';
export type {
  CollectionSettings,
  DeployCollectionParameters,
  DeployCollectionReturnType,
} from './collection/deploy-collection.ts';
export { deployCollection } from './collection/deploy-collection.ts';
export type {
  EmitMetadataUpdateParameters,
  EmitMetadataUpdateReturnType,
} from './collection/emit-metadata-update.ts';
export { emitMetadataUpdate } from './collection/emit-metadata-update.ts';
export type {
  EmitPermanentURIParameters,
  EmitPermanentURIReturnType,
} from './collection/emit-permanent-uri.ts';
export { emitPermanentURI } from './collection/emit-permanent-uri.ts';
export type { FreezeMetadataParameters, FreezeMetadataReturnType } from './collection/freeze-metadata.ts';
export { freezeMetadata } from './collection/freeze-metadata.ts';
export type {
  GetCollectionStateParameters,
  GetCollectionStateReturnType,
} from './collection/get-collection-state.ts';
export { getCollectionState } from './collection/get-collection-state.ts';
export type { GetMintPriceParameters, GetMintPriceReturnType } from './collection/get-mint-price.ts';
export { getMintPrice } from './collection/get-mint-price.ts';
export type {
  GetMintedByWalletParameters,
  GetMintedByWalletReturnType,
} from './collection/get-minted-by-wallet.ts';
export { getMintedByWallet } from './collection/get-minted-by-wallet.ts';
export type { GetSalePhaseParameters, GetSalePhaseReturnType } from './collection/get-sale-phase.ts';
export { getSalePhase } from './collection/get-sale-phase.ts';
export type { GetTotalSupplyParameters, GetTotalSupplyReturnType } from './collection/get-total-supply.ts';
export { getTotalSupply } from './collection/get-total-supply.ts';
export type { MintParameters, MintReturnType } from './collection/mint.ts';
export { mint } from './collection/mint.ts';
export type { RevealParameters, RevealReturnType } from './collection/reveal.ts';
export { reveal } from './collection/reveal.ts';
export type { SalePhase } from './collection/sale-phase.ts';
export { salePhases } from './collection/sale-phase.ts';
export type { SetAllowlistParameters, SetAllowlistReturnType } from './collection/set-allowlist.ts';
export { setAllowlist } from './collection/set-allowlist.ts';
export type { SetBaseURIParameters, SetBaseURIReturnType } from './collection/set-base-uri.ts';
export { setBaseURI } from './collection/set-base-uri.ts';
export type {
  SetContractURIParameters,
  SetContractURIReturnType,
} from './collection/set-contract-uri.ts';
export { setContractURI } from './collection/set-contract-uri.ts';
export type {
  SetMaxPerWalletParameters,
  SetMaxPerWalletReturnType,
} from './collection/set-max-per-wallet.ts';
export { setMaxPerWallet } from './collection/set-max-per-wallet.ts';
export type { SetMintPriceParameters, SetMintPriceReturnType } from './collection/set-mint-price.ts';
export { setMintPrice } from './collection/set-mint-price.ts';
export type { SetPhaseParameters, SetPhaseReturnType } from './collection/set-phase.ts';
export { setPhase } from './collection/set-phase.ts';
export type {
  SetProvenanceHashParameters,
  SetProvenanceHashReturnType,
} from './collection/set-provenance-hash.ts';
export { setProvenanceHash } from './collection/set-provenance-hash.ts';
export type {
  SaleSchedule,
  SetSaleScheduleParameters,
  SetSaleScheduleReturnType,
} from './collection/set-sale-schedule.ts';
export { setSaleSchedule } from './collection/set-sale-schedule.ts';
export type {
  CollectionReadParameters,
  CollectionWriteParameters,
  CollectionWriteReturnType,
} from './collection/types.ts';
export type { WithdrawParameters, WithdrawReturnType } from './collection/withdraw.ts';
export { withdraw } from './collection/withdraw.ts';
export type { CollectionErrorName, ContractsErrorCode } from './errors.ts';
export {
  CollectionRevertedError,
  ContractsError,
  DeploymentFailedError,
  InvalidAllowlistError,
  InvalidCollectionConfigError,
  InvalidPayeesError,
  MissingAccountError,
  NotAllowlistedError,
  TransactionFailedError,
  TransactionRejectedError,
  TransactionRevertedError,
  UnsupportedChainError,
} from './errors.ts';
export {
  layerloomCollectionAbi,
  layerloomCollectionBytecode,
} from './generated/layerloom-collection.generated.ts';
export { layerloomCollectionVerificationInput } from './generated/layerloom-collection.verification.generated.ts';
export {
  layerloomPaymentSplitterAbi,
  layerloomPaymentSplitterBytecode,
} from './generated/layerloom-payment-splitter.generated.ts';
export { layerloomPaymentSplitterVerificationInput } from './generated/layerloom-payment-splitter.verification.generated.ts';
export { MAX_PAYEES } from './internal/check-payees.ts';
export type {
  DeployPaymentSplitterParameters,
  DeployPaymentSplitterReturnType,
} from './splits/deploy-payment-splitter.ts';
export { deployPaymentSplitter } from './splits/deploy-payment-splitter.ts';
export type { GetPayoutsParameters, GetPayoutsReturnType } from './splits/get-payouts.ts';
export { getPayouts } from './splits/get-payouts.ts';
export type { ReleaseParameters, ReleaseReturnType } from './splits/release.ts';
export { release } from './splits/release.ts';
export type { PayeeShare, Payout } from './splits/types.ts';
export type { VerificationInput } from './verification/types.ts';
