import type { ProfileReferral, ReferralStatus } from '@layerloom/api';
import { Alert, Avatar, Table, Tag } from 'antd';
import { useState } from 'react';
import { STACKED_TABLE, stackedColumns } from '../../components/stacked-table.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useProfileReferrals } from '../settings/account-queries.ts';

const PAGE_SIZE = 10;

// Plain tags: antd's coloured ones read below 4.5:1.
const statusLabels: Record<ReferralStatus, string> = {
  invited: 'Invited',
  signed_up: 'Signed up',
  approved: 'Approved',
  paying: 'Paying',
};

function initialsOf(row: ProfileReferral): string {
  const source = row.name ?? row.email;
  return source
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The Profile page's table of the people the user referred (no, name, picture, email, status), paged on the server. */
export function ProfileReferrals() {
  const [page, setPage] = useState(1);
  const query = useProfileReferrals(page, PAGE_SIZE);
  return (
    <section className="llp-card llp-referrals" aria-labelledby="llp-referrals-title">
      <h2 id="llp-referrals-title" className="llp-section-title">
        Referred people
      </h2>
      {query.isError ? (
        <Alert type="error" showIcon title={errorMessage(query.error)} role="alert" />
      ) : (
        // Where the table is narrow, each row is a card of its columns (STACKED_TABLE): nothing scrolls sideways.
        <Table<ProfileReferral>
          className={STACKED_TABLE}
          rowKey="no"
          size="middle"
          loading={query.isPending || query.isPlaceholderData}
          dataSource={query.data?.referrals ?? []}
          locale={{
            // antd's empty-table grey reads below 4.5:1.
            emptyText: (
              <span className="llp-muted">
                Nobody yet: people who sign up with your referral link appear here.
              </span>
            ),
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: query.data?.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={stackedColumns<ProfileReferral>([
            { title: 'No', dataIndex: 'no', width: 64 },
            {
              title: 'Name',
              dataIndex: 'name',
              render: (name: string | null) => name ?? <span className="llp-muted">Not signed up yet</span>,
            },
            {
              title: 'Picture',
              key: 'avatar',
              width: 88,
              render: (_: unknown, row) =>
                row.avatar ? (
                  <Avatar src={row.avatar} alt={`${row.name ?? row.email}'s picture`} />
                ) : (
                  <Avatar className="ll-avatar" aria-hidden="true">
                    {initialsOf(row)}
                  </Avatar>
                ),
            },
            { title: 'Email', dataIndex: 'email' },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (status: ReferralStatus) => <Tag>{statusLabels[status]}</Tag>,
            },
          ])}
        />
      )}
    </section>
  );
}
