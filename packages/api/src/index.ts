export type {
  AccountSummary,
  Country,
  GetProfileResponse,
  Profile,
  ProfileFields,
  ProfileReferral,
  UpdateProfileResponse,
} from './account/account.ts';
export {
  AccountSummarySchema,
  AVATAR_MAX_BYTES,
  AVATAR_SIZE_PX,
  cancelEmailChange,
  confirmEmailChange,
  countries,
  deleteAvatar,
  getProfile,
  listProfileReferrals,
  ProfileFieldsSchema,
  ProfileReferralSchema,
  ProfileSchema,
  updateProfile,
  uploadAvatar,
} from './account/account.ts';
export {
  DATA_EXPORT_PER_HOUR,
  DEACTIVATED_SIGN_IN_MESSAGE,
  DELETE_ACCOUNT_WARNING,
  DELETE_CONFIRMATION_WORD,
  DeactivateAccountBodySchema,
  type DeactivateAccountInput,
  DeleteAccountBodySchema,
  type DeleteAccountInput,
  deactivateAccount,
  deleteAccount,
  exportAccountData,
  reactivateAccount,
} from './account/delete-account.ts';
export type { NotificationKind, NotificationPreferences } from './account/notifications.ts';
export {
  getNotificationPreferences,
  NotificationPreferencesSchema,
  notificationKinds,
  updateNotificationPreferences,
} from './account/notifications.ts';
export type {
  AccountSession,
  ChangePasswordInput,
  ListAccountSessionsResponse,
} from './account/security.ts';
export {
  AccountSessionSchema,
  ChangePasswordBodySchema,
  changePassword,
  endAccountSession,
  endOtherAccountSessions,
  listAccountSessions,
} from './account/security.ts';
export type {
  LoginCodeInput,
  PasswordAndCodeInput,
  TwoFactorRequired,
  TwoFactorStatus,
} from './account/two-factor.ts';
export {
  confirmTwoFactor,
  disableTwoFactor,
  getTwoFactor,
  LOGIN_CHALLENGE_MINUTES,
  LoginCodeBodySchema,
  loginOrChallengeResponse,
  loginTwoFactor,
  PasswordAndCodeSchema,
  RECOVERY_CODE_COUNT,
  RecoveryCodeSchema,
  regenerateRecoveryCodes,
  startTwoFactor,
  TotpCodeSchema,
  TwoFactorRequiredSchema,
  TwoFactorStatusSchema,
} from './account/two-factor.ts';
export type {
  Allowlist,
  AllowlistEntry,
  AllowlistProof,
  SetAllowlistBody,
} from './allowlists/allowlist.ts';
export {
  AllowlistEntrySchema,
  AllowlistProofSchema,
  AllowlistSchema,
  getAllowlist,
  getAllowlistProof,
  SetAllowlistBodySchema,
  setAllowlist,
} from './allowlists/allowlist.ts';
export type { GetSessionResponse, LoginInput, LoginResponse, LogoutResponse } from './auth/login.ts';
export { getSession, LoginBodySchema, login, logout } from './auth/login.ts';
export {
  commonPasswords,
  EmailSchema,
  isCommonPassword,
  NewPasswordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './auth/password-rules.ts';
export type {
  BillingPayment,
  CheckoutProvider,
  GetBillingResponse,
  PaymentMethod,
  StartCheckoutInput,
  TestCheckout,
} from './billing/billing.ts';
export {
  addPaymentMethod,
  BillingPaymentSchema,
  billingWebhook,
  CheckoutProviderSchema,
  getBilling,
  getTestCheckout,
  listPaymentMethods,
  openBillingPortal,
  PaymentMethodSchema,
  payTestCheckout,
  refundTestPayment,
  removePaymentMethod,
  StartCheckoutBodySchema,
  setDefaultPaymentMethod,
  startCheckout,
  switchToFree,
  TestCheckoutSchema,
} from './billing/billing.ts';
export type { Amendment, GrowBody, RerollBody, RerollChange } from './collections/amend-collection.ts';
export {
  AmendmentSchema,
  GrowBodySchema,
  getRerollChanges,
  growCollection,
  listAmendments,
  RerollBodySchema,
  RerollChangeSchema,
  rerollCollection,
} from './collections/amend-collection.ts';
export type {
  Collection,
  CollectionStatus,
  DownloadKind,
  GenerateProjectBody,
  GenerationProgress,
  Token,
} from './collections/collection.ts';
export {
  AttributeSchema,
  CollectionSchema,
  CollectionStatusSchema,
  cancelGeneration,
  collectionEvents,
  DownloadKindSchema,
  deleteCollection,
  downloadCollection,
  GenerateProjectBodySchema,
  GenerationProgressSchema,
  generateProject,
  getCollection,
  getCollectionIpfs,
  ListTokensQuerySchema,
  listCollections,
  listTokens,
  TokenSchema,
} from './collections/collection.ts';
export type {
  CollectionMetadata,
  MetadataEdit,
  MetadataSettings,
  MetadataSettingsInput,
} from './collections/edit-metadata.ts';
export {
  CollectionMetadataSchema,
  editCollectionMetadata,
  getCollectionMetadata,
  MetadataEditSchema,
  MetadataSettingsSchema,
  MetadataSettingsViewSchema,
} from './collections/edit-metadata.ts';
export type {
  LookAlikeGroupView,
  LookAlikesReportView,
  LookAlikeTokenView,
} from './collections/look-alikes.ts';
export {
  getCollectionLookAlikes,
  LookAlikeGroupSchema,
  LookAlikesReportSchema,
  LookAlikeTokenSchema,
} from './collections/look-alikes.ts';
export type { LayerFit, RarityReportView, TraitFit } from './collections/rarity.ts';
export { getCollectionRarity, LayerFitSchema, RarityReportSchema } from './collections/rarity.ts';
export {
  ART_CONFIRMATION,
  ART_IMAGE_MAX_BYTES,
  ART_MAX_TOKENS,
  replaceTokenArt,
} from './collections/replace-art.ts';
export type { ContactMessageInput, CreateContactMessageResponse } from './contact/create-contact-message.ts';
export { ContactMessageInputSchema, createContactMessage } from './contact/create-contact-message.ts';
export type {
  Deployment,
  DeploymentPayee,
  DeploymentStatus,
  RecordDeploymentBody,
  RoyaltySplitter,
} from './deployments/deployment.ts';
export {
  DeploymentPayeeSchema,
  DeploymentSchema,
  DeploymentStatusSchema,
  listDeployments,
  MAX_DEPLOYMENT_PAYEES,
  RecordDeploymentBodySchema,
  RoyaltySplitterSchema,
  recordDeployment,
} from './deployments/deployment.ts';
export type { LaunchChain, NetworkKind } from './deployments/launch-chains.ts';
export { LaunchChainSchema, listLaunchChains, NetworkKindSchema } from './deployments/launch-chains.ts';
export { retrySourceVerification } from './deployments/retry-source-verification.ts';
export type { SourceVerification, SourceVerificationStatus } from './deployments/source-verification.ts';
export {
  SourceVerificationSchema,
  SourceVerificationStatusSchema,
} from './deployments/source-verification.ts';
export type {
  ApiKey,
  ApiKeyScope,
  ApiKeyStatus,
  ApiKeyUse,
  CreateApiKeyInput,
  CreateApiKeyResponse,
} from './developers/api-keys.ts';
export {
  API_KEY_PREFIX,
  ApiKeySchema,
  ApiKeyScopeSchema,
  ApiKeyStatusSchema,
  ApiKeyUseSchema,
  apiKeyScopes,
  CreateApiKeyBodySchema,
  createApiKey,
  listApiKeys,
  listApiKeyUses,
  revokeApiKey,
} from './developers/api-keys.ts';
export type {
  CreateWebhookInput,
  CreateWebhookResponse,
  UpdateWebhookInput,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEventType,
  WebhookPayload,
} from './developers/webhooks.ts';
export {
  CreateWebhookBodySchema,
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  sendTestWebhook,
  UpdateWebhookBodySchema,
  updateWebhook,
  WEBHOOK_TEST_EVENT,
  WebhookDeliverySchema,
  WebhookDeliveryStatusSchema,
  WebhookEndpointSchema,
  WebhookEventTypeSchema,
  WebhookPayloadSchema,
  webhookEvents,
} from './developers/webhooks.ts';
export type { AccentPalette } from './drops/accent-color.ts';
export {
  AA_TEXT_CONTRAST,
  accentPalette,
  contrastRatio,
  PAGE_DARK,
  PAGE_LIGHT,
} from './drops/accent-color.ts';
export type { Drop, DropContract, DropPage, DropState } from './drops/drop.ts';
export {
  DropContractSchema,
  DropPageSchema,
  DropSchema,
  DropStateSchema,
  getDrop,
  getDropState,
} from './drops/drop.ts';
export type {
  MintPageEditor,
  MintPageGallery,
  MintPageImageKind,
  MintPageLinks,
  MintPageSettings,
  MintPageSettingsInput,
} from './drops/mint-page.ts';
export {
  AccentColorSchema,
  getMintPage,
  linkProblem,
  MAX_GALLERY_IMAGES,
  MINT_PAGE_DESCRIPTION_MAX,
  MINT_PAGE_IMAGE_MAX_BYTES,
  MINT_PAGE_TITLE_MAX,
  MintPageEditorSchema,
  MintPageGallerySchema,
  MintPageImageKindSchema,
  MintPageLinksSchema,
  MintPageSettingsSchema,
  updateMintPage,
  uploadMintPageImage,
} from './drops/mint-page.ts';
export type { RecordWithdrawalBody, Withdrawal } from './drops/withdrawal.ts';
export { RecordWithdrawalBodySchema, recordWithdrawal, WithdrawalSchema } from './drops/withdrawal.ts';
export type { Success } from './envelope.ts';
export { successSchema } from './envelope.ts';
export type { ErrorBody, ErrorCode, FieldError } from './errors.ts';
export { ErrorBodySchema, ErrorCodeSchema, errorStatus, FieldErrorSchema } from './errors.ts';
export type { LiveEventType, ProjectSavedEvent } from './events/live-events.ts';
export { LiveReadySchema, liveEventTypes, streamLiveEvents } from './events/live-events.ts';
export type { DependencyCheck } from './health/dependency-check.ts';
export { DependencyCheckSchema } from './health/dependency-check.ts';
export type { GetHealthResponse } from './health/get-health.ts';
export { getHealth } from './health/get-health.ts';
export type { GetHealthLiveResponse } from './health/get-health-live.ts';
export { getHealthLive } from './health/get-health-live.ts';
export type { GetHealthReadyResponse } from './health/get-health-ready.ts';
export { getHealthReady } from './health/get-health-ready.ts';
export type { LaunchStage, LaunchStatus } from './launches/launch-status.ts';
export {
  getLaunchStatus,
  LaunchStageSchema,
  LaunchStatusSchema,
  listLaunchStatuses,
} from './launches/launch-status.ts';
export type {
  Marketplace,
  MarketplaceListing,
  MarketplaceListingInput,
  MetadataUpdate,
  MetadataUpdateKind,
  RecordMetadataUpdateBody,
} from './marketplace/marketplace.ts';
export {
  contractJsonUrl,
  getContractJson,
  getMarketplace,
  LISTING_DESCRIPTION_MAX,
  LISTING_MAX_FEE_BASIS_POINTS,
  LISTING_NAME_MAX,
  listingUrlProblem,
  MAX_COLLABORATORS,
  MarketplaceListingSchema,
  MarketplaceListingViewSchema,
  MarketplaceSchema,
  MetadataUpdateKindSchema,
  MetadataUpdateSchema,
  pinMarketplaceListing,
  RecordMetadataUpdateBodySchema,
  recordMetadataUpdate,
  updateMarketplaceListing,
} from './marketplace/marketplace.ts';
export type {
  Conversation,
  ConversationEvent,
  Counterpart,
  ListConversationsResponse,
  ListMessagesResponse,
  Message,
} from './messages/messages.ts';
export {
  blockCounterpart,
  ConversationEventSchema,
  ConversationSchema,
  CounterpartSchema,
  getConversation,
  getMessageImage,
  listConversations,
  listMessages,
  MESSAGE_IMAGE_MAX_BYTES,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_SIZE_MAX,
  MESSAGES_PER_MINUTE,
  MessageBodySchema,
  MessageSchema,
  markConversationRead,
  openSupportConversation,
  reportConversation,
  SUPPORT_NAME,
  sendImageMessage,
  sendMessage,
  startConversation,
  unblockCounterpart,
} from './messages/messages.ts';
export type { LegacyGenerateBody } from './nft/legacy-nft.ts';
export {
  LegacyGenerateBodySchema,
  LegacyImageSchema,
  LegacyLayerSchema,
  legacyGenerate,
  legacyGetCollection,
  legacyGetThumbnails,
} from './nft/legacy-nft.ts';
export type {
  BellKind,
  ListNotificationsResponse,
  Notification,
  NotificationEvent,
  NotificationsReadEvent,
} from './notifications/notifications.ts';
export {
  BellKindSchema,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATIONS_PAGE_SIZE_MAX,
  NotificationEventSchema,
  NotificationSchema,
  NotificationsReadEventSchema,
} from './notifications/notifications.ts';
export type { Plan, PlanId } from './plans.ts';
export {
  EVERY_PLAN_INCLUDES,
  MIN_UPLOAD_BYTES,
  PLAN_PAYMENT_TERMS,
  planById,
  planFeatures,
  plans,
} from './plans.ts';
export { animationFrames, animationLimitProblem } from './projects/animation-limits.ts';
export type { AnimationSettings } from './projects/animation-settings.ts';
export {
  ANIMATION_FORMATS,
  AnimationSettingsSchema,
  DEFAULT_ANIMATION_SETTINGS,
  GIF_DITHERS,
  MAX_ANIMATION_FPS,
} from './projects/animation-settings.ts';
export { configurationSizes } from './projects/configuration-sizes.ts';
export type {
  MetadataFormat,
  MetadataFormatSettings,
  SolanaCreator,
  SolanaSettings,
} from './projects/metadata-format.ts';
export {
  creatorsProblem,
  DEFAULT_METADATA_FORMAT_SETTINGS,
  MAX_SELLER_FEE_BASIS_POINTS,
  METADATA_FORMATS,
  METAPLEX_MAX_CREATORS,
  METAPLEX_SYMBOL_MAX,
  MetadataFormatSettingsSchema,
  SolanaAddressSchema,
  SolanaCreatorSchema,
  SolanaSettingsSchema,
  writesErc721,
  writesSolana,
} from './projects/metadata-format.ts';
export type {
  Blend,
  Configuration,
  CreateProjectBody,
  Feasibility,
  FeasibilityProblem,
  Layer,
  MoveProjectBody,
  OneOfOne,
  Project,
  ProjectRule,
  ProjectSummary,
  Trait,
  UpdateProjectBody,
} from './projects/project.ts';
export {
  addSampleLayers,
  BlendSchema,
  CollectionSizeSchema,
  CombinationCountSchema,
  ConfigurationSchema,
  ConfigurationUpdateSchema,
  CreateProjectBodySchema,
  checkProjectFeasibility,
  countCombinations,
  createProject,
  deleteProject,
  FeasibilityProblemSchema,
  FeasibilitySchema,
  getOneOfOneImage,
  getProject,
  getTraitImage,
  getTraitThumbnail,
  importLayersZip,
  LayerSchema,
  LayerUpdateSchema,
  listProjects,
  MoveProjectBodySchema,
  moveProject,
  OneOfOneAttributeSchema,
  OneOfOneSchema,
  OneOfOneUpdateSchema,
  PreviewBodySchema,
  PreviewGridBodySchema,
  ProjectRuleSchema,
  ProjectSchema,
  ProjectSummarySchema,
  previewProject,
  previewProjectGrid,
  RarityModeSchema,
  type TraitImage,
  TraitImageSchema,
  TraitSchema,
  UpdateProjectBodySchema,
  updateProject,
  uploadOneOfOne,
  uploadTraits,
} from './projects/project.ts';
export {
  COLLECTION_SIZE_RULE,
  DESCRIPTION_RULE,
  dimensionRule,
  nameRule,
  PROJECT_FIELD_RULES,
  type ProjectSettingsField,
  projectFieldProblem,
  RARITY_MODES,
  SEED_RULE,
  type TextFieldRule,
  textProblem,
  type WholeNumberRule,
  wholeNumberProblem,
} from './projects/project-fields.ts';
export {
  firstProblem,
  LayerNameSchema,
  nameSchema,
  PROJECT_LIMITS,
  TraitNameSchema,
  TraitWeightSchema,
} from './projects/project-limits.ts';
export {
  checkProjectQuality,
  type ProjectQuality,
  ProjectQualitySchema,
  type QualityFinding,
  type QualityFindingKind,
  QualityFindingKindSchema,
  QualityFindingSchema,
  type QualitySeverity,
  QualitySeveritySchema,
  type QualityTrait,
  QualityTraitSchema,
} from './projects/project-quality.ts';
export type {
  IpfsLocation,
  IpfsUpload,
  IpfsUploadStatus,
  PinningProvider,
  SavePinningProviderBody,
} from './publications/ipfs.ts';
export {
  deletePinningProvider,
  getIpfsUpload,
  getPinningProvider,
  IpfsLocationSchema,
  IpfsUploadSchema,
  IpfsUploadStatusSchema,
  locateIpfsContent,
  PINNING_ENDPOINT_MAX,
  PINNING_TOKEN_MAX,
  PinningProviderSchema,
  SavePinningProviderBodySchema,
  savePinningProvider,
  startIpfsUpload,
} from './publications/ipfs.ts';
export type { Placeholder, PlaceholderFields } from './publications/placeholder.ts';
export {
  DEFAULT_PLACEHOLDER_DESCRIPTION,
  defaultPlaceholderName,
  deletePlaceholder,
  getPlaceholder,
  PLACEHOLDER_DESCRIPTION_MAX,
  PLACEHOLDER_IMAGE_TYPES,
  PLACEHOLDER_MAX_BYTES,
  PLACEHOLDER_NAME_MAX,
  PlaceholderFieldsSchema,
  PlaceholderSchema,
  recordReveal,
  setPlaceholder,
} from './publications/placeholder.ts';
export type { Publication, PublicationMode, PublishBody } from './publications/publication.ts';
export {
  getPublication,
  PublicationModeSchema,
  PublicationSchema,
  PublishBodySchema,
  publishCollection,
} from './publications/publication.ts';
export type {
  GetReferralsResponse,
  InviteReferralBody,
  Referral,
  ReferralStatus,
} from './referrals/referrals.ts';
export {
  getReferrals,
  inviteReferral,
  REFERRAL_REWARD_RULE,
  REFERRAL_REWARD_USD,
  ReferralCodeSchema,
  ReferralSchema,
  ReferralStatusSchema,
  referralRewardUsd,
} from './referrals/referrals.ts';
export type {
  ApprovalState,
  CollectionApproval,
  ReviewSettings,
} from './review/approval.ts';
export {
  ApprovalStateSchema,
  approveCollection,
  CollectionApprovalSchema,
  getCollectionApproval,
  getReviewSettings,
  ReviewSettingsBodySchema,
  ReviewSettingsSchema,
  saveReviewSettings,
  withdrawCollectionApproval,
} from './review/approval.ts';
export type {
  AddCommentInput,
  CommentQuery,
  CommentTarget,
  CommentThread,
  ReviewComment,
} from './review/comments.ts';
export {
  AddCommentBodySchema,
  addCollectionComment,
  addProjectComment,
  COMMENT_MAX_LENGTH,
  COMMENT_MAX_MENTIONS,
  CommentQuerySchema,
  CommentTargetSchema,
  CommentThreadSchema,
  deleteCollectionComment,
  deleteProjectComment,
  listCollectionComments,
  listProjectComments,
  ReviewCommentSchema,
} from './review/comments.ts';
export type { PresenceInput, ProjectPresence, ProjectViewer } from './review/presence.ts';
export {
  announceProjectPresence,
  getProjectPresence,
  leaveProjectPresence,
  PRESENCE_HEARTBEAT_SECONDS,
  PRESENCE_TTL_SECONDS,
  PresenceBodySchema,
  ProjectPresenceSchema,
  ProjectViewerSchema,
} from './review/presence.ts';
export type { ListRolesResponse, Role } from './roles/list-roles.ts';
export { listRoles, RoleSchema } from './roles/list-roles.ts';
export type { SearchGroup, SearchHit, SearchKind, SearchQuery } from './search/search.ts';
export {
  SEARCH_QUERY_MAX,
  SearchGroupSchema,
  SearchHitSchema,
  SearchKindSchema,
  SearchQuerySchema,
  search,
} from './search/search.ts';
export {
  type AdminAction,
  type AdminActionKind,
  AdminActionKindSchema,
  AdminActionSchema,
  type ListAdminActionsResponse,
  listAdminActions,
  type SetUserActiveResponse,
  setUserActive,
} from './users/admin-actions.ts';
export type {
  ListUsersResponse,
  UpdateAccountStatusResponse,
  UpdateUserPlanResponse,
} from './users/admin-users.ts';
export { listUsers, updateAccountStatus, updateUserPlan } from './users/admin-users.ts';
export type { GetUserResponse } from './users/get-user.ts';
export { getUser } from './users/get-user.ts';
export type {
  ForgotPasswordResponse,
  UpdatePasswordResponse,
  VerifyOtpCodeResponse,
} from './users/password-reset.ts';
export {
  forgotPassword,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
  ResetRequestParamsSchema,
  updatePassword,
  verifyOtpCode,
} from './users/password-reset.ts';
export type { SignUpInput, SignUpResponse } from './users/sign-up.ts';
export { SignUpBodySchema, signUp } from './users/sign-up.ts';
export type { AccountStatus, EmailStatus, RoleName, User } from './users/user.ts';
export {
  AccountStatusSchema,
  EmailStatusSchema,
  PlanIdSchema,
  RoleNameSchema,
  UserIdParamsSchema,
  UserSchema,
} from './users/user.ts';
export type {
  ResendVerificationResponse,
  VerifyEmailOutcome,
  VerifyEmailResponse,
} from './users/verify-email.ts';
export { resendVerification, VerifyEmailOutcomeSchema, verifyEmail } from './users/verify-email.ts';
export type {
  ActivityAction,
  ActivityEntry,
  ActivityQuery,
  CreateWorkspaceInput,
  InvitationPreview,
  InviteMemberInput,
  Workspace,
  WorkspaceInvitation,
  WorkspaceMember,
  WorkspaceQuery,
  WorkspaceSummary,
} from './workspaces/workspace.ts';
export {
  ActivityActionSchema,
  ActivityEntrySchema,
  ActivityQuerySchema,
  acceptInvitation,
  activityActionLabels,
  CreateWorkspaceBodySchema,
  changeMemberRole,
  createWorkspace,
  deleteWorkspace,
  exportActivity,
  getInvitation,
  getWorkspace,
  InvitationPreviewSchema,
  InviteMemberBodySchema,
  inviteMember,
  listActivity,
  listWorkspaces,
  removeMember,
  renameWorkspace,
  revokeInvitation,
  WorkspaceIdSchema,
  WorkspaceInvitationSchema,
  WorkspaceMemberSchema,
  WorkspaceQuerySchema,
  WorkspaceRoleSchema,
  WorkspaceSchema,
  WorkspaceSummarySchema,
} from './workspaces/workspace.ts';
export {
  WORKSPACE_ROLES,
  type WorkspaceRole,
  workspaceRoleRank,
  workspaceRoles,
} from './workspaces/workspace-roles.ts';
