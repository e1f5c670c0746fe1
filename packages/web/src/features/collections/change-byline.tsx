import { formatDate } from './format.ts';

/** Who made a change to a collection, when, and whether its job is still running or failed. */
export function ChangeByline({
  change,
}: {
  change: { createdBy: string; createdAt: string; status: 'running' | 'done' | 'failed' };
}) {
  return (
    <span className="llc-muted">
      {change.createdBy} · {formatDate(change.createdAt)}{' '}
      {new Date(change.createdAt).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}
      {change.status === 'running' ? ' · in progress' : change.status === 'failed' ? ' · failed' : ''}
    </span>
  );
}
