import { CloudUploadOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthModal, type AuthModalView } from '../auth/auth-modal.tsx';
import { useSession } from '../auth/session.ts';
import { BrandLink } from './brand-mark.tsx';
import { landingSections, SectionLink } from './section-link.tsx';

/** The public header: section anchors, login / sign-up (the authentication modal) and upload; a drawer on small screens. */
export function SiteHeader() {
  const navigate = useNavigate();
  const session = useSession();
  const [authView, setAuthView] = useState<AuthModalView>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const user = session.data ?? null;

  const openAuth = (view: Exclude<AuthModalView, null>) => {
    setMenuOpen(false);
    setAuthView(view);
  };
  const go = (path: string) => {
    setMenuOpen(false);
    void navigate(path);
  };

  const actions = (
    <>
      {user ? (
        <Button type="primary" onClick={() => go('/dashboard')}>
          Dashboard
        </Button>
      ) : (
        <>
          <Button type="text" className="ll-header-login" onClick={() => openAuth('login')}>
            Login
          </Button>
          <Button className="ll-header-signup" onClick={() => openAuth('signup')}>
            Sign up
          </Button>
        </>
      )}
      <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => go('/dashboard/nft')}>
        Upload
      </Button>
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
      <AuthModal view={authView} onClose={() => setAuthView(null)} />
    </header>
  );
}
