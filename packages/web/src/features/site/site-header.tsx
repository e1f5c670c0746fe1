import { useState } from 'react';
import { PlainButtonContent, PlainLinkButton, plainButtonClass } from '../../app/plain-button.tsx';
import { CloudUploadOutlined, MenuOutlined } from '../../app/plain-icons.tsx';
import { useSession } from '../auth/session.ts';
import { BrandLink } from './brand-mark.tsx';
import { landingSections, SectionLink } from './section-link.tsx';
import { SiteDrawer } from './site-drawer.tsx';

/**
 * The public header: section anchors, Login / Sign up and Upload; a drawer on small screens. Login and
 * Sign up are links to the account pages, so the landing page and `/auth/login` are one experience
 * (one form, one outcome, a real address to come back to) rather than a modal copy of the pages. Plain
 * React (the landing page's first load carries no antd), with antd's button and drawer looks.
 */
export function SiteHeader() {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const user = session.data ?? null;
  const close = () => setMenuOpen(false);

  const actions = (
    <>
      {user ? (
        <PlainLinkButton type="primary" to="/dashboard" onNavigate={close}>
          Dashboard
        </PlainLinkButton>
      ) : (
        <>
          <PlainLinkButton type="text" className="ll-header-login" to="/auth/login" onNavigate={close}>
            Login
          </PlainLinkButton>
          <PlainLinkButton className="ll-header-signup" to="/auth/signup" onNavigate={close}>
            Sign up
          </PlainLinkButton>
        </>
      )}
      <PlainLinkButton type="primary" icon={<CloudUploadOutlined />} to="/dashboard/nft" onNavigate={close}>
        Upload
      </PlainLinkButton>
    </>
  );

  return (
    <header className="ll-header">
      <div className="ll-header-inner">
        <BrandLink inverted />
        <nav className="ll-header-nav" aria-label="Main">
          {landingSections.map((section) => (
            <SectionLink key={section.id} id={section.id} className="ll-header-link">
              {section.label}
            </SectionLink>
          ))}
        </nav>
        <div className="ll-header-actions">{actions}</div>
        <button
          type="button"
          className={plainButtonClass({ type: 'text', icon: true, className: 'll-header-menu' }, true)}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <PlainButtonContent icon={<MenuOutlined />} />
        </button>
      </div>
      <SiteDrawer title="Layerloom" open={menuOpen} onClose={() => setMenuOpen(false)}>
        <nav className="ll-drawer-nav" aria-label="Main (menu)">
          {landingSections.map((section) => (
            <SectionLink
              key={section.id}
              id={section.id}
              className="ll-drawer-link"
              onNavigate={() => setMenuOpen(false)}
            >
              {section.label}
            </SectionLink>
          ))}
        </nav>
        <div className="ll-drawer-actions">{actions}</div>
      </SiteDrawer>
    </header>
  );
}
