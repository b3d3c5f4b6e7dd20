import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const api = 'http://127.0.0.1:3000'

export default defineConfig({
  base: '/console/',
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/user': api, '/english_vocab': api, '/media-proxy': api, '/storage': api },
  },
})
