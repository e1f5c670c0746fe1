import { EditOutlined } from '@ant-design/icons';
import { LinkButton } from '../../components/link-button.tsx';
import './mint-page-link.css';

/** The collection page's way into the mint page editor, styled like the page's other sections. */
export function MintPageLink({ collectionId }: { collectionId: string }) {
  return (
    <section className="llc-ipfs llm-editor-link" aria-labelledby="llm-editor-link-title">
      <h2 id="llm-editor-link-title" className="llc-section-label">
        Mint page
      </h2>
      <p className="llm-editor-link-text">
        Banner, title, links, accent colour, logo and the images collectors see, with a live preview.
      </p>
      <LinkButton to={`/dashboard/collections/${collectionId}/mint-page`} icon={<EditOutlined aria-hidden />}>
        Edit the mint page
      </LinkButton>
    </section>
  );
}
