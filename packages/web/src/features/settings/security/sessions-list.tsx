import type { AccountSession } from '@layerloom/api';
import { Alert, Button, Popconfirm, Skeleton, Tag } from 'antd';
import { useFeedback } from '../../../app/feedback.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAccountSessions, useEndOtherSessions, useEndSession } from './security-queries.ts';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "Active now", "5 minutes ago", "yesterday", … for a past instant. */
export function lastSeenText(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (seconds > -300) return 'Active now';
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (-seconds >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(Math.round(seconds / 60), 'minute');
}

/** Active sessions: device, browser, address and last seen; sign out one, or every other. */
export function SessionsList() {
  const sessions = useAccountSessions();
  const endOthers = useEndOtherSessions();
  const feedback = useFeedback();

  const onEndOthers = async () => {
    try {
      const ended = await endOthers.mutateAsync();
      feedback.success(`Signed out ${ended} other ${ended === 1 ? 'session' : 'sessions'}`);
    } catch (error) {
      feedback.error(error);
    }
  };

  const others = sessions.data?.filter((session) => !session.isCurrent).length ?? 0;
  return (
    <section className="llsec-section" aria-labelledby="llsec-sessions-title">
      <div className="llsec-head">
        <div>
          <h2 id="llsec-sessions-title" className="llsec-title">
            Active sessions
          </h2>
          <p className="lls-hint">
            The devices signed in to your account. Sign out any you do not recognise.
          </p>
        </div>
        {others > 0 && (
          <Popconfirm
            title="Sign out every other session?"
            description="Every device but this one will need to log in again."
            okText="Sign out others"
            cancelText="Cancel"
            onConfirm={onEndOthers}
          >
            <Button danger loading={endOthers.isPending}>
              Sign out all other sessions
            </Button>
          </Popconfirm>
        )}
      </div>
      {sessions.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {sessions.isError && <Alert type="error" showIcon title={errorMessage(sessions.error)} role="alert" />}
      {sessions.data && (
        <ul className="llsec-sessions" aria-label="Active sessions">
          {sessions.data.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Active now' for this device and a session seen in the last minutes, else 'Last seen 3 hours ago'. */
function seenText(session: AccountSession): string {
  const seen = session.isCurrent ? 'Active now' : lastSeenText(session.lastSeenAt);
  return seen === 'Active now' ? seen : `Last seen ${seen}`;
}

function SessionItem({ session }: { session: AccountSession }) {
  const end = useEndSession();
  const feedback = useFeedback();
  const onEnd = async () => {
    try {
      await end.mutateAsync(session.id);
      feedback.success(`Signed out ${session.browser} on ${session.device}`);
    } catch (error) {
      feedback.error(error);
    }
  };
  const details = [session.browser, session.ip ?? 'Address unknown'].join(' · ');
  return (
    <li className="llsec-session">
      <div className="llsec-session__body">
        <p className="llsec-session__device">
          {session.device}
          {session.isCurrent && (
            <Tag className="llsec-current" color="purple">
              This device
            </Tag>
          )}
        </p>
        <p className="llsec-session__meta">{details}</p>
        <p className="llsec-session__meta">
          {seenText(session)}
          <span className="llsec-sr"> (signed in {new Date(session.signedInAt).toLocaleString('en')})</span>
        </p>
      </div>
      {!session.isCurrent && (
        <Button onClick={() => void onEnd()} loading={end.isPending} aria-label={`Sign out ${details}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}
