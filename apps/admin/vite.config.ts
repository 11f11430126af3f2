import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The operator console: its own build, served by the server under /admin (docs/admin-console.md).
 * Nothing of it is in the player app's build.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [
    react(),
    // Brotli and gzip copies next to every text file; the server sends the one the browser accepts.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, include: /\.(js|css|html|svg|json|txt)$/ }),
  ],
  server: {
    proxy: { '/admin-api': 'http://localhost:8080' },
  },
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', manifest: true },
});
