import { EditOutlined } from '@ant-design/icons';
import { planById } from '@layerloom/api';
import { Alert, Skeleton } from 'antd';
import { LinkButton } from '../../components/link-button.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { UserAvatar } from '../dashboard/user-badge.tsx';
import { useProfile } from '../settings/account-queries.ts';
import { CopyableId } from './copyable-id.tsx';
import { ProfileReferrals } from './profile-referrals.tsx';
import './profile.css';

const count = new Intl.NumberFormat('en-US');
const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * `/dashboard/profile`: who the user is (name, picture, email, a short copyable ID), their plan and its limits,
 * what they have made, and since when they are a member.
 */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const query = useProfile();
  return (
    <div className="llp-page">
      <header className="llp-head">
        <h1 className="llp-title">Profile</h1>
        <LinkButton to="/dashboard/settings" icon={<EditOutlined />}>
          Edit profile
        </LinkButton>
      </header>
      {query.isPending ? (
        <div className="llp-card">
          <Skeleton avatar active paragraph={{ rows: 5 }} />
        </div>
      ) : query.isError ? (
        <Alert type="error" showIcon title={errorMessage(query.error)} role="alert" />
      ) : (
        <ProfileCard {...query.data} />
      )}
      <ProfileReferrals />
    </div>
  );
}

function ProfileCard({ profile, summary }: NonNullable<ReturnType<typeof useProfile>['data']>) {
  const { user } = profile;
  const plan = planById(summary.planId);
  return (
    <section className="llp-card" aria-labelledby="llp-name">
      <div className="llp-identity">
        <UserAvatar user={user} size={96} />
        <div className="llp-identity__text">
          <h2 id="llp-name" className="llp-name">
            {user.name.first} {user.name.last}
          </h2>
          <p className="llp-email">{user.email}</p>
          {profile.pendingEmail && (
            <p className="llp-pending">Waiting for {profile.pendingEmail} to be confirmed</p>
          )}
        </div>
      </div>
      <dl className="llp-facts">
        <div className="llp-fact llp-fact--wide">
          <dt>User ID</dt>
          <dd>
            <CopyableId id={user._id} what="user ID" />
          </dd>
        </div>
        <div className="llp-fact">
          <dt>Plan</dt>
          <dd>
            <strong>{plan.name}</strong>
            <ul className="llp-limits" aria-label={`${plan.name} plan limits`}>
              <li>Collections of up to {count.format(plan.maxAssets)} tokens</li>
              <li>Layer images up to {plan.maxUploadMb} MB</li>
              <li>{plan.watermark ? 'Images carry a watermark' : 'No watermark'}</li>
            </ul>
          </dd>
        </div>
        <div className="llp-fact">
          <dt>Total collections</dt>
          <dd className="llp-number">{count.format(summary.collections)}</dd>
        </div>
        <div className="llp-fact">
          <dt>Tokens generated</dt>
          <dd className="llp-number">{count.format(summary.tokens)}</dd>
        </div>
        <div className="llp-fact">
          <dt>Member since</dt>
          <dd>
            <time dateTime={user.createdAt}>{day.format(new Date(user.createdAt))}</time>
          </dd>
        </div>
      </dl>
    </section>
  );
}
