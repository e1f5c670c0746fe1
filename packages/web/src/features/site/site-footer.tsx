import { Link } from 'react-router';
import { DiscordOutlined, InstagramOutlined, XOutlined } from '../../app/plain-icons.tsx';
import { BrandLink } from './brand-mark.tsx';

/** The footer's links (spec section 2), grouped; every target is a real page. */
export const footerGroups = [
  {
    title: 'Product',
    links: [
      { label: 'Home', to: '/' },
      { label: 'App', to: '/dashboard' },
      { label: 'Metadata Viewer', to: '/metadata-viewer' },
      { label: 'Sample collection', to: '/sample-collection' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: '/help' },
      { label: 'Contact Us', to: '/contact' },
      { label: 'Affiliate Program', to: '/affiliate' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy' },
    ],
  },
] as const;

/** Layerloom's social accounts. */
export const socialLinks = [
  { label: 'Layerloom on X', href: 'https://x.com/layerloom', icon: <XOutlined /> },
  { label: 'Layerloom on Discord', href: 'https://discord.gg/layerloom', icon: <DiscordOutlined /> },
  {
    label: 'Layerloom on Instagram',
    href: 'https://www.instagram.com/layerloom',
    icon: <InstagramOutlined />,
  },
] as const;

/** The public footer: links, social media and the copyright line (current year; the spec's page said 2021). */
export function SiteFooter() {
  return (
    <footer className="ll-footer">
      <div className="ll-footer-inner">
        <div className="ll-footer-brand">
          <BrandLink inverted />
          <p>
            The no-code NFT collection generator for artists and creators: layers in, a finished collection
            out.
          </p>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.title} className="ll-footer-group" aria-label={group.title}>
            <h2>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="ll-footer-group">
          <h2>Social Media</h2>
          <ul className="ll-footer-social">
            {socialLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-label={link.label} target="_blank" rel="noopener noreferrer">
                  {link.icon}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="ll-footer-copyright">© {new Date().getFullYear()} Layerloom. All rights reserved.</p>
    </footer>
  );
}
