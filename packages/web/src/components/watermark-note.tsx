import { InfoCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { PLANS_PATH } from '../lib/plans-path.ts';
import './watermark-note.css';

/** The Free plan's watermark text, drawn on previews and on generated images. */
export const WATERMARK_TEXT = 'Layerloom Free';

/** Says that `what` carries the Free plan's watermark, and links to the plans without it. */
export function WatermarkNote({ what, className }: { what: string; className?: string }) {
  return (
    <p className={`ll-watermark-note${className ? ` ${className}` : ''}`}>
      <InfoCircleOutlined aria-hidden="true" />
      <span>
        {what} carry the “{WATERMARK_TEXT}” watermark of the Free plan.{' '}
        <Link to={PLANS_PATH}>See the plans without watermark</Link>
      </span>
    </p>
  );
}
