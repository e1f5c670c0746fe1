import { KeyOutlined } from '@ant-design/icons';
import { LinkButton } from '../../components/link-button.tsx';

/** Shown on the code and new-password steps when no reset is in progress in this tab. */
export function MissingReset() {
  return (
    <div>
      <div className="ll-result-icon ll-result-icon--info">
        <KeyOutlined aria-hidden="true" />
      </div>
      <p className="ll-result-text">
        There is no password reset in progress in this browser tab. Ask for a code first; it is sent to your
        email.
      </p>
      <LinkButton to="/auth/forgot" type="primary" size="large" block>
        Reset Password
      </LinkButton>
    </div>
  );
}
