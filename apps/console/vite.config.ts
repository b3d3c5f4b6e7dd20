import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'

const api = 'http://127.0.0.1:3000'

export default defineConfig({
  base: '/console/',
  plugins: [
    react(),
    tailwindcss(),
    // A .br and a .gz beside every text file of the build, at the highest levels (made once, sent many
    // times): the server sends the one the browser asks for (apps/server/src/plugins/console-static.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/user': api, '/english_vocab': api, '/media-proxy': api, '/storage': api },
  },
})
