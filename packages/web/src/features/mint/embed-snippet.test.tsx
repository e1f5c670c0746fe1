import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBED_HEIGHT_MESSAGE, postEmbedHeight } from './embed-height.ts';
import { embedSnippet } from './embed-snippet.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('embedSnippet', () => {
  it('frames the card and sizes the frame from the messages of that frame only', () => {
    const snippet = embedSnippet('https://drops.example.com', 'night-cats', 'Night "Cats" <3>');
    expect(snippet).toContain(
      '<iframe id="layerloom-mint-night-cats" src="https://drops.example.com/mint/night-cats?embed=1" title="Mint Night &quot;Cats&quot; &lt;3>"',
    );
    expect(snippet).toContain(
      "event.source !== frame.contentWindow || event.origin !== 'https://drops.example.com'",
    );
    expect(snippet).toContain(`event.data.type === '${EMBED_HEIGHT_MESSAGE}'`);

    // The script, run on a page that frames the card, applies the height the card posts.
    document.body.innerHTML = snippet.slice(0, snippet.indexOf('<script>'));
    const frame = document.getElementById('layerloom-mint-night-cats') as HTMLIFrameElement;
    const script = snippet.slice(snippet.indexOf('<script>') + 8, snippet.indexOf('</script>'));
    new Function(script)();
    const send = (data: unknown, origin: string, source: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    send({ type: EMBED_HEIGHT_MESSAGE, height: 733 }, 'https://drops.example.com', frame.contentWindow);
    expect(frame.style.height).toBe('733px');
    // Another origin, another window or another message changes nothing.
    send({ type: EMBED_HEIGHT_MESSAGE, height: 90 }, 'https://evil.example', frame.contentWindow);
    send({ type: EMBED_HEIGHT_MESSAGE, height: 91 }, 'https://drops.example.com', window);
    send({ type: 'other', height: 92 }, 'https://drops.example.com', frame.contentWindow);
    expect(frame.style.height).toBe('733px');
  });
});

describe('postEmbedHeight', () => {
  it("posts the card's height to the framing page, and again when it changes", () => {
    let resized: () => void = () => undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const parent = { postMessage: vi.fn() };
    vi.stubGlobal('parent', parent);
    const element = document.createElement('div');
    let height = 480.2;
    element.getBoundingClientRect = () => ({ height }) as DOMRect;
    const stop = postEmbedHeight(element, 'night-cats', 24);
    expect(parent.postMessage).toHaveBeenLastCalledWith(
      { type: 'layerloom:mint-height', slug: 'night-cats', height: 505 },
      '*',
    );
    height = 700;
    resized();
    expect(parent.postMessage).toHaveBeenLastCalledWith(
      { type: 'layerloom:mint-height', slug: 'night-cats', height: 724 },
      '*',
    );
    resized();
    expect(parent.postMessage).toHaveBeenCalledTimes(2);
    stop();
  });
});
