import { Navigate } from 'react-router-dom';
/**
 * A screen that is another route's screen under a second name (the spec's /identity and /tracking): the URL
 * becomes the canonical one, so menus, titles and bookmarks agree.
 */
export function redirectScreen(to: string) {
  return async () => ({ Component: function Redirect() { return <Navigate replace to={to} />; } });
}
