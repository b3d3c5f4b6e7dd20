// The third stage of the console's start (main.tsx): the API contract (its routes and texts; zod is not in
// the first screens' code, decision 0032), evaluated in a task of its own. One name is enough: importing it
// evaluates the whole chunk the contract is built into.
export { TOKEN_COOKIE } from '@lingocast/contract'
