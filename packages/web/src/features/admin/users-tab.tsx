import { HistoryOutlined } from '@ant-design/icons';
import {
  type AdminAction,
  listAdminActions,
  listUsers,
  type PlanId,
  plans,
  setUserActive,
  type User,
  updateUserPlan,
} from '@layerloom/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Empty,
  Grid,
  Input,
  Modal,
  Pagination,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useSession } from '../auth/session.ts';

const PAGE_SIZE = 10;
const SEARCH_MAX = 100;
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

type ListedUser = User & { deactivatedAt?: string | null | undefined };

const fullName = (user: User) => `${user.name.first} ${user.name.last}`;

/**
 * What the Users tab says of an account: Deactivated by an admin, else where its approval stands (Pending
 * while it awaits one, as on the Requests tab; Rejected), else Active.
 */
export function userStatus(user: ListedUser): { label: string; tone: 'ok' | 'wait' | 'bad' } {
  if (user.deactivatedAt) return { label: 'Deactivated', tone: 'wait' };
  if (user.accountAccepted.status === 'pending') return { label: 'Pending', tone: 'wait' };
  if (user.accountAccepted.status === 'rejected') return { label: 'Rejected', tone: 'bad' };
  return { label: 'Active', tone: 'ok' };
}
const actionLabel: Record<AdminAction['action'], string> = {
  approve: 'Approved',
  reject: 'Rejected',
  plan: 'Plan changed',
  deactivate: 'Deactivated',
  reactivate: 'Reactivated',
};

/** One user's recent admin actions (who did what, when), newest first. */
function ActionLog({ user }: { user: ListedUser }) {
  const log = useQuery({
    queryKey: ['admin-users', 'actions', user._id],
    queryFn: async () => (await call(listAdminActions, { params: { id: user._id } })).data.actions,
  });
  if (log.isPending) return <p className="ll-requests__lead">Loading…</p>;
  if (log.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="The history could not be loaded"
        description={errorMessage(log.error)}
      />
    );
  if (log.data.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No admin actions for this user yet" />;
  return (
    <ol className="ll-users__log">
      {log.data.map((entry) => (
        <li key={entry.id}>
          <strong>{actionLabel[entry.action]}</strong>
          {entry.detail ? `: ${entry.detail}` : ''}
          <span className="ll-users__log-meta">
            {dateFormat.format(new Date(entry.createdAt))} by{' '}
            {entry.admin ? `${entry.admin.name} (${entry.admin.email})` : 'a removed admin'}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * User Requests › Users (admins): every user, newest first, searched and paged by the server. An admin
 * changes a user's plan, deactivates (sessions end, sign-in refused) or reactivates them, and reads
 * the user's admin history. Admins cannot deactivate themselves. Below the md breakpoint each user is a
 * card (name, email, plan, status, actions) instead of a table row.
 */
export function UsersTab() {
  const [page, setPage] = useState(1);
  // A search result links here with `?search=` (the user's email).
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => (params.get('search') ?? '').trim());
  const [historyOf, setHistoryOf] = useState<ListedUser | null>(null);
  const client = useQueryClient();
  const feedback = useFeedback();
  const me = useSession().data;
  const compact = Grid.useBreakpoint().md === false;

  const users = useQuery({
    queryKey: ['admin-users', 'all', search, page],
    queryFn: async () =>
      (
        await call(listUsers, {
          query: { page, pageSize: PAGE_SIZE, ...(search ? { search } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  });

  const refresh = () => client.invalidateQueries({ queryKey: ['admin-users'] });
  const changePlan = useMutation({
    mutationFn: (input: { user: ListedUser; planId: PlanId }) =>
      call(updateUserPlan, { params: { id: input.user._id }, body: { planId: input.planId } }),
    onSuccess: (_answer, input) =>
      feedback.success(
        `${fullName(input.user)} is now on the ${plans.find((plan) => plan.id === input.planId)?.name} plan`,
      ),
    onError: (error, input) =>
      feedback.notifyError(`Could not change the plan of ${fullName(input.user)}`, error),
    onSettled: refresh,
  });
  const changeActive = useMutation({
    mutationFn: (input: { user: ListedUser; active: boolean }) =>
      call(setUserActive, { params: { id: input.user._id }, body: { active: input.active } }),
    onSuccess: (_answer, input) =>
      feedback.success(`${fullName(input.user)} ${input.active ? 'reactivated' : 'deactivated'}`),
    onError: (error, input) =>
      feedback.notifyError(
        `Could not ${input.active ? 'reactivate' : 'deactivate'} ${fullName(input.user)}`,
        error,
      ),
    onSettled: refresh,
  });

  const planPicker = (user: ListedUser) => (
    <Select<PlanId>
      className="ll-users__plan"
      aria-label={`Plan of ${fullName(user)}`}
      value={user.planId}
      loading={changePlan.isPending && changePlan.variables?.user._id === user._id}
      onChange={(planId) => changePlan.mutate({ user, planId })}
      options={plans.map((plan) => ({ value: plan.id, label: plan.name }))}
    />
  );
  const statusTag = (user: ListedUser) => {
    const status = userStatus(user);
    return (
      <Tag className={`ll-state-tag ll-state-tag--${status.tone}`} variant="filled">
        {status.label}
      </Tag>
    );
  };
  const actions = (user: ListedUser) => {
    const name = fullName(user);
    const busy = changeActive.isPending && changeActive.variables?.user._id === user._id;
    return (
      <Space wrap>
        <Button
          icon={<HistoryOutlined />}
          onClick={() => setHistoryOf(user)}
          aria-label={`History of ${name}`}
        >
          History
        </Button>
        {user.deactivatedAt ? (
          <Button loading={busy} onClick={() => changeActive.mutate({ user, active: true })}>
            Reactivate
          </Button>
        ) : user._id === me?._id ? null : (
          <Popconfirm
            title={`Deactivate ${name}?`}
            description="They are signed out everywhere and cannot sign in until reactivated."
            okText="Deactivate"
            okButtonProps={{ danger: true }}
            onConfirm={() => changeActive.mutate({ user, active: false })}
          >
            <Button danger loading={busy} aria-label={`Deactivate ${name}`}>
              Deactivate
            </Button>
          </Popconfirm>
        )}
      </Space>
    );
  };

  const rows = (users.data?.users ?? []) as ListedUser[];
  const total = users.data?.total ?? 0;

  return (
    <section className="ll-requests__panel" aria-label="All users">
      <Input.Search
        className="ll-users__search"
        placeholder="Search by name or email"
        aria-label="Search users by name or email"
        allowClear
        defaultValue={search}
        maxLength={SEARCH_MAX}
        enterButton="Search"
        onSearch={(value) => {
          setSearch(value.trim());
          setPage(1);
        }}
      />
      {users.isError && (
        <Alert
          type="error"
          showIcon
          className="ll-requests__alert"
          title="The users could not be loaded"
          description={errorMessage(users.error)}
        />
      )}
      {compact ? (
        <ul className="ll-requests__cards" aria-label="Users" aria-busy={users.isPending}>
          {rows.length === 0 && !users.isPending && (
            <li className="ll-requests__card">
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={search ? `No user matches “${search}”` : 'No users yet'}
              />
            </li>
          )}
          {rows.map((user) => (
            <li key={user._id} className="ll-requests__card ll-users__card">
              <strong>{fullName(user)}</strong>
              <span className="ll-requests__email">{user.email}</span>
              <div className="ll-users__card-row">
                {planPicker(user)}
                {statusTag(user)}
              </div>
              {actions(user)}
            </li>
          ))}
        </ul>
      ) : (
        <section
          className="ll-users__scroll"
          aria-label="Users, scrolls sideways on small screens"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls sideways on phones must be reachable by keyboard
          tabIndex={0}
        >
          <Table<ListedUser>
            rowKey="_id"
            loading={users.isPending}
            dataSource={rows}
            pagination={false}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={search ? `No user matches “${search}”` : 'No users yet'}
                />
              ),
            }}
            columns={[
              {
                title: 'User',
                key: 'user',
                render: (_value, user) => (
                  <Space orientation="vertical" size={0}>
                    <strong>{fullName(user)}</strong>
                    <span className="ll-requests__email">{user.email}</span>
                  </Space>
                ),
              },
              {
                title: 'Plan',
                key: 'plan',
                render: (_value, user) => planPicker(user),
              },
              {
                title: 'Status',
                key: 'status',
                render: (_value, user) => statusTag(user),
              },
              {
                title: <span className="ll-visually-hidden">Actions</span>,
                key: 'actions',
                align: 'right',
                render: (_value, user) => actions(user),
              },
            ]}
          />
        </section>
      )}
      {total > PAGE_SIZE && (
        <Pagination
          className="ll-requests__pagination"
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          onChange={setPage}
          showSizeChanger={false}
          showTotal={(count, [from, to]) => `${from}–${to} of ${count}`}
        />
      )}
      <Modal
        open={historyOf !== null}
        title={historyOf ? `History of ${fullName(historyOf)}` : 'History'}
        footer={null}
        onCancel={() => setHistoryOf(null)}
        destroyOnHidden
      >
        {historyOf && <ActionLog user={historyOf} />}
      </Modal>
    </section>
  );
}
