// The first stage of the console's start (main.tsx): React DOM, evaluated in a task of its own.
export { createRoot } from 'react-dom/client'
