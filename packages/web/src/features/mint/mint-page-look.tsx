import { DiscordOutlined, GlobalOutlined, XOutlined } from '@ant-design/icons';
import { accentPalette, type DropPage } from '@layerloom/api';
import { ConfigProvider } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/** The CSS variables and Ant Design tokens of a creator's accent (none: the page's own colours). */
export function accentStyle(accent: string | null): CSSProperties | undefined {
  if (!accent) return undefined;
  const palette = accentPalette(accent);
  return {
    '--llm-accent': palette.accent,
    '--llm-on-accent': palette.onAccent,
    '--llm-ink-light': palette.inkOnLight,
    '--llm-ink-dark': palette.inkOnDark,
  } as CSSProperties;
}

/**
 * The mint page's frame: a size container (its layout follows its own width, so the editor's preview
 * lays out like a phone when it is phone-wide) painted with the creator's accent, text on it kept readable.
 */
export function AccentTheme({ accent, children }: { accent: string | null; children: ReactNode }) {
  const frame = (
    <div className={`llm-page${accent ? ' llm-accented' : ''}`} style={accentStyle(accent)}>
      {children}
    </div>
  );
  if (!accent) return frame;
  const palette = accentPalette(accent);
  return (
    <ConfigProvider
      theme={{
        token: {
          colorPrimary: palette.accent,
          colorTextLightSolid: palette.onAccent,
          colorLink: palette.inkOnLight,
        },
      }}
    >
      {frame}
    </ConfigProvider>
  );
}

const LINKS = [
  { key: 'website', label: 'Website', icon: <GlobalOutlined aria-hidden /> },
  { key: 'x', label: 'X', icon: <XOutlined aria-hidden /> },
  { key: 'discord', label: 'Discord', icon: <DiscordOutlined aria-hidden /> },
] as const;

/** The creator's website, X and Discord links, each opening in a new tab; nothing when none is set. */
export function PageLinks({ links, compact = false }: { links: DropPage['links']; compact?: boolean }) {
  const shown = LINKS.filter(({ key }) => links[key]);
  if (shown.length === 0) return null;
  return (
    <ul className={`llm-links${compact ? ' llm-links-compact' : ''}`} aria-label="Links">
      {shown.map(({ key, label, icon }) => (
        <li key={key}>
          <a href={links[key] ?? undefined} target="_blank" rel="noopener noreferrer nofollow">
            {icon} {label}
            <span className="ll-visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
