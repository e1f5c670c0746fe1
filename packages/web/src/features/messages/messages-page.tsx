import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSession } from '../auth/session.ts';
import { ChatPane } from './chat-pane.tsx';
import { ConversationList } from './conversation-list.tsx';
import {
  type Box,
  useConversation,
  useLiveMessages,
  useOpenSupport,
  useStartConversation,
} from './messages-queries.ts';
import './messages.css';

function NewConversation({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const start = useStartConversation();
  const [to, setTo] = useState('');
  const close = () => {
    setTo('');
    start.reset();
    onClose();
  };
  const submit = () => {
    if (!to.trim()) return;
    start.mutate(to.trim(), {
      onSuccess: (conversation) => {
        close();
        void navigate(`/dashboard/messages/${conversation.id}`);
      },
    });
  };
  return (
    <Modal
      title="New conversation"
      open={open}
      okText="Start"
      confirmLoading={start.isPending}
      okButtonProps={{ disabled: !to.trim() }}
      onOk={submit}
      onCancel={close}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="ll-msg-new__label" htmlFor="ll-msg-new-to">
          Their email or user ID
        </label>
        <Input
          id="ll-msg-new-to"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          maxLength={254}
          autoFocus
          status={start.isError ? 'error' : undefined}
          aria-describedby="ll-msg-new-help"
          placeholder="name@example.com or a user ID"
        />
        <p
          id="ll-msg-new-help"
          className={`ll-msg-new__help${start.isError ? ' ll-msg-new__help--error' : ''}`}
        >
          {start.isError
            ? errorMessage(start.error)
            : 'Your user ID is on your Profile page; share it, or your email, with people you know.'}
        </p>
      </form>
    </Modal>
  );
}

/**
 * `/dashboard/messages[/:conversationId]`: the contact list and the open chat side by side; on phones one at a
 * time (the chat has a way back). Admins switch to the support inbox, where they answer as Layerloom support.
 */
export function MessagesPage() {
  useDocumentTitle('Messages');
  useLiveMessages();
  const { conversationId } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const isAdmin = useSession().data?.role === 'admin';
  const open = useConversation(conversationId);
  // A support thread belongs to the inbox tab however it was opened (a notification's link, an address
  // without ?box): the tab follows the open conversation, not only the address.
  const box: Box =
    isAdmin && (params.get('box') === 'support' || open.data?.asSupport === true) ? 'support' : 'mine';
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const support = useOpenSupport();
  const listPath = `/dashboard/messages${box === 'support' ? '?box=support' : ''}`;

  return (
    <div className={`ll-msg${conversationId ? ' ll-msg--open' : ''}`}>
      <ConversationList
        box={box}
        onBox={
          isAdmin
            ? (next) => {
                setQuery('');
                // The open chat stays open when it belongs to the chosen box, and closes when it does not
                // (else the tab, following the open conversation, would not move).
                if (open.data && open.data.asSupport !== (next === 'support')) {
                  void navigate(`/dashboard/messages${next === 'support' ? '?box=support' : ''}`);
                } else {
                  setParams(next === 'support' ? { box: 'support' } : {});
                }
              }
            : undefined
        }
        query={query}
        onQuery={setQuery}
        selectedId={conversationId}
        onNew={() => setCreating(true)}
        supportPending={support.isPending}
        onSupport={() =>
          support.mutate(undefined, {
            onSuccess: (conversation) => void navigate(`/dashboard/messages/${conversation.id}`),
            onError: (error) => feedback.error(error),
          })
        }
      />
      {conversationId ? (
        <ChatPane key={conversationId} conversationId={conversationId} backTo={listPath} />
      ) : (
        <section className="ll-chat ll-chat--none" aria-label="Conversation">
          <p>Choose a conversation, start a new one, or write to Layerloom support.</p>
        </section>
      )}
      <NewConversation open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
