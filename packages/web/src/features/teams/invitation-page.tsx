import { CloseOutlined, TeamOutlined } from '@ant-design/icons';
import { workspaceRoles } from '@layerloom/api';
import { Alert, Button, Spin } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { useSession } from '../auth/session.ts';
import { useAcceptInvitation, useInvitation } from './teams-queries.ts';
import './teams.css';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric' });

/**
 * `/invitations/{token}`: the link mailed to a new member. Says who invites them to which team and as what;
 * signed in, they accept it; signed out, they log in (and come back here) or sign up with the invited address.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const session = useSession();
  const accept = useAcceptInvitation(token);
  const here = `/invitations/${token}`;

  if (invitation.isPending || session.isPending) {
    return (
      <AuthLayout title="Team invitation">
        <div className="llt-center">
          <Spin size="large" aria-label="Loading the invitation" />
        </div>
      </AuthLayout>
    );
  }
  if (invitation.isError) {
    return (
      <AuthLayout title="Link not valid" icon={<ErrorIcon />}>
        <p className="ll-result-text">
          This invitation link is not known: it may be mistyped. Ask the person who invited you for a new one.
        </p>
        <LinkButton to="/" type="primary" size="large" block>
          Go to Layerloom
        </LinkButton>
      </AuthLayout>
    );
  }
  const found = invitation.data;
  const role = workspaceRoles[found.role];
  if (found.status !== 'pending') {
    const why = {
      accepted: 'This invitation has been accepted already.',
      revoked: 'This invitation was withdrawn.',
      expired: `This invitation expired on ${day(found.expiresAt)}.`,
    }[found.status];
    return (
      <AuthLayout title={`Join ${found.workspaceName}`} icon={<ErrorIcon />}>
        <p className="ll-result-text">
          {why} Ask {found.invitedBy} for a new one if you still need it.
        </p>
        <LinkButton to={session.data ? '/dashboard/teams' : '/auth/login'} type="primary" size="large" block>
          {session.data ? 'Go to my teams' : 'Log in'}
        </LinkButton>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={`Join ${found.workspaceName}`}
      icon={
        <div className="ll-result-icon">
          <TeamOutlined aria-hidden="true" />
        </div>
      }
    >
      <p className="ll-result-text">
        {found.invitedBy} invited <strong>{found.email}</strong> to the team workspace{' '}
        <strong>{found.workspaceName}</strong> as <strong>{role.label}</strong>: {role.description}
      </p>
      {session.data ? (
        <>
          {accept.isError && (
            <Alert
              className="llt-alert"
              type="error"
              showIcon
              role="alert"
              title={errorMessage(accept.error)}
            />
          )}
          <Button
            type="primary"
            size="large"
            block
            loading={accept.isPending}
            onClick={() =>
              accept.mutate(undefined, {
                onSuccess: (workspace) =>
                  void navigate(`/dashboard/teams/${workspace.id}`, { replace: true }),
              })
            }
          >
            Accept and join
          </Button>
          <p className="llt-fine">
            Signed in as {session.data.email}. The invitation works until {day(found.expiresAt)}.
          </p>
        </>
      ) : (
        <>
          <LinkButton to={`/auth/login?next=${encodeURIComponent(here)}`} type="primary" size="large" block>
            Log in to accept
          </LinkButton>
          <p className="llt-fine">
            New to Layerloom? <Link to="/auth/signup">Sign up</Link> with {found.email}; once your account is
            approved, open this link again. It works until {day(found.expiresAt)}.
          </p>
        </>
      )}
    </AuthLayout>
  );
}

function ErrorIcon() {
  return (
    <div className="ll-result-icon ll-result-icon--error">
      <CloseOutlined aria-hidden="true" />
    </div>
  );
}
