import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';

/** The logo linking home. */
export function BrandLink({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" className={`ll-brand ${inverted ? 'll-brand-inverted' : ''}`} aria-label="Layerloom home">
      <BrandMark />
      <span className="ll-brand-name">Layerloom</span>
    </Link>
  );
}
