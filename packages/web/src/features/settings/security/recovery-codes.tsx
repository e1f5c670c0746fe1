import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import { useFeedback } from '../../../app/feedback.ts';

/** The recovery codes as a text file's content. */
export function recoveryCodesText(codes: readonly string[]): string {
  return [
    'Layerloom recovery codes',
    'Each code signs you in once when you cannot use your authenticator app. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The recovery codes, shown once: copy or download them, then confirm they are saved. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const feedback = useFeedback();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      feedback.success('Recovery codes copied');
    } catch {
      feedback.info('Could not copy: select the codes and copy them by hand');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'layerloom-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="llsec-codes">
      <Alert
        type="warning"
        showIcon
        title="Save your recovery codes now"
        description="They are shown only this once. Each code signs you in one time if you lose your authenticator app."
      />
      <ol className="llsec-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          Download
        </Button>
        <Button type="primary" onClick={onDone}>
          I have saved my codes
        </Button>
      </Space>
    </div>
  );
}
