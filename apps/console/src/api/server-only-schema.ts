/**
 * What the browser's build puts in place of each contract schema's code (server-only-schemas.ts beside
 * vite.config.ts, decision 0035): the route keeps its method, path and texts, and the server alone runs
 * the schema. The console checks answers by their shapes (answer-check.ts); a rule it runs before it
 * sends is a `fieldRule` in the contract, whose code the build keeps.
 */
export function serverOnlySchema(): never {
  throw new Error("A contract schema ran in the browser, whose build carries only the rules marked fieldRule (decision 0035): mark this one in packages/contract, or check the answer by its shape")
}
