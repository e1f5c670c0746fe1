import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, type User } from '@layerloom/api';
import { Alert, Button } from 'antd';
import { useRef, useState } from 'react';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { UserAvatar } from '../dashboard/user-badge.tsx';
import { useRemoveAvatar, useUploadAvatar } from './account-queries.ts';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const MAX_MB = AVATAR_MAX_BYTES / 1024 / 1024;

/** The avatar of Edit Profile: the current picture, Upload (checked again by the server) and Remove. */
export function AvatarField({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const feedback = useFeedback();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    // Saves a useless upload; the server checks the content whatever the browser says.
    if (file.size > AVATAR_MAX_BYTES) {
      setFailure(`The picture is too big: at most ${MAX_MB} MB`);
      return;
    }
    try {
      await upload.mutateAsync(file);
      feedback.success('Profile picture updated');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const onRemove = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync();
      feedback.success('Profile picture removed');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <section className="lls-avatar" aria-labelledby="lls-avatar-title">
      <UserAvatar user={user} size={88} />
      <div className="lls-avatar__body">
        <h3 id="lls-avatar-title" className="lls-avatar__title">
          Profile picture
        </h3>
        <p className="lls-hint" id="lls-avatar-hint">
          PNG, JPEG, GIF or WebP, up to {MAX_MB} MB. It is cropped to a square.
        </p>
        <div className="lls-avatar__actions">
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="ll-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="avatar-input"
            onChange={(event) => {
              void onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            icon={<UploadOutlined />}
            loading={upload.isPending}
            disabled={busy}
            aria-describedby="lls-avatar-hint"
            onClick={() => input.current?.click()}
          >
            Upload picture
          </Button>
          {user.avatar && (
            <Button
              icon={<DeleteOutlined />}
              disabled={busy}
              loading={remove.isPending}
              onClick={() => void onRemove()}
            >
              Remove
            </Button>
          )}
        </div>
        {failure && (
          <Alert className="lls-avatar__error" type="error" showIcon title={failure} role="alert" />
        )}
      </div>
    </section>
  );
}
