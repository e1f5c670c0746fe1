import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Input } from 'antd';
import { EMBED_HEIGHT_MESSAGE } from './embed-height.ts';

/** The frame's height until the card says its own (about the card before a wallet connects). */
const START_HEIGHT_PX = 560;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The `<iframe>` that shows a drop's mint card on another site, and the few lines of script that size it:
 * the card posts `{ type: 'layerloom:mint-height', slug, height }` whenever its height changes (a status, an
 * error, a connected wallet), and the script sets the frame to it, so nothing is hidden inside the frame.
 * The script accepts only that frame's messages from `origin`.
 */
export function embedSnippet(origin: string, slug: string, name: string): string {
  const title = escapeAttribute(`Mint ${name}`);
  const id = `layerloom-mint-${slug.replace(/[^a-z0-9-]/gi, '')}`;
  return [
    `<iframe id="${id}" src="${origin}/mint/${encodeURIComponent(slug)}?embed=1" title="${title}" width="420" height="${START_HEIGHT_PX}" style="border:0;border-radius:16px;max-width:100%" loading="lazy"></iframe>`,
    '<script>',
    "addEventListener('message', function (event) {",
    `  var frame = document.getElementById('${id}');`,
    `  if (!frame || event.source !== frame.contentWindow || event.origin !== '${origin}') return;`,
    `  if (event.data && event.data.type === '${EMBED_HEIGHT_MESSAGE}' && typeof event.data.height === 'number') {`,
    "    frame.style.height = event.data.height + 'px';",
    '  }',
    '});',
    '</script>',
  ].join('\n');
}

/** A copyable embed code for the mint card, for the creator. */
export function EmbedSnippet({ slug, name }: { slug: string; name: string }) {
  const { message } = App.useApp();
  const snippet = embedSnippet(window.location.origin, slug, name);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      void message.success('Embed code copied');
    } catch {
      void message.error('Could not copy: select the code and copy it yourself.');
    }
  };
  return (
    <div className="llm-embed-snippet">
      <label htmlFor="llm-embed-code" className="llm-embed-label">
        Embed code
      </label>
      <Input.TextArea id="llm-embed-code" readOnly value={snippet} autoSize={{ minRows: 4, maxRows: 16 }} />
      <div>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          Copy embed code
        </Button>
      </div>
    </div>
  );
}
