import { Alert, Button, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A secret shown this once (an API key, a webhook signing secret), with a copy button and "I have copied it". */
export function SecretOnce({
  title,
  secret,
  testId,
  copyLabel,
  children,
  onDone,
}: {
  title: string;
  secret: string;
  testId: string;
  copyLabel: string;
  children?: ReactNode;
  onDone: () => void;
}) {
  return (
    <Alert
      type="success"
      showIcon
      className="lldev-secret"
      title={title}
      description={
        <div className="lldev-secret__body">
          <Typography.Text code copyable={{ text: secret, tooltips: [copyLabel, 'Copied'] }}>
            <span className="lldev-secret__value" data-testid={testId}>
              {secret}
            </span>
          </Typography.Text>
          {children}
          <Button onClick={onDone}>I have copied it</Button>
        </div>
      }
    />
  );
}
