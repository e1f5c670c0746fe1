import { ChangePasswordForm } from './change-password-form.tsx';
import { SessionsList } from './sessions-list.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import './security.css';

/** Settings › Security: change password, two-factor sign-in and the active sessions. */
export function SecurityTab() {
  return (
    <div className="llsec">
      <ChangePasswordForm />
      <TwoFactorSection />
      <SessionsList />
    </div>
  );
}
