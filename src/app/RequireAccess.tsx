import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { decideRouteAccess, GUARD_REDIRECTS, type LoginRedirectState, type RouteRule } from '../lib/access';
import { usePermissions } from '../machines/root/root-actor';
import { Splash } from './StartupScreens';

/**
 * The route guard (000 section 2): no login → /login (remembering where the user was going, in the location
 * state `from`, so that sign-in returns there); an unconfirmed email that the rule refuses → /confirm-email;
 * roles that do not grant the route → /forbidden. While the session is being restored: the splash.
 */
export function RequireAccess({ rule, children }: { rule: RouteRule; children: ReactNode }) {
  const permissions = usePermissions();
  const location = useLocation();
  if (rule === 'public') return <>{children}</>;
  if (permissions === undefined) return <Splash />;
  const decision = decideRouteAccess(rule, permissions);
  if (decision === 'allowed') return <>{children}</>;
  if (decision === 'login') {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={GUARD_REDIRECTS.login} replace state={state} />;
  }
  return <Navigate to={GUARD_REDIRECTS[decision]} replace />;
}
