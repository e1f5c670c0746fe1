import {
  getNotificationPreferences,
  type NotificationPreferences,
  notificationKinds,
  updateNotificationPreferences,
} from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Skeleton, Switch } from 'antd';
import { call } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import './notification.css';

const key = ['account', 'notifications'] as const;

/**
 * Settings › Notification: one switch per kind of optional mail Layerloom sends (saved at once); the
 * account-safety mails are listed as always sent.
 */
export function NotificationTab() {
  const client = useQueryClient();
  const preferences = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await call(getNotificationPreferences, { signal })).data.preferences,
  });
  const save = useMutation({
    mutationFn: async (next: NotificationPreferences) =>
      (await call(updateNotificationPreferences, { body: next })).data.preferences,
    onSuccess: (saved) => client.setQueryData(key, saved),
  });

  if (preferences.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (preferences.isError)
    return <Alert type="error" showIcon role="alert" title={errorMessage(preferences.error)} />;
  const current = preferences.data;

  return (
    <div className="llnot">
      <section className="llnot-section" aria-labelledby="llnot-optional">
        <h2 id="llnot-optional" className="llnot-title">
          Email notifications
        </h2>
        <p className="llnot-lead">Choose which mails Layerloom sends you. Changes are saved at once.</p>
        <ul className="llnot-list">
          {notificationKinds.map((kind) => (
            <li key={kind.key} className="llnot-item">
              <div>
                <p className="llnot-label" id={`llnot-${kind.key}`}>
                  {kind.label}
                </p>
                <p className="llnot-description">{kind.description}</p>
              </div>
              <Switch
                aria-labelledby={`llnot-${kind.key}`}
                checked={current[kind.key]}
                loading={save.isPending}
                onChange={(checked) => save.mutate({ ...current, [kind.key]: checked })}
              />
            </li>
          ))}
        </ul>
        <div role="status">
          {save.isSuccess && <p className="llnot-saved">Saved.</p>}
          {save.isError && <Alert type="error" showIcon title={errorMessage(save.error)} />}
        </div>
      </section>
      <section className="llnot-section" aria-labelledby="llnot-safety">
        <h2 id="llnot-safety" className="llnot-title">
          Account-safety mails
        </h2>
        <p className="llnot-lead">
          These are always sent and cannot be turned off, because they protect your account: confirming your
          email address, password reset codes, a changed password or email address, two-factor sign-in turned
          on or off and new recovery codes, your account approved or declined, deactivated, reactivated or
          deleted, and a change of your plan.
        </p>
      </section>
    </div>
  );
}
