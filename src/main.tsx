import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { routes } from './app/routes';
import { registerServiceWorker } from './app/service-worker';
import { DEFAULT_COUNTRY } from './lib/shell-constants';

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} hostname={window.location.hostname} defaultPortal={import.meta.env.VITE_DEFAULT_PORTAL ?? DEFAULT_COUNTRY} />
  </StrictMode>,
);

registerServiceWorker();
