import { CloudUploadOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { LinkButton } from '../../components/link-button.tsx';
import { useSession } from '../auth/session.ts';
import { BrandLink } from './brand-mark.tsx';
import { landingSections, SectionLink } from './section-link.tsx';

/**
 * The public header: section anchors, Login / Sign up and Upload; a drawer on small screens. Login and
 * Sign up are links to the account pages, so the landing page and `/auth/login` are one experience
 * (one form, one outcome, a real address to come back to) rather than a modal copy of the pages.
 */
export function SiteHeader() {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const user = session.data ?? null;
  const close = () => setMenuOpen(false);

  const actions = (
    <>
      {user ? (
        <LinkButton type="primary" to="/dashboard" onNavigate={close}>
          Dashboard
        </LinkButton>
      ) : (
        <>
          <LinkButton type="text" className="ll-header-login" to="/auth/login" onNavigate={close}>
            Login
          </LinkButton>
          <LinkButton className="ll-header-signup" to="/auth/signup" onNavigate={close}>
            Sign up
          </LinkButton>
        </>
      )}
      <LinkButton type="primary" icon={<CloudUploadOutlined />} to="/dashboard/nft" onNavigate={close}>
        Upload
      </LinkButton>
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
        <Button
          className="ll-header-menu"
          type="text"
          icon={<MenuOutlined />}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        />
      </div>
      <Drawer
        title="Layerloom"
        placement="right"
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        size={300}
        className="ll-drawer"
      >
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
      </Drawer>
    </header>
  );
}
