import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { registerServiceWorker } from './app/service-worker';
import { DEFAULT_COUNTRY } from './lib/shell-constants';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App hostname={window.location.hostname} defaultPortal={import.meta.env.VITE_DEFAULT_PORTAL ?? DEFAULT_COUNTRY} />
    </BrowserRouter>
  </StrictMode>,
);

registerServiceWorker();
