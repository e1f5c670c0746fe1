import { Typography } from 'antd';

/** The SDK quick start, as in @layerloom/sdk's README, pointed at this server. */
export function sdkQuickStart(serverUrl: string): string {
  return `import { Layerloom } from '@layerloom/sdk';

const layerloom = new Layerloom({
  apiKey: process.env.LAYERLOOM_API_KEY,
  baseUrl: '${serverUrl}',
});

const project = await layerloom.projects.create({ name: 'Pixel Cats', collectionSize: 100, width: 512, height: 512 });
await layerloom.projects.importLayers(project.id, './layers');
const collection = await layerloom.collections.generate(project.id);
for await (const progress of layerloom.collections.progress(collection.id)) {
  console.log(\`\${progress.done}/\${progress.total}\`);
}
await layerloom.collections.downloadTo(collection.id, { to: './pixel-cats.zip' });`;
}

/** The CLI's remote commands against this server. */
export function cliQuickStart(serverUrl: string): string {
  return `npm install @layerloom/engine @layerloom/sdk
npx layerloom login --url ${serverUrl}
npx layerloom push ./layers --count 100
npx layerloom generate --remote <projectId>
npx layerloom pull <collectionId>`;
}

/** Settings › Developers: how to use a key from the SDK and the CLI, with this server's address filled in. */
export function SdkQuickStart({ serverUrl = window.location.origin }: { serverUrl?: string }) {
  const code = sdkQuickStart(serverUrl);
  const cli = cliQuickStart(serverUrl);
  return (
    <section className="lldev-section" aria-labelledby="lldev-sdk-title">
      <h2 id="lldev-sdk-title" className="lldev-title">
        Use the SDK
      </h2>
      <p className="lldev-hint">
        <code>@layerloom/sdk</code> is the typed TypeScript client of this API (Node 20+ and browsers). With a
        key that has the <code>read</code> and <code>generate</code> scopes in <code>LAYERLOOM_API_KEY</code>,
        this creates a project from a HashLips <code>layers/</code> folder, generates it and downloads it:
      </p>
      <Typography.Paragraph
        copyable={{ text: code, tooltips: ['Copy the code', 'Copied'] }}
        className="lldev-copy"
      >
        <span className="lldev-copy-label">TypeScript</span>
      </Typography.Paragraph>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1). */}
      <section className="lldev-code" tabIndex={0} aria-label="SDK quick start code">
        <pre>
          <code>{code}</code>
        </pre>
      </section>
      <Typography.Paragraph
        copyable={{ text: cli, tooltips: ['Copy the commands', 'Copied'] }}
        className="lldev-copy"
      >
        <span className="lldev-copy-label">Or from a terminal</span>
      </Typography.Paragraph>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1). */}
      <section className="lldev-code" tabIndex={0} aria-label="CLI commands">
        <pre>
          <code>{cli}</code>
        </pre>
      </section>
    </section>
  );
}
