import { Button } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { Link } from 'react-router';

/** The account screens a form can point to: a route on the pages, a view in the modal. */
export type AuthView = 'login' | 'signup' | 'forgot';

const routes: Record<AuthView, string> = {
  login: '/auth/login',
  signup: '/auth/signup',
  forgot: '/auth/forgot',
};

/** Set by the modal so the forms' links switch its view instead of leaving the page. */
const AuthNavigationContext = createContext<((view: AuthView) => void) | null>(null);

/** Makes every AuthLink inside switch views with `onNavigate` (the modal) rather than routing. */
export function AuthNavigationProvider({
  onNavigate,
  children,
}: {
  onNavigate: (view: AuthView) => void;
  children: ReactNode;
}) {
  return <AuthNavigationContext.Provider value={onNavigate}>{children}</AuthNavigationContext.Provider>;
}

/** A link to another account screen: a route link on the pages, a view switch inside the modal. */
export function AuthLink({ view, children }: { view: AuthView; children: ReactNode }) {
  const onNavigate = useContext(AuthNavigationContext);
  if (onNavigate) {
    return (
      <Button type="link" className="ll-inline-link" onClick={() => onNavigate(view)}>
        {children}
      </Button>
    );
  }
  return <Link to={routes[view]}>{children}</Link>;
}
