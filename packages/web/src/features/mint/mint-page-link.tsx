import { EditOutlined } from '@ant-design/icons';
import { LinkButton } from '../../components/link-button.tsx';

/** The collection page's way into the mint page editor. */
export function MintPageLink({ collectionId }: { collectionId: string }) {
  return (
    <section className="llc-panel" aria-labelledby="llm-editor-link-title">
      <h2 id="llm-editor-link-title" className="llc-section-title">
        Mint page
      </h2>
      <p>Banner, title, links, accent colour, logo and the images collectors see, with a live preview.</p>
      <div>
        <LinkButton
          to={`/dashboard/collections/${collectionId}/mint-page`}
          icon={<EditOutlined aria-hidden />}
        >
          Edit the mint page
        </LinkButton>
      </div>
    </section>
  );
}
