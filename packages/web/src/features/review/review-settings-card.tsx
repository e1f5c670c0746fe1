import { Alert, Switch } from 'antd';
import { useId } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { useReviewSettings, useSaveReviewSettings } from './review-queries.ts';
import './review.css';

/**
 * The team's review setting: whether publishing or deploying a collection needs an Owner's or Admin's
 * approval first. Owners and Admins switch it; the others see it, disabled, with who may change it.
 */
export function ReviewSettingsCard({ workspaceId }: { workspaceId: string }) {
  const settings = useReviewSettings(workspaceId);
  const save = useSaveReviewSettings(workspaceId);
  const titleId = useId();
  const noteId = useId();
  const switchId = useId();
  return (
    <section className="llt-card ll-review-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="llt-card-title">
        Review before launch
      </h2>
      {settings.isError ? (
        <Alert
          type="error"
          showIcon
          title="The review setting could not be loaded"
          description={errorMessage(settings.error)}
        />
      ) : (
        <div className="ll-review-switch">
          <Switch
            id={switchId}
            checked={settings.data?.requireApproval ?? false}
            disabled={!settings.data?.canChange}
            loading={!settings.data || save.isPending}
            onChange={(checked) => save.mutate(checked)}
            aria-describedby={noteId}
          />
          <label htmlFor={switchId}>Require approval before publishing or deploying</label>
        </div>
      )}
      <p id={noteId} className="llt-note">
        When on, a collection is published or deployed only after an Owner or Admin approves it; any change of
        its metadata or art after that needs a new approval.
        {settings.data && !settings.data.canChange ? ' Only Owners and Admins can change this.' : ''}
      </p>
      {save.isError && (
        <p className="ll-comments-error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
    </section>
  );
}
