import { ChangePasswordForm } from './change-password-form.tsx';
import { SessionsList } from './sessions-list.tsx';
import './security.css';

/** Settings › Security: change password and the active sessions. */
export function SecurityTab() {
  return (
    <div className="llsec">
      <ChangePasswordForm />
      <SessionsList />
    </div>
  );
}
