import { Modal } from 'antd';

/** Which view the authentication modal opens on (null: closed). */
export type AuthModalView = 'login' | 'signup' | null;

// Temporary: replaced by the authentication modal this session.
export function AuthModal({ view, onClose }: { view: AuthModalView; onClose: () => void }) {
  return (
    <Modal
      open={view !== null}
      onCancel={onClose}
      footer={null}
      title={view === 'signup' ? 'Sign up' : 'Login'}
    />
  );
}
