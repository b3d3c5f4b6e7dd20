// The third stage of the console's start (main.tsx): the API contract and zod, evaluated in a task of their
// own. One name is enough: importing it evaluates the whole chunk the contract and zod are built into.
export { TOKEN_COOKIE } from '@lingocast/contract'
