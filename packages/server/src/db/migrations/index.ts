import type { Migration } from 'kysely';
import * as contactMessages from './0001_contact_messages.ts';
import * as users from './0002_users.ts';
import * as sessions from './0003_sessions.ts';
import * as emailVerifications from './0004_email_verifications.ts';
import * as passwordResets from './0005_password_resets.ts';
import * as mailOutbox from './0006_mail_outbox.ts';
import * as jobs from './0010_jobs.ts';
import * as systemSettings from './0011_system_settings.ts';
import * as projects from './0020_projects.ts';
import * as collections from './0021_collections.ts';
import * as projectLimits from './0022_project_limits.ts';
import * as publications from './0023_publications.ts';
import * as deployments from './0024_deployments.ts';
import * as allowlists from './0025_allowlists.ts';
import * as ipfsPublishing from './0026_ipfs_publishing.ts';
import * as prereveal from './0027_prereveal.ts';
import * as mintPages from './0028_mint_pages.ts';
import * as jobChunks from './0030_job_chunks.ts';
import * as profiles from './0040_profiles.ts';
import * as security from './0041_security.ts';
import * as billing from './0042_billing.ts';
import * as referralsAccount from './0043_referrals_account.ts';
import * as twoFactor from './0044_two_factor.ts';
import * as ownerDeactivation from './0045_owner_deactivation.ts';
import * as ipfsUploadCidsLater from './0046_ipfs_upload_cids_later.ts';
import * as billingKeepOnDelete from './0050_billing_keep_on_delete.ts';
import * as billingRefunds from './0051_billing_refunds.ts';
import * as projectConfigurations from './0062_project_configurations.ts';
import * as projectOneOfOnes from './0063_project_one_of_ones.ts';
import * as collectionAmendments from './0064_collection_amendments.ts';
import * as collectionMetadataEdits from './0065_collection_metadata_edits.ts';
import * as userEvents from './0070_user_events.ts';
import * as notifications from './0071_notifications.ts';
import * as search from './0074_search.ts';
import * as apiKeys from './0080_api_keys.ts';
import * as webhooks from './0081_webhooks.ts';
import * as messages from './0090_messages.ts';
import * as dropNotices from './0095_drop_notices.ts';
import * as projectAnimation from './0100_project_animation.ts';
import * as webhookMintMarks from './0110_webhook_mint_marks.ts';
import * as billingReferralCredit from './0120_billing_referral_credit.ts';
import * as deploymentPayees from './0133_deployment_payees.ts';
import * as marketplaceMetadata from './0140_marketplace_metadata.ts';
import * as listingOnIpfs from './0141_listing_on_ipfs.ts';
import * as contractVerifications from './0145_contract_verifications.ts';
import * as workspaces from './0150_workspaces.ts';
import * as metadataFormat from './0160_metadata_format.ts';
import * as projectVersions from './0170_project_versions.ts';
import * as royaltySplitters from './0180_royalty_splitters.ts';
import * as splitterVerifications from './0185_splitter_verifications.ts';
import * as workspaceResources from './0190_workspace_resources.ts';
import * as workspaceReview from './0195_workspace_review.ts';
import * as workspacePinningAndSearch from './0200_workspace_pinning_and_search.ts';
import * as withdrawals from './0210_withdrawals.ts';
import * as collectionArtEdits from './0225_collection_art_edits.ts';

/**
 * Every migration, in order. Names sort lexically; add new ones at the end with the next number.
 * Migrations are dialect-neutral (SQLite and PostgreSQL) and listed in code so the built server needs no folder scan.
 */
export const migrations: Record<string, Migration> = {
  '0001_contact_messages': contactMessages,
  '0002_users': users,
  '0003_sessions': sessions,
  '0004_email_verifications': emailVerifications,
  '0005_password_resets': passwordResets,
  '0006_mail_outbox': mailOutbox,
  '0010_jobs': jobs,
  '0011_system_settings': systemSettings,
  '0020_projects': projects,
  '0021_collections': collections,
  '0022_project_limits': projectLimits,
  '0023_publications': publications,
  '0024_deployments': deployments,
  '0025_allowlists': allowlists,
  '0026_ipfs_publishing': ipfsPublishing,
  '0027_prereveal': prereveal,
  '0028_mint_pages': mintPages,
  '0030_job_chunks': jobChunks,
  '0040_profiles': profiles,
  '0041_security': security,
  '0042_billing': billing,
  '0043_referrals_account': referralsAccount,
  '0044_two_factor': twoFactor,
  '0045_owner_deactivation': ownerDeactivation,
  '0046_ipfs_upload_cids_later': ipfsUploadCidsLater,
  '0050_billing_keep_on_delete': billingKeepOnDelete,
  '0051_billing_refunds': billingRefunds,
  '0062_project_configurations': projectConfigurations,
  '0063_project_one_of_ones': projectOneOfOnes,
  '0064_collection_amendments': collectionAmendments,
  '0065_collection_metadata_edits': collectionMetadataEdits,
  '0070_user_events': userEvents,
  '0071_notifications': notifications,
  '0074_search': search,
  '0080_api_keys': apiKeys,
  '0081_webhooks': webhooks,
  '0090_messages': messages,
  '0095_drop_notices': dropNotices,
  '0100_project_animation': projectAnimation,
  '0110_webhook_mint_marks': webhookMintMarks,
  '0120_billing_referral_credit': billingReferralCredit,
  '0133_deployment_payees': deploymentPayees,
  '0140_marketplace_metadata': marketplaceMetadata,
  '0141_listing_on_ipfs': listingOnIpfs,
  '0145_contract_verifications': contractVerifications,
  '0150_workspaces': workspaces,
  '0160_metadata_format': metadataFormat,
  '0170_project_versions': projectVersions,
  '0180_royalty_splitters': royaltySplitters,
  '0185_splitter_verifications': splitterVerifications,
  '0195_workspace_review': workspaceReview,
  '0190_workspace_resources': workspaceResources,
  '0200_workspace_pinning_and_search': workspacePinningAndSearch,
  '0210_withdrawals': withdrawals,
  '0225_collection_art_edits': collectionArtEdits,
};
