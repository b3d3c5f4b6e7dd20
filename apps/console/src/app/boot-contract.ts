// The third stage of the console's start (main.tsx): the API contract and zod, evaluated in a task of their own.
export { TOKEN_COOKIE } from '@lingocast/contract'
