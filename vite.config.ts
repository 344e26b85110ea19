import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server the dev proxy forwards to (`npm run dev` starts it on this port).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;

export default defineConfig({
  plugins: [react()],
  define: {
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  server: {
    proxy: {
      '/identity': apiTarget,
      '/connect': apiTarget,
      '/hubs': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: true,
  },
});
