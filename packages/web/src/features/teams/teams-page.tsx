import { workspaceRoles } from '@layerloom/api';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { showFieldErrors } from '../auth/forms/field-errors.ts';
import { useCreateTeam, useTeams } from './teams-queries.ts';
import './teams.css';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** `/dashboard/teams`: the team workspaces the user belongs to, and a new one. */
export function TeamsPage() {
  useDocumentTitle('Teams');
  const teams = useTeams();
  return (
    <div className="llt-page">
      <header className="llt-head">
        <h1 className="llt-title">Teams</h1>
        <p className="llt-lead">
          A team workspace gathers the people who make a collection with you: invite them by email and give
          each a role. Its projects, collections and drops are shared with its members; switch workspace at
          the top of the page, and move a project from Generate NFT › Move to workspace…
        </p>
      </header>
      {teams.isError && (
        <Alert
          type="error"
          showIcon
          title="Your teams could not be loaded"
          description={errorMessage(teams.error)}
        />
      )}
      {teams.isPending && <Skeleton active />}
      {teams.data && (
        <div className="llt-grid">
          <section className="llt-card" aria-labelledby="llt-yours">
            <h2 id="llt-yours" className="llt-card-title">
              Your teams
            </h2>
            {teams.data.length === 0 ? (
              <p className="llt-note">
                You are in no team yet. Make one, or open an invitation someone mailed you.
              </p>
            ) : (
              <ul className="llt-list">
                {teams.data.map((team) => (
                  <li key={team.id} className="llt-list-item">
                    <Link className="llt-team-link" to={`/dashboard/teams/${team.id}`}>
                      {team.name}
                    </Link>
                    <span className="llt-meta">
                      {workspaceRoles[team.role].label} · {plural(team.memberCount, 'member')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <NewTeamCard />
        </div>
      )}
    </div>
  );
}

function NewTeamCard() {
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateTeam();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className="llt-card" aria-labelledby="llt-new">
      <h2 id="llt-new" className="llt-card-title">
        New team
      </h2>
      <p className="llt-note">You become its owner; invite the others from its page.</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={create.isPending}
        onFinish={({ name }) => {
          setFailure(null);
          create.mutate(name, {
            onSuccess: (team) => void navigate(`/dashboard/teams/${team.id}`),
            onError: (error) => {
              if (!showFieldErrors(form, error)) setFailure(errorMessage(error));
            },
          });
        }}
      >
        <div className="llt-row">
          <Form.Item
            className="llt-grow"
            label="Team name"
            name="name"
            rules={[
              { required: true, whitespace: true, message: 'Give the team a name' },
              { max: 60, message: 'The name can be at most 60 characters' },
            ]}
          >
            <Input autoComplete="off" placeholder="Moon Studio" maxLength={60} />
          </Form.Item>
          <Button className="llt-row-button" type="primary" htmlType="submit" loading={create.isPending}>
            Create team
          </Button>
        </div>
      </Form>
      {failure && <Alert type="error" showIcon role="alert" title={failure} />}
    </section>
  );
}
