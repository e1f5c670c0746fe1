import { CustomerServiceOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Conversation } from '@layerloom/api';
import { Alert, Avatar, Badge, Button, Input, Segmented, Skeleton } from 'antd';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-error.ts';
import { type Box, useConversations } from './messages-queries.ts';
import { useUnreadIn } from './unread-messages.ts';

interface ConversationListProps {
  box: Box;
  onBox: ((box: Box) => void) | undefined;
  query: string;
  onQuery: (query: string) => void;
  selectedId: string | undefined;
  onNew: () => void;
  onSupport: () => void;
  supportPending: boolean;
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('') || '?';

function when(iso: string): string {
  const date = new Date(iso);
  const today = new Date();
  return date.toDateString() === today.toDateString()
    ? date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
}

function Row({ conversation, selected }: { conversation: Conversation; selected: boolean }) {
  const { counterpart, lastMessage, unread } = conversation;
  const isSupport = counterpart.kind === 'support';
  const subtitle = conversation.subject ?? (conversation.asSupport ? counterpart.email : null);
  return (
    <Link
      to={`/dashboard/messages/${conversation.id}${conversation.asSupport ? '?box=support' : ''}`}
      className={`ll-msg-row${selected ? ' ll-msg-row--active' : ''}`}
      aria-current={selected ? 'page' : undefined}
    >
      <Avatar className="ll-msg-row__avatar" icon={isSupport ? <CustomerServiceOutlined /> : undefined}>
        {isSupport ? null : initialsOf(counterpart.name)}
      </Avatar>
      <span className="ll-msg-row__text">
        <span className="ll-msg-row__top">
          <span className="ll-msg-row__name">{counterpart.name}</span>
          {lastMessage ? <span className="ll-msg-row__time">{when(lastMessage.at)}</span> : null}
        </span>
        {subtitle ? <span className="ll-msg-row__subject">{subtitle}</span> : null}
        <span className="ll-msg-row__bottom">
          <span className="ll-msg-row__preview">
            {conversation.blocked
              ? 'Blocked'
              : lastMessage
                ? `${lastMessage.mine ? 'You: ' : ''}${lastMessage.preview}`
                : 'No messages yet'}
          </span>
          {unread > 0 ? (
            <>
              <Badge count={unread} className="ll-msg-row__badge" aria-hidden />
              <span className="ll-msg-sr">, {unread} unread</span>
            </>
          ) : null}
        </span>
      </span>
    </Link>
  );
}

/** A box's tab: its name, and its unread count in a badge, said in words too ("Support inbox 3 unread"). */
function BoxLabel({ name, unread }: { name: string; unread: number }) {
  return (
    <span className="ll-msg-box">
      {name}
      {unread > 0 ? (
        <>
          {' '}
          <Badge count={unread} overflowCount={99} className="ll-msg-box__badge" title="" />
          <span className="ll-msg-sr"> unread</span>
        </>
      ) : null}
    </span>
  );
}

/** The contact list: search, the support conversation, new conversation, and each conversation with its unread count. */
export function ConversationList(props: ConversationListProps) {
  const { box, query } = props;
  const list = useConversations(box, query);
  const data = list.data;
  // An admin's menu badge counts both boxes: each tab shows its share, so the count is found where it is.
  const mineUnread = useUnreadIn('mine', props.onBox !== undefined);
  const supportUnread = useUnreadIn('support', props.onBox !== undefined);
  return (
    <section className="ll-msg-list" aria-label="Conversations">
      <div className="ll-msg-list__head">
        <h1 className="ll-msg-list__title">
          Messages
          {data && data.unread > 0 ? (
            <span className="ll-msg-list__unread"> · {data.unread} unread</span>
          ) : null}
        </h1>
        <Button icon={<PlusOutlined />} onClick={props.onNew}>
          New
        </Button>
      </div>
      {props.onBox ? (
        <Segmented<Box>
          block
          value={box}
          onChange={props.onBox}
          options={[
            { label: <BoxLabel name="My messages" unread={mineUnread} />, value: 'mine' },
            { label: <BoxLabel name="Support inbox" unread={supportUnread} />, value: 'support' },
          ]}
          aria-label="Which messages"
        />
      ) : null}
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Search conversations"
        aria-label="Search conversations"
        value={query}
        onChange={(event) => props.onQuery(event.target.value)}
        maxLength={100}
      />
      {box === 'mine' ? (
        <Button
          className="ll-msg-list__support"
          icon={<CustomerServiceOutlined />}
          loading={props.supportPending}
          onClick={props.onSupport}
          block
        >
          Layerloom support
        </Button>
      ) : null}
      {list.isError ? (
        <Alert type="error" showIcon message={errorMessage(list.error)} />
      ) : !data ? (
        <Skeleton active avatar />
      ) : data.conversations.length === 0 ? (
        <p className="ll-msg-list__empty">
          {query
            ? 'No conversation matches your search.'
            : box === 'support'
              ? 'The support inbox is empty.'
              : 'No conversations yet. Start one with New, or write to Layerloom support.'}
        </p>
      ) : (
        <ul className="ll-msg-list__items">
          {data.conversations.map((conversation) => (
            <li key={conversation.id}>
              <Row conversation={conversation} selected={conversation.id === props.selectedId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
