import { ArrowLeftOutlined, CheckOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { type Conversation, MESSAGE_IMAGE_MAX_BYTES, MESSAGE_MAX_LENGTH, type Message } from '@layerloom/api';
import { Alert, Button, Input, Modal, Popconfirm, Skeleton } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { groupByDay, timeOf } from './message-days.ts';
import { MessageText } from './message-text.tsx';
import {
  useBlock,
  useConversation,
  useMarkConversationRead,
  useMessages,
  useReport,
  useSendImage,
  useSendMessage,
} from './messages-queries.ts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** One message; `mailed`: support's reply to a visitor, who reads it by mail. */
function Bubble({ message, mailed }: { message: Message; mailed: boolean }) {
  return (
    <li className={`ll-chat__message${message.mine ? ' ll-chat__message--mine' : ''}`}>
      <div className="ll-chat__bubble">
        {message.mine ? null : <span className="ll-chat__sender">{message.sender.name}</span>}
        {message.image ? (
          <a
            href={message.image.url}
            target="_blank"
            rel="noopener noreferrer"
            className="ll-chat__image-link"
          >
            <img
              className="ll-chat__image"
              src={message.image.url}
              width={message.image.width}
              height={message.image.height}
              alt={`Sent by ${message.mine ? 'you' : message.sender.name}`}
              loading="lazy"
            />
          </a>
        ) : null}
        {message.body ? (
          <p className="ll-chat__text">
            <MessageText text={message.body} />
          </p>
        ) : null}
        <span className="ll-chat__meta">
          <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
          {message.mine ? (
            <span className={`ll-chat__receipt${message.read ? ' ll-chat__receipt--read' : ''}`}>
              <CheckOutlined aria-hidden /> {mailed ? 'Mailed' : message.read ? 'Read' : 'Sent'}
            </span>
          ) : null}
        </span>
      </div>
    </li>
  );
}

function Composer({ conversation }: { conversation: Conversation }) {
  const feedback = useFeedback();
  const [text, setText] = useState('');
  const send = useSendMessage(conversation.id);
  const sendImage = useSendImage(conversation.id);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = send.isPending || sendImage.isPending;
  const blocked = conversation.blocked;

  const submit = () => {
    const body = text.trim();
    if (!body || busy) return;
    send.mutate(body, {
      onSuccess: () => setText(''),
      onError: (error) => feedback.error(error),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and Enter while an input method composes) breaks the line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      feedback.error(new Error('Attach a PNG, JPEG, GIF or WebP image'));
      return;
    }
    if (file.size > MESSAGE_IMAGE_MAX_BYTES) {
      feedback.error(new Error(`An image can be at most ${MESSAGE_IMAGE_MAX_BYTES / 1024 / 1024} MB`));
      return;
    }
    sendImage.mutate(
      { file, body: text },
      { onSuccess: () => setText(''), onError: (error) => feedback.error(error) },
    );
  };

  if (blocked) {
    return (
      <p className="ll-chat__blocked">
        You blocked {conversation.counterpart.name}: nothing they send reaches you. Unblock them to write
        again.
      </p>
    );
  }
  return (
    <form
      className="ll-chat__composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        onChange={(event) => onFile(event.target.files?.[0])}
        aria-label="Image to attach"
        data-testid="message-image-input"
      />
      <Button
        icon={<PaperClipOutlined />}
        aria-label="Attach an image"
        loading={sendImage.isPending}
        onClick={() => fileInput.current?.click()}
      />
      <Input.TextArea
        className="ll-chat__input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 1, maxRows: 6 }}
        maxLength={MESSAGE_MAX_LENGTH}
        showCount={{
          formatter: ({ count, maxLength }) =>
            count >= (maxLength ?? 0) * 0.8 ? `${count} / ${maxLength}` : '',
        }}
        placeholder={
          conversation.asSupport && conversation.counterpart.kind === 'visitor'
            ? 'Reply (mailed to the visitor)'
            : 'Write a message'
        }
        aria-label="Message"
        aria-describedby="ll-chat-keys"
      />
      <span id="ll-chat-keys" className="ll-msg-sr">
        Enter sends, Shift+Enter starts a new line.
      </span>
      <Button
        type="primary"
        htmlType="submit"
        icon={<SendOutlined />}
        loading={send.isPending}
        disabled={!text.trim()}
      >
        Send
      </Button>
    </form>
  );
}

function Actions({ conversation }: { conversation: Conversation }) {
  const feedback = useFeedback();
  const block = useBlock(conversation.id);
  const report = useReport(conversation.id);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  if (conversation.kind !== 'direct' || conversation.asSupport) return null;
  const name = conversation.counterpart.name;
  return (
    <div className="ll-chat__actions">
      {conversation.blocked ? (
        <Button
          size="small"
          loading={block.isPending}
          onClick={() =>
            block.mutate(false, {
              onSuccess: () => feedback.success(`${name} is unblocked`),
              onError: (error) => feedback.error(error),
            })
          }
        >
          Unblock
        </Button>
      ) : (
        <Popconfirm
          title={`Block ${name}?`}
          description="Nothing they send will reach you until you unblock them."
          okText="Block"
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            block.mutateAsync(true).then(
              () => feedback.success(`${name} is blocked`),
              (error: unknown) => feedback.error(error),
            )
          }
        >
          <Button size="small" danger loading={block.isPending}>
            Block
          </Button>
        </Popconfirm>
      )}
      <Button size="small" onClick={() => setReporting(true)}>
        Report
      </Button>
      <Modal
        title={`Report your conversation with ${name}`}
        open={reporting}
        okText="Send report"
        confirmLoading={report.isPending}
        okButtonProps={{ disabled: reason.trim().length < 3 }}
        onCancel={() => setReporting(false)}
        onOk={() =>
          report.mutate(reason.trim(), {
            onSuccess: () => {
              setReporting(false);
              setReason('');
              feedback.success('Reported to Layerloom support');
            },
            onError: (error) => feedback.error(error),
          })
        }
      >
        <p>Layerloom support receives your reason and the last messages of this conversation.</p>
        <Input.TextArea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          aria-label="What is wrong"
          placeholder="What is wrong?"
        />
      </Modal>
    </div>
  );
}

/** The chat pane: header with the way back (phones), block and report; messages by day; the composer. */
export function ChatPane({ conversationId, backTo }: { conversationId: string; backTo: string }) {
  const conversation = useConversation(conversationId);
  const messages = useMessages(conversationId);
  const markRead = useMarkConversationRead();
  const scroller = useRef<HTMLDivElement>(null);
  const all = useMemo(
    () => [...(messages.data?.pages ?? [])].reverse().flatMap((page) => page.messages),
    [messages.data],
  );
  const days = useMemo(() => groupByDay(all), [all]);
  const newestId = all.at(-1)?.id;
  const unread = conversation.data?.unread ?? 0;
  const mark = markRead.mutate;

  useEffect(() => {
    if (unread > 0 && newestId) mark(conversationId);
  }, [unread, newestId, conversationId, mark]);
  useEffect(() => {
    // A new message (or the first load) scrolls to the bottom; loading older ones does not.
    if (newestId && scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [newestId]);

  const failure = conversation.error ?? messages.error;
  const data = conversation.data;
  return (
    <section
      className="ll-chat"
      aria-label={data ? `Conversation with ${data.counterpart.name}` : 'Conversation'}
    >
      <header className="ll-chat__head">
        <Link to={backTo} className="ll-chat__back" aria-label="Back to conversations">
          <ArrowLeftOutlined aria-hidden /> <span>Back</span>
        </Link>
        <div className="ll-chat__who">
          <h2 className="ll-chat__name">{data?.counterpart.name ?? ' '}</h2>
          {data ? (
            <p className="ll-chat__detail">
              {data.counterpart.kind === 'support'
                ? (data.subject ?? 'Every Layerloom admin reads and answers here')
                : [data.subject, data.counterpart.email].filter(Boolean).join(' · ')}
            </p>
          ) : null}
        </div>
        {data ? <Actions conversation={data} /> : null}
      </header>
      <div className="ll-chat__scroll" ref={scroller}>
        {failure ? (
          <Alert type="error" showIcon message={errorMessage(failure)} />
        ) : !messages.data ? (
          <Skeleton active />
        ) : (
          <>
            {messages.hasNextPage ? (
              <div className="ll-chat__older">
                <Button
                  size="small"
                  loading={messages.isFetchingNextPage}
                  onClick={() => messages.fetchNextPage()}
                >
                  Load older messages
                </Button>
              </div>
            ) : null}
            {all.length === 0 ? <p className="ll-chat__empty">No messages yet. Say hello!</p> : null}
            {days.map((day) => (
              <div key={day.key} className="ll-chat__day">
                <h3 className="ll-chat__separator">
                  <span>{day.label}</span>
                </h3>
                <ol className="ll-chat__messages">
                  {day.messages.map((message) => (
                    <Bubble
                      key={message.id}
                      message={message}
                      mailed={data?.counterpart.kind === 'visitor'}
                    />
                  ))}
                </ol>
              </div>
            ))}
          </>
        )}
      </div>
      {data ? <Composer conversation={data} /> : null}
    </section>
  );
}
