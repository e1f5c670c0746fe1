import {
  type ActivityAction,
  type ActivityQuery,
  activityActionLabels,
  type Workspace,
  type WorkspaceInvitation,
  type WorkspaceMember,
  type WorkspaceRole,
  workspaceRoleRank,
  workspaceRoles,
} from '@layerloom/api';
import { Alert, Button, Form, Input, Popconfirm, Select, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { STACKED_TABLE, stackedColumns } from '../../components/stacked-table.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { showFieldErrors } from '../auth/forms/field-errors.ts';
import { useSession } from '../auth/session.ts';
import { ReviewSettingsCard } from '../review/review-settings-card.tsx';
import { activityCsvUrl, useActivity, useTeam, useTeamActions } from './teams-queries.ts';
import './teams.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

/** The roles `me` may give: owners any, admins any but Owner. */
function grantable(me: WorkspaceRole): WorkspaceRole[] {
  const all: WorkspaceRole[] = ['owner', 'admin', 'editor', 'viewer'];
  return me === 'owner' ? all : all.filter((role) => role !== 'owner');
}
const roleOptions = (roles: WorkspaceRole[]) =>
  roles.map((role) => ({ value: role, label: workspaceRoles[role].label }));
const manages = (me: WorkspaceRole) => workspaceRoleRank[me] >= workspaceRoleRank.admin;

/** `/dashboard/teams/{id}`: a team's members and roles, invitations, activity log, and leaving or deleting it. */
export function TeamPage() {
  const { id = '' } = useParams();
  const team = useTeam(id);
  useDocumentTitle(team.data ? `${team.data.name} · Teams` : 'Teams');
  if (team.isPending) return <Skeleton active />;
  if (team.isError) {
    const missing = isApiError(team.error) && team.error.status === 404;
    return (
      <div className="llt-page">
        <h1 className="llt-title">{missing ? 'Team not found' : 'This team could not be loaded'}</h1>
        <p className="llt-lead">
          {missing ? 'It does not exist, or you are no longer one of its members.' : errorMessage(team.error)}
        </p>
        <Link to="/dashboard/teams">Back to your teams</Link>
      </div>
    );
  }
  return <Team team={team.data} />;
}

function Team({ team }: { team: Workspace }) {
  const session = useSession();
  const me = session.data?._id;
  return (
    <div className="llt-page">
      <p className="llt-back">
        <Link to="/dashboard/teams">Teams</Link>
      </p>
      <header className="llt-head">
        <h1 className="llt-title">{team.name}</h1>
        <p className="llt-lead">
          Your role: <strong>{workspaceRoles[team.role].label}</strong>.{' '}
          {workspaceRoles[team.role].description}
        </p>
      </header>
      <Members team={team} me={me} />
      {manages(team.role) && (
        <div className="llt-grid">
          <InviteCard team={team} />
          <Invitations team={team} />
        </div>
      )}
      <ActivityLog team={team} />
      <ReviewSettingsCard workspaceId={team.id} />
      <Settings team={team} me={me} />
    </div>
  );
}

function Members({ team, me }: { team: Workspace; me: string | undefined }) {
  const actions = useTeamActions(team.id);
  const feedback = useFeedback();
  const mayChange = (member: WorkspaceMember) =>
    member.userId !== me && manages(team.role) && (team.role === 'owner' || member.role !== 'owner');
  return (
    <section className="llt-card" aria-labelledby="llt-members">
      <h2 id="llt-members" className="llt-card-title">
        Members
      </h2>
      <Table<WorkspaceMember>
        className={STACKED_TABLE}
        rowKey="userId"
        dataSource={team.members}
        pagination={false}
        columns={stackedColumns<WorkspaceMember>([
          {
            title: 'Name',
            key: 'name',
            render: (_value, member) => (
              <span>
                {member.name}
                {member.userId === me ? <span className="llt-meta"> (you)</span> : null}
              </span>
            ),
          },
          { title: 'Email', dataIndex: 'email', key: 'email' },
          {
            title: 'Role',
            key: 'role',
            render: (_value, member) =>
              mayChange(member) ? (
                <Select<WorkspaceRole>
                  aria-label={`Role of ${member.name}`}
                  className="llt-role-select"
                  value={member.role}
                  options={roleOptions(grantable(team.role))}
                  disabled={actions.changeRole.isPending}
                  onChange={(role) =>
                    actions.changeRole.mutate(
                      { userId: member.userId, role },
                      {
                        onSuccess: () =>
                          feedback.success(`${member.name} is now ${workspaceRoles[role].label}.`),
                        onError: (error) => feedback.notifyError('The role was not changed', error),
                      },
                    )
                  }
                />
              ) : (
                workspaceRoles[member.role].label
              ),
          },
          { title: 'Joined', key: 'joined', render: (_value, member) => day(member.joinedAt) },
          {
            title: 'Actions',
            key: 'actions',
            render: (_value, member) =>
              mayChange(member) ? (
                <Popconfirm
                  title={`Remove ${member.name}?`}
                  description="They lose access to this team at once."
                  okText="Remove"
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    actions.removeMember.mutateAsync(member.userId).then(
                      () => feedback.success(`${member.name} was removed.`),
                      (error) => feedback.notifyError('The member was not removed', error),
                    )
                  }
                >
                  <Button danger size="small">
                    Remove
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ])}
      />
    </section>
  );
}

function InviteCard({ team }: { team: Workspace }) {
  const [form] = Form.useForm<{ email: string; role: WorkspaceRole }>();
  const actions = useTeamActions(team.id);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const role = Form.useWatch('role', form) ?? 'editor';
  return (
    <section className="llt-card" aria-labelledby="llt-invite">
      <h2 id="llt-invite" className="llt-card-title">
        Invite someone
      </h2>
      <p className="llt-note">
        We mail them a link that works for 7 days. Without an account, they sign up first.
      </p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: 'editor' }}
        disabled={actions.invite.isPending}
        onFinish={(values) => {
          setSent(null);
          setFailure(null);
          actions.invite.mutate(
            { email: values.email.trim(), role: values.role },
            {
              onSuccess: (invitation) => {
                setSent(invitation.email);
                form.resetFields(['email']);
              },
              onError: (error) => {
                if (!showFieldErrors(form, error)) setFailure(errorMessage(error));
              },
            },
          );
        }}
      >
        <Form.Item
          label="Email address"
          name="email"
          rules={[
            { required: true, message: 'Enter the address to invite' },
            { type: 'email', message: 'Please enter a valid email address!' },
          ]}
        >
          <Input type="email" autoComplete="off" placeholder="artist@example.com" />
        </Form.Item>
        <Form.Item label="Role" name="role" extra={workspaceRoles[role].description}>
          <Select<WorkspaceRole> options={roleOptions(grantable(team.role))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={actions.invite.isPending}>
          Send invitation
        </Button>
      </Form>
      <div role="status" className="llt-status">
        {sent && <Alert type="success" showIcon title={`Invitation sent to ${sent}.`} />}
        {failure && <Alert type="error" showIcon title={failure} />}
      </div>
    </section>
  );
}

function Invitations({ team }: { team: Workspace }) {
  const actions = useTeamActions(team.id);
  const feedback = useFeedback();
  return (
    <section className="llt-card" aria-labelledby="llt-pending">
      <h2 id="llt-pending" className="llt-card-title">
        Pending invitations
      </h2>
      {team.invitations.length === 0 ? (
        <p className="llt-note">None: everyone invited has joined.</p>
      ) : (
        <ul className="llt-list">
          {team.invitations.map((invitation: WorkspaceInvitation) => (
            <li key={invitation.id} className="llt-list-item">
              <span>
                <strong>{invitation.email}</strong> as {workspaceRoles[invitation.role].label}
                <span className="llt-meta">
                  {' '}
                  · by {invitation.invitedBy} ·{' '}
                  {invitation.expired
                    ? 'expired: invite again for a new link'
                    : `until ${day(invitation.expiresAt)}`}
                </span>
              </span>
              <Button
                size="small"
                loading={actions.withdraw.isPending && actions.withdraw.variables === invitation.id}
                onClick={() =>
                  actions.withdraw.mutate(invitation.id, {
                    onSuccess: () => feedback.success(`The invitation to ${invitation.email} was withdrawn.`),
                    onError: (error) => feedback.notifyError('The invitation was not withdrawn', error),
                  })
                }
              >
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const actionOptions = (Object.keys(activityActionLabels) as ActivityAction[]).map((action) => ({
  value: action,
  label: activityActionLabels[action],
}));

function ActivityLog({ team }: { team: Workspace }) {
  const [filter, setFilter] = useState<ActivityQuery>({});
  const badPeriod = Boolean(filter.from && filter.to && filter.from > filter.to);
  const activity = useActivity(team.id, filter, !badPeriod);
  return (
    <section className="llt-card" aria-labelledby="llt-activity">
      <div className="llt-card-head">
        <h2 id="llt-activity" className="llt-card-title">
          Activity
        </h2>
        <a className="llt-csv" href={activityCsvUrl(team.id, filter)} download="activity.csv">
          Download CSV
        </a>
      </div>
      <div className="llt-filters">
        <div className="llt-filter">
          <label htmlFor="llt-what">What</label>
          <Select<ActivityAction>
            id="llt-what"
            allowClear
            placeholder="Everything"
            options={actionOptions}
            value={filter.action}
            onChange={(action) => setFilter((old) => ({ ...old, action: action ?? undefined }))}
          />
        </div>
        <div className="llt-filter">
          <label htmlFor="llt-who">Who</label>
          <Select<string>
            id="llt-who"
            allowClear
            placeholder="Everyone"
            options={team.members.map((member) => ({ value: member.userId, label: member.name }))}
            value={filter.member}
            onChange={(member) => setFilter((old) => ({ ...old, member: member ?? undefined }))}
          />
        </div>
        <label className="llt-filter">
          <span>From</span>
          <input
            className="llt-date"
            type="date"
            value={filter.from ?? ''}
            onChange={(event) => setFilter((old) => ({ ...old, from: event.target.value || undefined }))}
          />
        </label>
        <label className="llt-filter">
          <span>To</span>
          <input
            className="llt-date"
            type="date"
            value={filter.to ?? ''}
            onChange={(event) => setFilter((old) => ({ ...old, to: event.target.value || undefined }))}
          />
        </label>
      </div>
      {badPeriod && <Alert type="warning" showIcon title="The start of the period is after its end." />}
      {activity.isError && (
        <Alert
          type="error"
          showIcon
          title="The activity could not be loaded"
          description={errorMessage(activity.error)}
        />
      )}
      {activity.data && activity.data.length === 0 && <p className="llt-note">Nothing in this period.</p>}
      {activity.data && activity.data.length > 0 && (
        <ol className="llt-log" aria-label="Activity, newest first">
          {activity.data.map((entry) => (
            <li key={entry.id} className="llt-log-entry">
              <time className="llt-meta" dateTime={entry.at}>
                {when(entry.at)}
              </time>
              <span>
                <strong>{entry.actor}</strong> · {activityActionLabels[entry.action]}
                {entry.subject ? ` · ${entry.subject}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Settings({ team, me }: { team: Workspace; me: string | undefined }) {
  const actions = useTeamActions(team.id);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const [name, setName] = useState(team.name);
  const [confirmText, setConfirmText] = useState('');
  const owners = team.members.filter((member) => member.role === 'owner').length;
  const lastOwner = team.role === 'owner' && owners === 1;
  return (
    <section className="llt-card" aria-labelledby="llt-settings">
      <h2 id="llt-settings" className="llt-card-title">
        Team settings
      </h2>
      {manages(team.role) && (
        <form
          className="llt-row"
          onSubmit={(event) => {
            event.preventDefault();
            actions.rename.mutate(name.trim(), {
              onSuccess: () => feedback.success('Team renamed.'),
              onError: (error) => feedback.notifyError('The team was not renamed', error),
            });
          }}
        >
          <div className="llt-filter llt-grow">
            <label htmlFor="llt-name">Team name</label>
            <Input
              id="llt-name"
              value={name}
              maxLength={60}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <Button
            className="llt-row-button"
            htmlType="submit"
            disabled={!name.trim() || name.trim() === team.name}
            loading={actions.rename.isPending}
          >
            Rename
          </Button>
        </form>
      )}
      <div className="llt-danger">
        <div>
          <h3 className="llt-danger-title">Leave this team</h3>
          <p className="llt-note" id="llt-leave-why">
            {lastOwner
              ? 'You are its only owner: make someone else Owner first, or delete the team.'
              : 'You lose access at once; an owner or admin can invite you again.'}
          </p>
        </div>
        <Popconfirm
          title={`Leave ${team.name}?`}
          okText="Leave"
          okButtonProps={{ danger: true }}
          disabled={lastOwner || !me}
          onConfirm={() =>
            me &&
            actions.removeMember.mutateAsync(me).then(
              () => {
                feedback.success(`You left ${team.name}.`);
                void navigate('/dashboard/teams');
              },
              (error) => feedback.notifyError('You did not leave the team', error),
            )
          }
        >
          <Button danger disabled={lastOwner || !me} aria-describedby="llt-leave-why">
            Leave team
          </Button>
        </Popconfirm>
      </div>
      {team.role === 'owner' && (
        <div className="llt-danger">
          <div className="llt-grow">
            <h3 className="llt-danger-title">Delete this team</h3>
            <p className="llt-note" id="llt-delete-why">
              Its members, invitations and activity log are deleted; nobody can open it again. Type{' '}
              <strong>{team.name}</strong> to confirm.
            </p>
            <Input
              aria-label="Type the team's name to confirm"
              aria-describedby="llt-delete-why"
              value={confirmText}
              onChange={(event) => setConfirmText(event.target.value)}
            />
          </div>
          <Button
            danger
            type="primary"
            disabled={confirmText !== team.name}
            loading={actions.remove.isPending}
            onClick={() =>
              actions.remove.mutate(undefined, {
                onSuccess: () => {
                  feedback.success(`${team.name} was deleted.`);
                  void navigate('/dashboard/teams');
                },
                onError: (error) => feedback.notifyError('The team was not deleted', error),
              })
            }
          >
            Delete team
          </Button>
        </div>
      )}
    </section>
  );
}
