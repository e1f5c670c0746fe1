import type { Referral, ReferralStatus } from '@layerloom/api';
import { Alert, Button, Form, Input, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { STACKED_TABLE, stackedColumns } from '../../components/stacked-table.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { showFieldErrors } from '../auth/forms/field-errors.ts';
import { useInvite, useReferrals } from './referrals-queries.ts';
import { shareLinks } from './share-links.ts';
import './referrals.css';

/** Each status's label and tone (the dashboard's `ll-state-tag` tints: antd's preset green and cyan read below 4.5:1). */
export const statusLabels: Record<ReferralStatus, { label: string; tone: 'off' | 'busy' | 'wait' | 'ok' }> = {
  invited: { label: 'Invited', tone: 'off' },
  signed_up: { label: 'Signed up', tone: 'busy' },
  approved: { label: 'Approved', tone: 'wait' },
  paying: { label: 'Paying', tone: 'ok' },
};

const day = (iso: string | null) => (
  <span className="llr-nowrap">
    {iso
      ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
      : '—'}
  </span>
);
const usd = (amount: number) => `$${amount.toLocaleString('en-US')}`;
/** Credit left may hold cents (a checkout takes at most the price less Stripe's least charge). */
const credit = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 })}`;

/**
 * `/dashboard/referrals`: what referring does and earns, the user's personal link (copy, share), an
 * invitation by email, and everyone referred with their status and the reward earned.
 */
export function ReferralsPage() {
  useDocumentTitle('Referrals');
  const referrals = useReferrals();
  const data = referrals.data;

  return (
    <div className="llr-page">
      <header className="llr-head">
        <h1 className="llr-title">Referrals</h1>
        <p className="llr-lead">
          Invite friends and fellow creators to Layerloom. Share your personal link or send an invitation by
          email: everyone who signs up through it is listed below, with how far they got.
        </p>
        {data && <p className="llr-rule">{data.rewardRule}</p>}
        {data && data.creditAvailableUsd > 0 && (
          <p className="llr-rule">
            You have <strong>{credit(data.creditAvailableUsd)}</strong> of credit left: the next plan you buy
            costs that much less at checkout. <Link to="/dashboard/payment-plans">See the plans</Link>
          </p>
        )}
      </header>
      {referrals.isError && (
        <Alert
          type="error"
          showIcon
          title="Your referrals could not be loaded"
          description={errorMessage(referrals.error)}
        />
      )}
      {referrals.isPending && <Skeleton active />}
      {data && (
        <>
          <div className="llr-grid">
            <LinkCard link={data.link} />
            <InviteCard />
          </div>
          <section className="llr-card" aria-labelledby="llr-people">
            <div className="llr-card-head">
              <h2 id="llr-people" className="llr-card-title">
                People you referred
              </h2>
              <p className="llr-total">
                Reward earned: <strong>{usd(data.totalRewardUsd)}</strong>
              </p>
            </div>
            <ReferralTable rows={data.referrals} />
          </section>
        </>
      )}
    </div>
  );
}

function LinkCard({ link }: { link: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className="llr-card" aria-labelledby="llr-link">
      <h2 id="llr-link" className="llr-card-title">
        Your referral link
      </h2>
      <div className="llr-row">
        <Input readOnly value={link} aria-label="Referral link" onFocus={(event) => event.target.select()} />
        <Button type="primary" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
      <p className="llr-note" role="status">
        {copied === 'yes' && 'Link copied.'}
        {copied === 'failed' && 'This browser did not allow copying: select the link and copy it.'}
      </p>
      <p className="llr-share-label">Share on</p>
      <ul className="llr-share" aria-label="Share your link">
        {shareLinks(link).map((share) => (
          <li key={share.network}>
            <a className="llr-share-link" href={share.url} target="_blank" rel="noopener noreferrer">
              {share.network}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function InviteCard() {
  const [form] = Form.useForm<{ email: string }>();
  const invite = useInvite();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = ({ email }: { email: string }) => {
    setSent(null);
    setFailure(null);
    invite.mutate(email.trim(), {
      onSuccess: (referral) => {
        setSent(referral.email);
        form.resetFields();
      },
      onError: (error) => {
        if (!showFieldErrors(form, error)) setFailure(errorMessage(error));
      },
    });
  };

  return (
    <section className="llr-card" aria-labelledby="llr-invite">
      <h2 id="llr-invite" className="llr-card-title">
        Invite by email
      </h2>
      <p className="llr-note">We send one invitation with your link; the same address at most once a week.</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={invite.isPending}
      >
        <div className="llr-row llr-row-top">
          <Form.Item
            className="llr-grow"
            label="Email address"
            name="email"
            rules={[
              { required: true, message: 'Enter the address to invite' },
              { type: 'email', message: 'Please enter a valid email address!' },
            ]}
          >
            <Input type="email" autoComplete="off" placeholder="friend@example.com" />
          </Form.Item>
          <Button className="llr-send" type="primary" htmlType="submit" loading={invite.isPending}>
            Send
          </Button>
        </div>
      </Form>
      <div role="status">
        {sent && <Alert type="success" showIcon title={`Invitation sent to ${sent}.`} />}
        {failure && <Alert type="error" showIcon title={failure} />}
      </div>
    </section>
  );
}

function ReferralTable({ rows }: { rows: Referral[] }) {
  return (
    // Where the table is narrow, each row is a card of its columns (STACKED_TABLE): nothing scrolls sideways.
    <Table<Referral>
      className={STACKED_TABLE}
      rowKey="id"
      dataSource={rows}
      pagination={rows.length > 20 ? { pageSize: 20 } : false}
      locale={{
        // antd's grey for an empty table's text reads below 4.5:1 on white.
        emptyText: <span className="llr-empty">Nobody yet: share your link or invite someone by email.</span>,
      }}
      columns={stackedColumns<Referral>([
        { title: 'No', key: 'no', width: 56, render: (_value, _row, index) => index + 1 },
        { title: 'Name', dataIndex: 'name', render: (name: string | null) => name ?? '—' },
        { title: 'Email', dataIndex: 'email' },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (status: ReferralStatus) => (
            <Tag className={`ll-state-tag ll-state-tag--${statusLabels[status].tone}`} variant="filled">
              {statusLabels[status].label}
            </Tag>
          ),
        },
        { title: 'Invited', dataIndex: 'invitedAt', render: day },
        { title: 'Signed up', dataIndex: 'signedUpAt', render: day },
        { title: 'Reward', dataIndex: 'rewardUsd', align: 'right', render: usd },
      ])}
    />
  );
}
