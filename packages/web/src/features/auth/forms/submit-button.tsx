import { Button } from 'antd';
import type { ReactNode } from 'react';

/** A form's full-width submit button: spinning while the call runs, disabled while the server's rate limit lasts. */
export function SubmitButton({
  submitting,
  wait,
  children,
}: {
  submitting: boolean;
  /** Seconds left of a rate-limit pause (0 when none). */
  wait: number;
  children: ReactNode;
}) {
  return (
    <Button
      type="primary"
      htmlType="submit"
      block
      size="large"
      loading={submitting && wait === 0}
      disabled={wait > 0}
    >
      {children}
    </Button>
  );
}
