import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The account screens a form can point to. */
export type AuthView = 'login' | 'signup' | 'forgot';

const routes: Record<AuthView, string> = {
  login: '/auth/login',
  signup: '/auth/signup',
  forgot: '/auth/forgot',
};

/** A link to another account screen. */
export function AuthLink({ view, children }: { view: AuthView; children: ReactNode }) {
  return <Link to={routes[view]}>{children}</Link>;
}
