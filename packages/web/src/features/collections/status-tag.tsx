import type { CollectionStatus } from '@layerloom/api';
import { Tag } from 'antd';

const looks: Record<CollectionStatus, { color: string; text: string }> = {
  ready: { color: 'success', text: 'Ready' },
  generating: { color: 'processing', text: 'Generating' },
  failed: { color: 'error', text: 'Failed' },
  cancelled: { color: 'default', text: 'Cancelled' },
};

/** A collection's state as a small coloured tag. */
export function StatusTag({ status }: { status: CollectionStatus }) {
  const look = looks[status];
  return (
    <Tag color={look.color} variant="filled" className="ll-status-tag">
      {look.text}
    </Tag>
  );
}
