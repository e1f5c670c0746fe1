export type {
  Collection,
  CreateWebhookInput,
  Deployment,
  ErrorCode,
  Feasibility,
  FieldError,
  GenerationProgress,
  Project,
  ProjectSummary,
  Publication,
  Token,
  Trait,
  UpdateWebhookInput,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
  WebhookPayload,
} from '@layerloom/api';
export { Layerloom, type LayerloomOptions } from './client.ts';
export {
  ApiError,
  type ApiErrorDetails,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  GenerationFailedError,
  LayerloomError,
  NotFoundError,
  PermissionDeniedError,
  PreconditionFailedError,
  RateLimitError,
  ServerError,
} from './errors.ts';
export type { FileSource } from './file-source.ts';
export type {
  Collections,
  DownloadedFile,
  DownloadKind,
  DownloadOptions,
  DownloadProgress,
  DownloadStream,
  DownloadToFileOptions,
  ListTokensQuery,
  TokenPage,
} from './resources/collections.ts';
export type { Deployments } from './resources/deployments.ts';
export type { LayersSource, PreviewOptions, Projects } from './resources/projects.ts';
export type { Publications } from './resources/publications.ts';
export {
  type CreatedWebhook,
  type VerifyWebhookOptions,
  type WebhookRequest,
  type Webhooks,
  WebhookVerificationError,
} from './resources/webhooks.ts';
