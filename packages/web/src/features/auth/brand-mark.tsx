import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import './brand-mark.css';

/** The mark and the word "Layerloom", linking home. `tone` picks text colour for dark or light ground. */
export function BrandLogo({ tone = 'dark', to = '/' }: { tone?: 'dark' | 'light'; to?: string }) {
  return (
    <Link to={to} className={`ll-brand ll-brand--${tone}`} aria-label="Layerloom home">
      <BrandMark />
      <span className="ll-brand__word">Layerloom</span>
    </Link>
  );
}
