import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';

/** Below this width the tools fold away: three long forms would push the gallery a phone screen's height many times down. */
const PHONE = '(max-width: 767px)';

/**
 * The collection's tools (reroll, grow, edit metadata). On a phone they start folded under one button, so the
 * gallery comes right after the collection's facts; they stay open while a reroll chooses tokens in it.
 */
export function AmendTools(props: { children: ReactNode; choosing: boolean }) {
  const [phone] = useState(() => window.matchMedia(PHONE).matches);
  const [open, setOpen] = useState(!phone);
  if (!phone) return <div className="llc-amend">{props.children}</div>;
  const shown = open || props.choosing;
  return (
    <>
      <section className="llc-panel llc-amend-fold" aria-labelledby="llc-amend-fold-title">
        <div>
          <h2 id="llc-amend-fold-title" className="llc-section-title">
            Change the collection
          </h2>
          <p className="llc-muted">Reroll tokens, grow the collection or edit its metadata.</p>
        </div>
        {props.choosing ? null : (
          <Button
            icon={shown ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
            aria-expanded={shown}
            aria-controls="llc-amend-tools"
            onClick={() => setOpen(!shown)}
          >
            {shown ? 'Hide the tools' : 'Show the tools'}
          </Button>
        )}
      </section>
      <div id="llc-amend-tools" className="llc-amend" hidden={!shown}>
        {shown ? props.children : null}
      </div>
    </>
  );
}
