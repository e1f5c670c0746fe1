import { useLocation } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { PublicLayout } from './public-layout.tsx';

/** The 404 page: says what happened and offers the ways on. */
export function NotFoundPage() {
  const location = useLocation();
  return (
    <PublicLayout title="Page not found">
      <section className="ll-not-found">
        <div className="ll-container">
          <img src="/art/sample/24.webp" alt="" width={180} height={180} className="ll-not-found-art" />
          <p className="ll-eyebrow">Error 404</p>
          <h1>Page not found</h1>
          <p>
            There is nothing at <code>{location.pathname}</code>. The link may be old, or the address
            mistyped.
          </p>
          <div className="ll-not-found-actions">
            <LinkButton to="/" type="primary" size="large">
              Back to the home page
            </LinkButton>
            <LinkButton to="/help" size="large">
              Visit the Help Center
            </LinkButton>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
