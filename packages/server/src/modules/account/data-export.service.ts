import type { Writable } from 'node:stream';
import { SUPPORT_NAME } from '@layerloom/api';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import type { App } from '../../types.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { listSessions } from '../auth/security.service.ts';
import { isTwoFactorEnabled } from '../auth/two-factor.service.ts';
import { getBilling } from '../billing/billing.service.ts';
import { collectionPrefix } from '../collections/collection-view.ts';
import { listCollections } from '../collections/collections.service.ts';
import { allNotifications, toNotification } from '../notifications/bell.repository.ts';
import { readPreferences } from '../notifications/notification-preferences.ts';
import { listProjects } from '../projects/projects.service.ts';
import { getReferrals } from '../referrals/referrals.service.ts';
import { getProfile } from './account.service.ts';
import { conversationsOfMember, messagesOfMember } from './account-messages.repository.ts';
import { avatarKey } from './avatar-image.ts';
import { createStoredZip } from './stored-zip.ts';

/** The export's file name, with the day it was made. */
export function dataExportFileName(now = new Date()): string {
  return `layerloom-data-${now.toISOString().slice(0, 10)}.zip`;
}

/** Files a user uploaded to one of their collections (the rest of a collection is generated). */
const UPLOADED_COLLECTION_FOLDERS = ['placeholder', 'mint-page'] as const;

/**
 * Streams "download my data" as a ZIP to `output`: `account.json` (profile, settings, sessions, projects,
 * collections, billing history, referrals, notifications, with the user's own links only) and the files
 * the user uploaded, `messages.json` (their conversations, each with its messages as they read them: the
 * other side by name only) and the files: `files/messages/<conversation>/…` (the images they sent), `files/avatar/…`, `files/projects/<id>/…` (layer images), `files/collections/<id>/…`
 * (placeholder and mint-page images). Never a password hash, a two-factor secret, a token or another user's data; the
 * generated collections themselves are downloaded from each collection's page. One file is read at a time.
 */
export async function writeDataExport(app: App, user: AuthUser, output: Writable): Promise<void> {
  const db = app.database.db;
  const zip = createStoredZip(output);
  const base = app.config.publicUrl;
  const [
    { profile, summary },
    sessions,
    projects,
    collections,
    billing,
    referrals,
    notifications,
    twoFactor,
    bell,
    conversationRows,
    messageRows,
  ] = await Promise.all([
    getProfile(app, user.id),
    listSessions(app, user),
    listProjects({ db, blobs: app.blobs }, user.id),
    listCollections(app, user.id),
    getBilling(app, user),
    getReferrals(app, user.id),
    readPreferences(db, user.id),
    isTwoFactorEnabled(db, user.id),
    allNotifications(db, user.id),
    conversationsOfMember(db, user.id),
    messagesOfMember(db, user.id),
  ]);

  const files: { path: string; key: string }[] = [];
  const fileOf = (key: string, path: string) => {
    files.push({ key, path });
    return path;
  };
  const avatarName = profile.user.avatar?.split('/').pop();
  const account = {
    exportedAt: new Date().toISOString(),
    profile: {
      ...profile,
      user: {
        ...profile.user,
        avatar: avatarName ? fileOf(avatarKey(user.id, avatarName), `files/avatar/${avatarName}`) : null,
      },
    },
    summary,
    settings: { notifications, twoFactorEnabled: twoFactor },
    sessions,
    projects: projects.map((project) => ({
      ...project,
      link: `${base}/dashboard/nft?project=${project.id}`,
      layers: project.layers.map(({ traits, ...layer }) => ({
        ...layer,
        traits: traits.map(({ key, ...trait }) => ({
          ...trait,
          file: fileOf(key, `files/projects/${project.id}/${key.split('/').pop()}`),
        })),
      })),
    })),
    // Picked field by field: the stored snapshot holds blob keys, which are not the user's business.
    collections: collections.map((collection) => ({
      id: collection.id,
      projectId: collection.project_id,
      name: collection.name,
      description: collection.description,
      size: collection.size,
      width: collection.width,
      height: collection.height,
      watermark: Number(collection.watermark) === 1,
      createdAt: collection.created_at,
      link: `${base}/dashboard/collections/${collection.id}`,
    })),
    billing: { planId: billing.planId, provider: billing.provider, payments: billing.payments },
    referrals: {
      link: referrals.link,
      code: referrals.code,
      totalRewardUsd: referrals.totalRewardUsd,
      referrals: referrals.referrals,
    },
    // The bell's notifications, with links made absolute like the others.
    notifications: bell.map(toNotification).map(({ id: _id, ...notice }) => ({
      ...notice,
      link: notice.link ? `${base}${notice.link}` : null,
    })),
  };
  // Conversations as the user reads them. The other side is named, never given by email or user ID; the
  // images the other side sent are theirs, so only the user's own images are included.
  const nameOf = (first: string | null, last: string | null) =>
    `${first ?? ''} ${last ?? ''}`.trim() || 'A Layerloom user';
  const messages = {
    conversations: conversationRows.map((conversation) => {
      const withName =
        conversation.kind === 'support'
          ? SUPPORT_NAME
          : conversation.other_id
            ? nameOf(conversation.other_first_name, conversation.other_last_name)
            : 'Deleted account';
      return {
        id: conversation.id,
        kind: conversation.kind,
        with: withName,
        subject: conversation.subject,
        createdAt: conversation.created_at,
        link: `${base}/dashboard/messages/${conversation.id}`,
        messages: messageRows
          .filter((message) => message.conversation_id === conversation.id)
          .map((message) => {
            const mine = Number(message.from_support) !== 1 && message.sender_id === user.id;
            const from = mine ? 'me' : Number(message.from_support) === 1 ? SUPPORT_NAME : withName;
            const image = message.image_key
              ? mine
                ? {
                    file: fileOf(
                      message.image_key,
                      `files/messages/${conversation.id}/${message.image_key.split('/').pop()}`,
                    ),
                  }
                : { file: null, note: `Sent by ${from}: not included` }
              : null;
            return { id: message.id, from, mine, body: message.body, image, sentAt: message.created_at };
          }),
      };
    }),
  };
  for (const collection of collections) {
    for (const folder of UPLOADED_COLLECTION_FOLDERS) {
      const prefix = `${collectionPrefix(collection.id)}/${folder}`;
      for await (const key of app.blobs.list(prefix)) {
        fileOf(key, `files/collections/${collection.id}/${folder}/${key.slice(prefix.length + 1)}`);
      }
    }
  }

  await zip.add('account.json', Buffer.from(`${JSON.stringify(account, null, 2)}\n`));
  await zip.add('messages.json', Buffer.from(`${JSON.stringify(messages, null, 2)}\n`));
  for (const file of files) {
    try {
      await zip.add(file.path, await app.blobs.getBuffer(file.key));
    } catch (error) {
      // A file removed while the export ran (a replaced avatar, a deleted layer) is left out.
      if (!(error instanceof BlobNotFoundError)) throw error;
    }
  }
  await zip.finish();
}
