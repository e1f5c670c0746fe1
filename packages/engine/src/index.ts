// Public API of @layerloom/engine. Explicit exports: changing this list is a deliberate API change (see index.test.ts).

export { type CliCommand, type CliIo, CliUsageError } from './cli/command.ts';
export { commands } from './cli/commands.ts';
export { runCli } from './cli/run-cli.ts';
export {
  AnimationTooLongError,
  FfmpegMissingError,
  UnsupportedMediaError,
} from './errors/animation-errors.ts';
export {
  AssetCorruptError,
  AssetUnreadableError,
  InvalidTraitFileNameError,
  LayersFolderError,
  UnsupportedAssetTypeError,
} from './errors/asset-errors.ts';
export { BaseError, type BaseErrorParameters } from './errors/base-error.ts';
export {
  CollectionIncompleteError,
  EditionRangeError,
  GenerationCancelledError,
  InvalidOutputPathError,
  OutputConflictError,
  PngEncoderMissingError,
  RenderFailedError,
} from './errors/generate-errors.ts';
export { InternalError } from './errors/internal-error.ts';
export {
  ExactCountUnreachableError,
  ExactSearchTooLargeError,
  NotEnoughCombinationsError,
  RulesTooComplexError,
  UnreachableTraitError,
} from './errors/sample-errors.ts';
export {
  AmbiguousTraitError,
  EmptyLayerError,
  InvalidSpecError,
  SizeMismatchError,
  type SpecIssue,
  UnknownLayerError,
  UnknownTraitError,
} from './errors/spec-errors.ts';
export {
  type CollageOptions,
  type CollectionFiles,
  CollectionFilesError,
  type CollectionSource,
  type CollectionZipOptions,
  type ComputeRarityOptions,
  collageLayout,
  computeIpfsCids,
  computeRarity,
  computeSolanaMetadataCid,
  countCollectionTokens,
  createCollage,
  createPreviewGif,
  encodePngStream,
  type IpfsCids,
  ipfsTokenMetadata,
  NONE_VALUE,
  normalizeTraitString,
  openRarityTraitCount,
  type PngRows,
  type PreviewGifOptions,
  type RarityReport,
  rankLikeOpenRarity,
  readCollectionFile,
  readTokenImage,
  readTokenMetadata,
  type SolanaAssetsZipOptions,
  type SolanaCollectionInfo,
  type TokenRarity,
  TRAIT_COUNT_TYPE,
  type TraitValueStats,
  writeCollectionZip,
  writeImagesCar,
  writeMetadataCar,
  writeSolanaAssetsZip,
  writeSolanaMetadataCar,
} from './exports/index.ts';
export {
  type FinishCollectionParameters,
  finishCollection,
} from './generate/finish-collection.ts';
export {
  type EditionRange,
  type FinishedToken,
  type GenerateCollectionParameters,
  type GenerateCollectionReturnType,
  type GenerationProgress,
  generateCollection,
  JOB_FILE,
} from './generate/generate-collection.ts';
export { type RewriteMetadataParameters, rewriteMetadata } from './generate/rewrite-metadata.ts';
export {
  type ImportedLayer,
  type ImportLayersFolderParameters,
  importLayersFolder,
} from './import/import-layers-folder.ts';
export {
  type GroupLookAlikesParameters,
  groupLookAlikes,
  LOOK_ALIKE_DISTANCE,
  type LookAlikeGroup,
} from './looks/group-look-alikes.ts';
export {
  type ListLookAlikesParameters,
  type LookAlikesReport,
  type LookAlikeToken,
  type LookAlikeTokenGroup,
  listLookAlikes,
} from './looks/list-look-alikes.ts';
export { readCollectionLooks } from './looks/looks-files.ts';
export { LooksNotDistinctError } from './looks/make-looks-distinct.ts';
export { computeTokenLook, type TokenLook } from './looks/token-look.ts';
export { streamCollectionMetadata, tokenPaths } from './metadata/collection-metadata.ts';
export {
  editSolanaMetadata,
  editTokenMetadata,
  type MetadataEdits,
  NAME_PLACEHOLDERS,
  namePatternProblem,
  renderTokenName,
} from './metadata/edit-token-metadata.ts';
export {
  buildSolanaMetadata,
  buildTokenMetadata,
  namePrefix,
  type TokenMetadata,
  tokenAttributes,
  tokenDna,
} from './metadata/token-metadata.ts';
export { createFolderSink } from './output/folder-sink.ts';
export type { OutputSink } from './output/output-sink.ts';
export {
  type CheckLayerQualityParameters,
  checkLayerQuality,
  type TraitAnalysisCache,
} from './quality/check-layer-quality.ts';
export type {
  LayerQualityReport,
  QualityFinding,
  QualityFindingKind,
  QualitySeverity,
  QualityTraitRef,
  SkippedTrait,
} from './quality/quality-finding.ts';
export {
  analyzeTraitImage,
  type PixelBox,
  parseTraitAnalysis,
  serializeTraitAnalysis,
  type TraitAnalysis,
} from './quality/trait-analysis.ts';
export { ANIMATION_MIME_TYPES } from './render/animation-encoder.ts';
export { BLEND_FUNCTIONS, type BlendFunction } from './render/blend-modes.ts';
export { type CompositeLayer, canvasToRgba, compositeLayers } from './render/composite.ts';
export {
  type AnimationLimits,
  DEFAULT_ANIMATION_LIMITS,
  decodeAnimatedAsset,
} from './render/decode-animated-asset.ts';
export { decodeAsset } from './render/decode-asset.ts';
export { detectImageType, type SupportedImageType } from './render/detect-image-type.ts';
export {
  detectMediaType,
  isVideoType,
  MEDIA_MIME_TYPES,
  type MediaType,
} from './render/detect-media-type.ts';
export { encodePng, PNG_EFFORT, type PngEffort } from './render/encode-png.ts';
export { type MediaInfo, probeMedia, VIDEO_CODECS } from './render/probe-media.ts';
export type { AssetReading } from './render/read-asset.ts';
export {
  type RenderPreviewParameters,
  type RenderPreviewReturnType,
  renderPreview,
} from './render/render-preview.ts';
export { type WatermarkOptions, WatermarkOptionsSchema } from './render/watermark.ts';
export { amendPlan, type PlanAmendment, PlanAmendmentError } from './sample/amend-plan.ts';
export {
  checkFeasibility,
  type FeasibilityProblem,
  type FeasibilityReport,
} from './sample/check-feasibility.ts';
export { type CombinationCount, countValidCombinations } from './sample/count-combinations.ts';
export { type CollectionPlan, type PlannedToken, planCollection } from './sample/plan-collection.ts';
export {
  type AssetLoader,
  type AssetResolver,
  type AssetSource,
  AssetSourceSchema,
} from './spec/asset-source.ts';
export {
  type AnimationOptions,
  AnimationOptionsSchema,
  type Attribute,
  AttributeSchema,
  type BlendMode,
  BlendModeSchema,
  type CollectionSpec,
  type CollectionSpecInput,
  CollectionSpecSchema,
  type Compression,
  CompressionSchema,
  type ConfigurationSpec,
  ConfigurationSpecSchema,
  type LayerSpec,
  LayerSpecSchema,
  MAX_ANIMATION_FPS,
  type OneOfOneSpec,
  OneOfOneSpecSchema,
  type OutputOptions,
  OutputOptionsSchema,
  type RarityMode,
  RarityModeSchema,
  RuleSpecSchema,
  SolanaOptionsSchema,
  type TraitSpec,
  TraitSpecSchema,
} from './spec/collection-spec.ts';
export { parseCollectionSpec } from './spec/parse-collection-spec.ts';
export { type ResolvedCollection, resolveCollection } from './spec/resolve-collection.ts';
