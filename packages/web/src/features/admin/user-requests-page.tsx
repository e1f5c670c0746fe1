import { CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { listUsers, type User, updateAccountStatus } from '@layerloom/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Grid, Input, Modal, Pagination, Space, Table, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import './user-requests.css';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { UsersTab } from './users-tab.tsx';

const PAGE_SIZE = 10;
const REASON_MAX = 500;
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const fullName = (user: User) => `${user.name.first} ${user.name.last}`;

/** The pending accounts, one page at a time, from the server. */
function usePendingUsers(page: number) {
  return useQuery({
    queryKey: ['admin-users', 'pending', page],
    queryFn: async () =>
      (await call(listUsers, { query: { status: 'pending', page, pageSize: PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });
}

/** Actions of one request: Reject (asks for a reason) and Approve (reason "OK"). */
function RequestActions({
  user,
  busy,
  onApprove,
  onReject,
}: {
  user: User;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const name = fullName(user);
  return (
    <Space wrap>
      <Button
        danger
        icon={<CloseOutlined />}
        onClick={onReject}
        disabled={busy}
        aria-label={`Reject ${name}`}
      >
        Reject
      </Button>
      <Button
        type="primary"
        icon={<CheckOutlined />}
        onClick={onApprove}
        loading={busy}
        aria-label={`Approve ${name}`}
      >
        Approve
      </Button>
    </Space>
  );
}

function EmailState({ user }: { user: User }) {
  return user.status === 'verified' ? (
    <Tag className="ll-state-tag ll-state-tag--ok" variant="filled">
      Email confirmed
    </Tag>
  ) : (
    <Tag className="ll-state-tag ll-state-tag--wait" variant="filled">
      Email not confirmed yet
    </Tag>
  );
}

/**
 * `/dashboard/user-requests` (admins): accounts waiting for approval, newest first, paginated by the
 * server. Approve sends reason "OK"; Reject needs a typed reason. The user is mailed either way.
 */
export function UserRequestsPage() {
  useDocumentTitle('User Requests');
  // A search result opens the Users tab searched for the user (`?tab=users&search=…`).
  const [params] = useSearchParams();
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<User | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const client = useQueryClient();
  const feedback = useFeedback();
  const screens = Grid.useBreakpoint();
  const pending = usePendingUsers(page);

  const decide = useMutation({
    mutationFn: (input: { user: User; status: 'approved' | 'rejected'; reason: string }) =>
      call(updateAccountStatus, {
        params: { id: input.user._id },
        body: { accountAccepted: { status: input.status, reason: input.reason } },
      }),
    onSuccess: (_answer, input) => {
      feedback.success(
        input.status === 'approved' ? `${fullName(input.user)} approved` : `${fullName(input.user)} rejected`,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['admin-users'] }),
  });

  // After the last request of a later page is handled, show the page before it.
  const total = pending.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  useEffect(() => {
    if (pending.data && page > lastPage) setPage(lastPage);
  }, [pending.data, page, lastPage]);

  const approve = (user: User) => {
    decide.mutate(
      { user, status: 'approved', reason: 'OK' },
      { onError: (error) => feedback.notifyError(`Could not approve ${fullName(user)}`, error) },
    );
  };

  const submitReject = async ({ reason }: { reason: string }) => {
    if (!rejecting) return;
    try {
      await decide.mutateAsync({ user: rejecting, status: 'rejected', reason: reason.trim() });
      setRejecting(null);
    } catch (error) {
      form.setFields([{ name: 'reason', errors: [errorMessage(error)] }]);
    }
  };

  const busyId = decide.isPending ? decide.variables?.user._id : undefined;
  const users = pending.data?.users ?? [];
  const compact = screens.md === false;

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Pending user requests not found" />;

  return (
    <div className="ll-requests">
      <div className="ll-requests__head">
        <div>
          <h1 className="ll-requests__title">User Requests</h1>
          <p className="ll-requests__lead">
            Requests: new accounts waiting for approval (both decisions are emailed to the user). Users: every
            account's plan and status, and what admins did to it.
          </p>
        </div>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void pending.refetch()}
          loading={pending.isFetching && !pending.isPending}
        >
          Refresh
        </Button>
      </div>

      <Tabs
        key={params.get('search') ?? ''}
        defaultActiveKey={params.get('tab') === 'users' ? 'users' : 'requests'}
        className="ll-requests__tabs"
        destroyOnHidden
        items={[
          {
            key: 'requests',
            label: 'Requests',
            children: (
              <>
                {pending.isError && (
                  <Alert
                    type="error"
                    showIcon
                    className="ll-requests__alert"
                    title="The pending requests could not be loaded"
                    description={errorMessage(pending.error)}
                    action={
                      <Button size="small" onClick={() => void pending.refetch()}>
                        Retry
                      </Button>
                    }
                  />
                )}

                <section className="ll-requests__panel" aria-label="Pending user requests">
                  {compact ? (
                    pending.isPending ? (
                      <Table loading columns={[]} dataSource={[]} />
                    ) : users.length === 0 ? (
                      empty
                    ) : (
                      <ul className="ll-requests__cards">
                        {users.map((user) => (
                          <li key={user._id} className="ll-requests__card">
                            <strong className="ll-requests__name">{fullName(user)}</strong>
                            <span className="ll-requests__email">{user.email}</span>
                            <span className="ll-requests__date">
                              Signed up {dateFormat.format(new Date(user.createdAt))}
                            </span>
                            <EmailState user={user} />
                            <RequestActions
                              user={user}
                              busy={busyId === user._id}
                              onApprove={() => approve(user)}
                              onReject={() => setRejecting(user)}
                            />
                          </li>
                        ))}
                      </ul>
                    )
                  ) : (
                    <Table<User>
                      rowKey="_id"
                      loading={pending.isPending || decide.isPending}
                      dataSource={users}
                      pagination={false}
                      locale={{ emptyText: empty }}
                      columns={[
                        {
                          title: 'Name',
                          key: 'name',
                          render: (_value, user) => <strong>{fullName(user)}</strong>,
                        },
                        {
                          title: 'Email',
                          key: 'email',
                          render: (_value, user) => (
                            <Space orientation="vertical" size={2}>
                              <span>{user.email}</span>
                              <EmailState user={user} />
                            </Space>
                          ),
                        },
                        {
                          title: 'Signed up',
                          key: 'date',
                          render: (_value, user) => dateFormat.format(new Date(user.createdAt)),
                        },
                        {
                          title: <span className="ll-visually-hidden">Actions</span>,
                          key: 'actions',
                          align: 'right',
                          render: (_value, user) => (
                            <RequestActions
                              user={user}
                              busy={busyId === user._id}
                              onApprove={() => approve(user)}
                              onReject={() => setRejecting(user)}
                            />
                          ),
                        },
                      ]}
                    />
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
                      simple={compact}
                    />
                  )}
                </section>
              </>
            ),
          },
          { key: 'users', label: 'Users', children: <UsersTab /> },
        ]}
      />

      <Modal
        open={rejecting !== null}
        title={rejecting ? `Reject ${fullName(rejecting)}` : 'Reject'}
        okText="Reject"
        // Busy only while this rejection is sent: an approval still settling elsewhere on the page
        // must not swallow a click on Reject (a loading button ignores clicks).
        okButtonProps={{ danger: true, loading: decide.isPending && decide.variables?.status === 'rejected' }}
        onOk={() => form.submit()}
        onCancel={() => setRejecting(null)}
        className="ll-reject-modal"
        afterClose={() => form.resetFields()}
        forceRender
      >
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submitReject}>
          <p className="ll-requests__lead">
            The reason is emailed to {rejecting?.email ?? 'the user'} and shown when they try to log in.
          </p>
          <Form.Item
            label="Reason"
            name="reason"
            rules={[
              { required: true, whitespace: true, message: 'Please give a reason for the rejection!' },
              { max: REASON_MAX, message: `The reason is at most ${REASON_MAX} characters!` },
            ]}
          >
            <Input.TextArea
              rows={4}
              showCount
              maxLength={REASON_MAX}
              placeholder="Why is this account not approved?"
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
