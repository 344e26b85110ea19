import type { RouteObject } from 'react-router-dom';
import { Shell } from './Shell';

/** The route table: every screen is its own lazily loaded chunk (route-level code splitting). */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { index: true, lazy: () => import('../features/public/HomePage') },
      { path: '*', lazy: () => import('../features/public/ErrorPage') },
    ],
  },
];
