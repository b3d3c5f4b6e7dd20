// wouter imports useSyncExternalStore from the shim package for React 17 and older; React 19 has it, and the
// shim's fallback code need not ship (vite.config.ts points the shim's import here).
export { useSyncExternalStore } from 'react'
