import { type ProjectViewer, workspaceRoles } from '@layerloom/api';
import { Avatar, Tooltip } from 'antd';
import './review.css';

/** "Ada Lovelace" → "AL"; one word → its first letter. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words.slice(0, 1);
  return letters.map((word) => word?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/** "Ada", "Ada and Bob", "Ada, Bob and 2 others". */
export function namesSentence(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  const rest = names.length - 2;
  return `${names.slice(0, 2).join(', ')} and ${rest} ${rest === 1 ? 'other' : 'others'}`;
}

/**
 * The other members who have this project open in the editor now, as avatars and a sentence
 * ("Ada Admin is editing now"). Nothing shows while the caller is alone.
 */
export function PresenceStrip({ viewers }: { viewers: readonly ProjectViewer[] }) {
  const others = viewers.filter((viewer) => !viewer.you);
  if (others.length === 0) return null;
  const sentence = `${namesSentence(others.map((viewer) => viewer.name))} ${others.length === 1 ? 'is' : 'are'} editing now`;
  return (
    <section className="ll-presence" aria-label="Who else has this project open">
      <Avatar.Group max={{ count: 4 }} size="small">
        {others.map((viewer) => (
          <Tooltip key={viewer.userId} title={`${viewer.name} (${workspaceRoles[viewer.role].label})`}>
            <Avatar className="ll-presence-avatar" aria-hidden="true">
              {initialsOf(viewer.name)}
            </Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
      <span className="ll-presence-text" role="status">
        {sentence}
      </span>
    </section>
  );
}
