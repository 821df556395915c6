import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In development the edge runs beside Vite; in production it serves dist/ on the same origin.
const edge = 'http://127.0.0.1:3000';

/**
 * Writes sw-manifest.js beside the build: the files public/sw.js caches for an offline start, and
 * a release id from their names (hashed, so they change with their content). The worker imports it,
 * so a new build is a new worker and a fresh cache.
 */
function serviceWorkerManifest(): Plugin {
  return {
    name: 'opencare-sw-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => !name.endsWith('.map') && name !== 'index.html')
        .map((name) => `/${name}`)
        .sort();
      const release = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw-manifest.js',
        source: `self.OPENCARE_SW = ${JSON.stringify({ release, files })};\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), serviceWorkerManifest()],
  server: {
    proxy: {
      '/api': edge,
      '/trpc': edge,
      '/socket.io': { target: edge, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            // Only the LiveKit engine, loaded on demand, imports it: in `vendor` it would load on every page.
            { name: 'livekit', test: /node_modules[\\/]livekit-client[\\/]/, priority: 10 },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
