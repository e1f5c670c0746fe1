import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Input } from 'antd';

/** The `<iframe>` that shows a drop's mint card on another site. */
export function embedSnippet(origin: string, slug: string, name: string): string {
  const title = `Mint ${name}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${origin}/mint/${encodeURIComponent(slug)}?embed=1" title="${title}" width="420" height="640" style="border:0;border-radius:16px;max-width:100%" loading="lazy"></iframe>`;
}

/** A copyable embed code for the mint card. */
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
      <Input.TextArea id="llm-embed-code" readOnly value={snippet} autoSize={{ minRows: 2, maxRows: 5 }} />
      <div>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          Copy embed code
        </Button>
      </div>
    </div>
  );
}
