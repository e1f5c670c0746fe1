import type { Generated } from 'kysely';

/**
 * The database tables, shared by every feature module's repository.
 * Dialect-neutral conventions: ids are text (UUIDs), timestamps are ISO-8601 UTC text,
 * booleans are integers 0/1, JSON documents are text.
 */
export interface Database {
  projects: ProjectTable;
  collections: CollectionTable;
  publications: PublicationTable;
  collection_amendments: CollectionAmendmentTable;
  collection_metadata_edits: CollectionMetadataEditTable;
  collection_art_edits: CollectionArtEditTable;
  workspace_pinning_providers: WorkspacePinningProviderTable;
  ipfs_uploads: IpfsUploadTable;
  deployments: DeploymentTable;
  contract_verifications: ContractVerificationTable;
  deployment_payees: DeploymentPayeeTable;
  deployment_royalty_splitters: DeploymentRoyaltySplitterTable;
  deployment_royalty_payees: DeploymentPayeeTable;
  allowlists: AllowlistTable;
  mint_pages: MintPageTable;
  placeholders: PlaceholderTable;
  contact_messages: ContactMessageTable;
  jobs: JobTable;
  job_chunks: JobChunkTable;
  system_settings: SystemSettingTable;
  roles: RoleTable;
  users: UserTable;
  sessions: SessionTable;
  email_verifications: EmailVerificationTable;
  password_resets: PasswordResetTable;
  mail_outbox: MailOutboxTable;
  profiles: ProfileTable;
  email_changes: EmailChangeTable;
  billing_customers: BillingCustomerTable;
  billing_checkouts: BillingCheckoutTable;
  billing_events: BillingEventTable;
  billing_payments: BillingPaymentTable;
  referrals: ReferralTable;
  notification_preferences: NotificationPreferenceTable;
  admin_actions: AdminActionTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodeTable;
  login_challenges: LoginChallengeTable;
  search_documents: SearchDocumentTable;
  api_keys: ApiKeyTable;
  workspaces: WorkspaceTable;
  workspace_members: WorkspaceMemberTable;
  workspace_invitations: WorkspaceInvitationTable;
  workspace_activity: WorkspaceActivityTable;
  api_key_uses: ApiKeyUseTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  user_events: UserEventTable;
  notifications: NotificationTable;
  conversations: ConversationTable;
  conversation_members: ConversationMemberTable;
  messages: MessageTable;
  user_blocks: UserBlockTable;
  drop_notices: DropNoticeTable;
  webhook_mint_marks: WebhookMintMarkTable;
  collection_listings: CollectionListingTable;
  metadata_updates: MetadataUpdateTable;
  project_presence: ProjectPresenceTable;
  review_comments: ReviewCommentTable;
  collection_approvals: CollectionApprovalTable;
  workspace_review_settings: WorkspaceReviewSettingTable;
  withdrawals: WithdrawalTable;
}

/** A collection's marketplace listing as the creator saved it (what its `contractURI` serves). */
export interface CollectionListingTable {
  collection_id: string;
  /** JSON: the MarketplaceListing. */
  listing: string;
  updated_by: string;
  updated_at: string;
  /** The CID of the listing's contract.json on IPFS, once put there (migration 0141). */
  ipfs_cid?: string | null;
  /** The `updated_at` of the save that was put on IPFS. */
  ipfs_listing_at?: string | null;
}

/** A metadata transaction of a collection's contract, as read on chain when it was recorded. */
export interface MetadataUpdateTable {
  id: string;
  collection_id: string;
  deployment_id: string;
  /** contract-uri | base-uri | refresh | freeze */
  kind: string;
  transaction_hash: string;
  block_number: string;
  detail: string;
  created_by: string;
  created_at: string;
}

/** A withdrawal of a sale's funds read on chain and logged (migration 0210); a transaction is logged once. */
export interface WithdrawalTable {
  id: string;
  collection_id: string;
  deployment_id: string;
  transaction_hash: string;
  block_number: string;
  /** JSON array of the addresses paid. */
  recipients: string;
  amount_wei: string;
  created_at: string;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}

/** One installation-wide setting (`storage_marker`: the id the blob store's marker must hold). */
export interface SystemSettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface JobTable {
  id: string;
  kind: string;
  owner_id: string | null;
  /** JSON. */
  payload: string;
  status: string;
  progress_done: number;
  progress_total: number;
  error: string | null;
  /** JSON, when succeeded. */
  result: string | null;
  attempts: number;
  cancel_requested: number;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** A chunk of a split job: a job of its own (`job_id`) doing part of `parent_id`'s work. */
export interface JobChunkTable {
  job_id: string;
  parent_id: string;
  chunk_index: number;
}

export interface RoleTable {
  id: string;
  name: string;
}

export interface UserTable {
  id: string;
  /** Lower case. */
  email: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  /** A roles.id: 'user' or 'admin'. */
  role: string;
  /** argon2id. */
  password_hash: string;
  email_verified_at: string | null;
  /** 'pending' | 'approved' | 'rejected'. */
  account_status: string;
  account_reason: string | null;
  plan_id: Generated<string>;
  /** The personal referral code (`/?ref=CODE`), made on first use. */
  referral_code: Generated<string | null>;
  /** Set while the owner has deactivated the account; sign-in offers to reactivate. */
  deactivated_at: Generated<string | null>;
  /** Equals deactivated_at while the owner (not an admin) has deactivated the account. */
  owner_deactivated_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  id: string;
  /** sha256 hex of the cookie's token. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** 'Desktop · Linux', from the user agent at sign-in (null: unknown). */
  device: string | null;
  /** 'Chrome 131', from the user agent at sign-in (null: unknown). */
  browser: string | null;
  ip: string | null;
  /** Touched at most every few minutes (null: not since sign-in). */
  last_seen_at: string | null;
}

export interface EmailVerificationTable {
  id: string;
  user_id: string;
  /** sha256 hex of the link's token. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PasswordResetTable {
  id: string;
  /** Null when the email had no account. */
  user_id: string | null;
  /** sha256 hex of the request id and the code. */
  otp_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  verified_at: string | null;
  used_at: string | null;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  created_at: string;
}

export interface ProjectTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  collection_size: number;
  width: number;
  height: number;
  /** 'weighted' | 'exact'. */
  rarity_mode: string;
  seed: string;
  /** JSON: the ordered layers with their traits (see modules/projects/project-document.ts). */
  layers: string;
  /** JSON: the rules. */
  rules: string;
  /** JSON: the layer configurations (empty: one of every layer). */
  configurations: string;
  /** JSON: the 1-of-1s with their blob keys. */
  one_of_ones: string;
  /** JSON: animated output settings (format, fps, duration, poster frame, dither); `{}` for the defaults. */
  animation: string;
  /** JSON: metadata format (erc721, solana, both) and the Solana fields; `{}` = Ethereum only (migration 0160). */
  metadata: string;
  created_at: string;
  updated_at: string;
  /** Bumped by every write (conditional UPDATE … WHERE version = ?); answered as the ETag (migration 0170). */
  version: number;
  /** The user who saved last (a users.id); null before migration 0170. */
  updated_by: string | null;
  /** The workspace it belongs to (migration 0190); its members reach it by their role there. */
  workspace_id: string;
}

export interface CollectionTable {
  id: string;
  owner_id: string;
  /** The project it was generated from (kept when the project is discarded). */
  project_id: string | null;
  name: string;
  description: string;
  size: number;
  width: number;
  height: number;
  job_id: string;
  /** 0/1: drawn with the Free plan's watermark. */
  watermark: number;
  /** JSON: the project (layers, traits with blob keys, rules) at generation time. */
  snapshot: string;
  /** 'erc721' | 'solana' | 'both': the metadata it was generated with (migration 0160). */
  metadata_format: string;
  created_at: string;
  /** The workspace it belongs to: its project's when generated (migration 0190). */
  workspace_id: string;
}

/** A reroll or growth of a generated collection (see migration 0064). */
export interface CollectionAmendmentTable {
  id: string;
  collection_id: string;
  /** 'reroll' | 'grow'. */
  kind: string;
  /** JSON array of rerolled editions, or null. */
  editions: string | null;
  count: number | null;
  derivation: string;
  job_id: string;
  created_by: string;
  created_at: string;
}

/** A save of a collection's metadata edits (see migration 0065). */
export interface CollectionMetadataEditTable {
  id: string;
  collection_id: string;
  /** JSON: the engine's MetadataEdits after this save. */
  settings: string;
  /** JSON: what this save changed, in words. */
  changes: string;
  job_id: string;
  created_by: string;
  created_at: string;
}

export interface PublicationTable {
  collection_id: string;
  owner_id: string;
  /** 'hosted'. */
  mode: string;
  slug: string;
  provenance_hash: string;
  published_at: string;
  /** IPFS mode: the CIDs of the images folder and of the metadata folder pointing at it. */
  ipfs_images_cid?: string | null;
  ipfs_metadata_cid?: string | null;
  /** The art version the base URI points at (1: as published; see migration 0225). */
  art_version?: number;
}

/** An art version of a published collection: tokens whose image was replaced (see migration 0225). */
export interface CollectionArtEditTable {
  id: string;
  collection_id: string;
  version: number;
  /** JSON: the editions whose image this version replaced. */
  editions: string;
  job_id: string;
  images_cid: string | null;
  metadata_cid: string | null;
  created_by: string;
  created_at: string;
}

/**
 * A workspace's pinning provider (Kubo RPC API), one per workspace and used for all its collections: the token
 * sealed with the server's key, never sent back.
 */
export interface WorkspacePinningProviderTable {
  workspace_id: string;
  endpoint: string;
  /**
   * AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url), bound to the workspace (or, for a personal
   * workspace's provider saved before migration 0200, to its user).
   */
  token_sealed: string;
  token_last4: string;
  /** Who saved it; null when unknown. */
  updated_by: string | null;
  updated_at: string;
}

/** A collection's latest upload to IPFS: the job carrying it and the CIDs the engine computed. */
export interface IpfsUploadTable {
  collection_id: string;
  owner_id: string;
  job_id: string;
  /** Null until the upload's job has computed them. */
  images_cid: string | null;
  metadata_cid: string | null;
  started_at: string;
}

export interface PlaceholderTable {
  collection_id: string;
  owner_id: string;
  image_key: string;
  /** 'png' | 'jpeg' | 'webp' | 'gif'. */
  image_type: string;
  /** SHA-256 of the image (hex): names its immutable URL. */
  image_hash: string;
  name: string;
  description: string;
  updated_at: string;
  /** Set once the reveal is read on chain; until then the collection's own files are withheld. */
  revealed_at: string | null;
}

export interface DeploymentTable {
  id: string;
  collection_id: string;
  owner_id: string;
  chain_id: number;
  /** Checksummed. */
  address: string;
  deployer: string;
  transaction_hash: string;
  block_number: string | null;
  name: string;
  symbol: string;
  max_supply: number;
  /** 'verified' | 'unverified'. */
  status: string;
  status_reason: string | null;
  created_at: string;
}

/** One payee of a deployment's sale proceeds (see migration 0133). */
export interface DeploymentPayeeTable {
  deployment_id: string;
  /** Its place in the contract's list, from 0. */
  position: number;
  /** Checksummed. */
  address: string;
  /** Decimal text (up to 2^32 - 1). */
  shares: string;
}

/** The payment splitter a deployment's royalties go to (see migration 0180); its payees: DeploymentPayeeTable. */
export interface DeploymentRoyaltySplitterTable {
  deployment_id: string;
  /** Checksummed. */
  address: string;
}

export interface AllowlistTable {
  collection_id: string;
  owner_id: string;
  merkle_root: string;
  /** JSON: `{ address, quantity }[]`, checksummed addresses in CSV order. */
  entries: string;
  /** JSON: the OpenZeppelin StandardMerkleTree dump the proofs come from. */
  tree: string;
  updated_at: string;
}

export interface MintPageTable {
  collection_id: string;
  owner_id: string;
  /** JSON: the page's MintPageSettings (title, description, links, accent, banner, logo, gallery). */
  settings: string;
  updated_at: string;
}

/** The Edit Profile fields beside a user's name and email (one row per user, made on first save). */
export interface ProfileTable {
  user_id: string;
  address: string | null;
  city: string | null;
  state: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  zipcode: string | null;
  updated_at: string;
}

/** An email change waiting for the new address to be confirmed: the link's token as sha256, single use. */
export interface EmailChangeTable {
  id: string;
  user_id: string;
  /** Lower case. */
  new_email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** The payment provider's customer (Stripe `cus_…`) of a user. */
export interface BillingCustomerTable {
  user_id: string;
  provider_customer_id: string;
  created_at: string;
}

/** A plan purchase started; 'paid' once the provider's event for it is applied. */
export interface BillingCheckoutTable {
  id: string;
  /** Null once the account is deleted (migration 0050: the row is kept, anonymised). */
  user_id: string | null;
  plan_id: string;
  provider: 'stripe' | 'test';
  /** What is charged, in the currency's smallest unit: the plan's price less `credit_amount`. */
  amount: number;
  currency: string;
  /** 'expired': a newer checkout took its referral credit back; it cannot be paid (migration 0120). */
  status: 'open' | 'paid' | 'expired';
  created_at: string;
  paid_at: string | null;
  /** Referral credit taken off the price, in cents (migration 0120). */
  credit_amount: Generated<number>;
  /** The Stripe Checkout Session (`cs_…`) of a Stripe checkout, kept to expire it (migration 0120). */
  provider_session_id: string | null;
}

/** A provider event already applied (Stripe `evt_…`, or the test checkout's own), so a replay does nothing. */
export interface BillingEventTable {
  id: string;
  type: string;
  received_at: string;
}

/** A payment received for a plan. */
export interface BillingPaymentTable {
  id: string;
  /** Null once the account is deleted (migration 0050: kept for accounting, anonymised). */
  user_id: string | null;
  checkout_id: string;
  plan_id: string;
  provider: 'stripe' | 'test';
  amount: number;
  currency: string;
  receipt_url: string | null;
  paid_at: string;
  /** The provider's payment (Stripe PaymentIntent `pi_…`) a refund event names; null for test payments. */
  provider_payment_id: string | null;
  /** How much of `amount` was refunded (migration 0051). */
  refunded_amount: Generated<number>;
  refunded_at: string | null;
}

/** A person a user referred: an invited address and/or the user who signed up through the link. */
export interface ReferralTable {
  id: string;
  referrer_id: string;
  /** Lower case. */
  email: string;
  referred_user_id: string | null;
  invited_at: string | null;
  /** When the last invitation mail went out (one per address per week). */
  last_invited_at: string | null;
  signed_up_at: string | null;
  created_at: string;
}

/** Which optional mails a user receives (0/1; a missing row means all on). */
export interface NotificationPreferenceTable {
  user_id: string;
  generation: Generated<number>;
  drops: Generated<number>;
  referrals: Generated<number>;
  news: Generated<number>;
  /** Mention mails (migration 0195). */
  mentions: Generated<number>;
  updated_at: string;
}

/** What an admin did to a user's account, and when. */
export interface AdminActionTable {
  id: string;
  admin_id: string | null;
  target_user_id: string | null;
  /** 'plan' | 'deactivate' | 'reactivate' | … */
  action: string;
  /** JSON: what changed (e.g. {from, to}). */
  detail: string | null;
  created_at: string;
}

/** Two-factor sign-in of a user (migration 0044): sealed secrets, never the secret in clear. */
export interface UserTwoFactorTable {
  user_id: string;
  /** The confirmed TOTP secret, sealed (null until enabled). */
  secret_sealed: string | null;
  /** A secret between start and confirm, sealed. */
  pending_sealed: string | null;
  /** The last TOTP step accepted (replay refusal). */
  last_used_step: number | null;
  enabled_at: string | null;
  updated_at: string;
}

export interface TwoFactorRecoveryCodeTable {
  id: string;
  user_id: string;
  /** sha256 hex of the code (upper case, no dashes). */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/**
 * One searchable thing of the header search (migration 0074): projects, collections and users are
 * written by triggers on their tables, tokens by modules/search when their collection is finished.
 */
export interface SearchDocumentTable {
  id: Generated<number>;
  /** 'project' | 'collection' | 'token' | 'user'. */
  kind: string;
  /** The project's, collection's or user's id; a token's `collectionId#edition`. */
  ref_id: string;
  /** Null for users (only admins search them). */
  owner_id: string | null;
  /** The workspace of a project, a collection or a token (what the search filters on); null for users. */
  workspace_id: string | null;
  /** A collection's own id, or its tokens' collection. */
  collection_id: string | null;
  edition: number | null;
  /** The text the thing is found by (a token: its trait values). */
  body: string;
  /** JSON, tokens: their `{ type, value }[]` traits. */
  detail: string | null;
}

export interface LoginChallengeTable {
  /** sha256 hex of the challenge id the browser holds. */
  id_hash: string;
  user_id: string;
  attempts: Generated<number>;
  expires_at: string;
  created_at: string;
}

/** One event of a user's live stream; `seq` numbers the user's events and is the SSE event id. */
export interface UserEventTable {
  user_id: string;
  seq: number;
  type: string;
  /** JSON. */
  data: string;
  created_at: string;
}

/** One notification of the bell. */
export interface NotificationTable {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
}

/** A drop-activity notice (first mint, sold out) already sent for a deployment: each is sent once. */
export interface DropNoticeTable {
  deployment_id: string;
  kind: string;
  created_at: string;
}

/** How many tokens of a deployment the `mint.seen` webhook event last reported (see migration 0110). */
export interface WebhookMintMarkTable {
  deployment_id: string;
  minted: number;
  updated_at: string;
}

/** An API key (Settings › Developers); only the secret's SHA-256 is kept. */
export interface ApiKeyTable {
  id: string;
  /** Who made it: the key acts with their role in its workspace, and stops when they leave it. */
  user_id: string;
  /** The workspace it works in (migration 0190). */
  workspace_id: string;
  name: string;
  /** The secret's first characters, shown to recognise it. */
  prefix: string;
  /** sha256 hex of the whole secret. */
  secret_hash: string;
  /** Comma-separated scopes. */
  scopes: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

/** One request made with an API key. */
export interface ApiKeyUseTable {
  id: string;
  key_id: string;
  method: string;
  /** The route pattern, not the URL (ids and query strings are not kept). */
  route: string;
  status_code: number;
  ip: string | null;
  created_at: string;
}

/** A URL a user has events sent to (Settings › Developers). */
export interface WebhookEndpointTable {
  id: string;
  user_id: string;
  /** The workspace whose collections' events it receives (migration 0190). */
  workspace_id: string;
  url: string;
  /** Comma-separated event types. */
  events: string;
  /** The signing secret, sealed with the server's secret box (context: the endpoint id). */
  secret_sealed: string;
  /** The secret's first characters, shown to recognise it. */
  secret_prefix: string;
  /** 1 while events are sent; 0 when the user or the failure rule switched it off. */
  enabled: number;
  disabled_reason: string | null;
  /** Failed attempts in a row since the last success. */
  failure_streak: number;
  created_at: string;
  updated_at: string;
}

/** One event sent to an endpoint: its body (signed as sent), state and last attempt. */
export interface WebhookDeliveryTable {
  /** Also the payload's id and the `webhook-id` header. */
  id: string;
  endpoint_id: string;
  event_type: string;
  /** The exact JSON body sent (and signed) at every attempt. */
  body: string;
  /** 'pending' | 'retrying' | 'succeeded' | 'failed'. */
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  response_status: number | null;
  duration_ms: number | null;
  error: string | null;
  last_attempt_at: string | null;
  created_at: string;
}

/** A conversation of Messages: `direct` between two users, or `support` with Layerloom support. */
export interface ConversationTable {
  id: string;
  /** 'direct' | 'support'. */
  kind: string;
  /** Direct: both user ids sorted and joined by ':'; a user's own support conversation: 'support:<id>'; else null. */
  pair_key: string | null;
  /** The contact form's subject or a report's title. */
  subject: string | null;
  /** A contact-form visitor without an account (support replies are mailed to them). */
  visitor_name: string | null;
  visitor_email: string | null;
  /** Support's read mark (shared by every admin). */
  support_read_at: string | null;
  last_message_at: string;
  created_at: string;
}

/** A user taking part in a conversation, with their read mark. */
export interface ConversationMemberTable {
  conversation_id: string;
  user_id: string;
  last_read_at: string | null;
  joined_at: string;
}

/** One message; `from_support` 1 when written as Layerloom support. */
export interface MessageTable {
  id: string;
  conversation_id: string;
  sender_id: string | null;
  from_support: number;
  body: string;
  image_key: string | null;
  image_type: string | null;
  image_width: number | null;
  image_height: number | null;
  created_at: string;
}

/** A user who blocked another: nothing from the blocked user arrives. */
export interface UserBlockTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

/** Source verification of one of a deployment's contracts on its chain's explorer (migrations 0145, 0185). */
export interface ContractVerificationTable {
  deployment_id: string;
  /** Which of the deployment's contracts: collection | royalty_splitter. */
  contract: string;
  chain_id: number;
  /** Checksummed. */
  address: string;
  /** etherscan | blockscout | sourcify, as configured when it last ran; null when not configured. */
  explorer: string | null;
  /** waiting | queued | verified | failed | not_configured */
  status: string;
  /** The explorer's last word (or why it could not be asked), for the creator. */
  message: string | null;
  /** What to poll: Etherscan's guid or Sourcify's verification id; null before a submission is taken. */
  receipt: string | null;
  /** ABI-encoded, 0x-prefixed, read from the deploy transaction. */
  constructor_arguments: string | null;
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  verified_at: string | null;
}

/** A team workspace (issue 30). */
export interface WorkspaceTable {
  id: string;
  name: string;
  created_by: string;
  created_at: string;
  /** 1: the account's own workspace (`wsp_<user id>`, one member, never shared or deleted); 0: a team's (0190). */
  personal: Generated<number>;
}

export interface WorkspaceMemberTable {
  workspace_id: string;
  user_id: string;
  /** owner, admin, editor or viewer. */
  role: string;
  joined_at: string;
}

export interface WorkspaceInvitationTable {
  id: string;
  workspace_id: string;
  /** Lower case. */
  email: string;
  role: string;
  /** sha256 hex of the link's token. */
  token_hash: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  revoked_at: string | null;
}

/** One entry of a workspace's activity log; actor and subject are ids without a foreign key (they outlive accounts). */
export interface WorkspaceActivityTable {
  id: string;
  workspace_id: string;
  actor_id: string;
  action: string;
  subject_user_id: string | null;
  subject_email: string | null;
  /** JSON: what the entry needs to be told in words (a role, a name). */
  detail: string;
  created_at: string;
}

/** An open editor tab of a project (migration 0195): alive until `expires_at`, moved on by each heartbeat. */
export interface ProjectPresenceTable {
  project_id: string;
  user_id: string;
  /** The tab's own random id, so two tabs of one member come and go separately. */
  tab_id: string;
  since: string;
  expires_at: string;
}

/** A comment on a token or trait of a collection, or a trait of a project (migration 0195). */
export interface ReviewCommentTable {
  id: string;
  /** 'collection' | 'project'. */
  resource_kind: string;
  resource_id: string;
  /** The token it is about, or null for a trait. */
  token: number | null;
  layer: string | null;
  trait: string | null;
  /** A users.id, kept after the account is gone. */
  author_id: string;
  body: string;
  /** JSON array of the mentioned users' ids. */
  mentions: string;
  created_at: string;
}

/** An Owner's or Admin's approval of a collection (migration 0195). */
export interface CollectionApprovalTable {
  collection_id: string;
  approved_by: string;
  approved_at: string;
  /** The collection's metadata and art when approved; a different state now means the approval lapsed. */
  state: string;
}

/** A workspace's review settings (migration 0195). */
export interface WorkspaceReviewSettingTable {
  workspace_id: string;
  /** 0/1: publishing and deploying need an approval. */
  require_approval: number;
  updated_by: string;
  updated_at: string;
}
