// Exports of a generated collection: rarity report, banner collage, preview GIF, ZIP and IPFS (CIDs, CARs).
export { type CollageOptions, collageLayout, createCollage } from './collage.ts';
export {
  type CollectionFiles,
  CollectionFilesError,
  type CollectionSource,
  countCollectionTokens,
  readCollectionFile,
  readTokenImage,
  readTokenMetadata,
} from './collection-files.ts';
export { type CollectionZipOptions, writeCollectionZip } from './collection-zip.ts';
export {
  computeIpfsCids,
  computeSolanaMetadataCid,
  type IpfsCids,
  ipfsTokenMetadata,
  writeImagesCar,
  writeMetadataCar,
  writeSolanaMetadataCar,
} from './ipfs.ts';
export { encodePngStream, type PngRows } from './png-stream.ts';
export { createPreviewGif, type PreviewGifOptions } from './preview-gif.ts';
export {
  type ComputeRarityOptions,
  computeRarity,
  NONE_VALUE,
  normalizeTraitString,
  openRarityTraitCount,
  type RarityReport,
  rankLikeOpenRarity,
  type TokenRarity,
  TRAIT_COUNT_TYPE,
  type TraitValueStats,
} from './rarity-report.ts';
export {
  type SolanaAssetsZipOptions,
  type SolanaCollectionInfo,
  writeSolanaAssetsZip,
} from './solana-assets.ts';
