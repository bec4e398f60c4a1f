import { execSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const clientRoot = dirname(fileURLToPath(import.meta.url));
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** BUILD_ID from the environment, else the git short sha, else 'dev'. Shown as 'v<id>' in production. */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  try {
    return execSync('git rev-parse --short HEAD', { cwd: clientRoot, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'dev';
  }
}

export default defineConfig({
  root: clientRoot,
  plugins: [react()],
  resolve: {
    alias: {
      '@': resolve(clientRoot, 'src'),
      '@domain': resolve(clientRoot, '../server/src/domain'),
    },
  },
  define: {
    __BUILD_ID__: JSON.stringify(buildId()),
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: resolve(clientRoot, '../dist/client'),
    emptyOutDir: true,
    // No source maps in the build: they would publish the client's source. The dev server has its own.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, cached across deploys of app code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
