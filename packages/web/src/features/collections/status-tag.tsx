import type { CollectionStatus } from '@layerloom/api';
import { Tag } from 'antd';

// Darker text than the preset tag colours, so every state reads at 4.5:1 or better.
const looks: Record<CollectionStatus, { background: string; color: string; text: string }> = {
  ready: { background: '#e2f6ee', color: '#0a5e45', text: 'Ready' },
  generating: { background: '#ece5ff', color: '#4520b0', text: 'Generating' },
  failed: { background: '#fde8eb', color: '#9e1f35', text: 'Failed' },
  cancelled: { background: '#eeecf3', color: '#46405e', text: 'Cancelled' },
};

/** A collection's state as a small coloured tag. */
export function StatusTag({ status }: { status: CollectionStatus }) {
  const look = looks[status];
  return (
    <Tag
      variant="filled"
      className="llc-status-tag"
      style={{ background: look.background, color: look.color }}
    >
      {look.text}
    </Tag>
  );
}
