// Prints one closing line over the vitest JSON reports: "tests: N passed, N failed, N skipped",
// after the name of each failed test, its first message line and where it stopped (the test file's line, and
// for a browser wait what it waited for), since CI shows only the log's tail.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${file}: no report (the run did not finish)`)
    failed += 1
    continue
  }
  const r = JSON.parse(readFileSync(file, 'utf8'))
  console.log(`${file}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`)
  passed += r.numPassedTests
  failed += r.numFailedTests + (r.success === false && r.numFailedTests === 0 ? 1 : 0)
  skipped += r.numPendingTests + r.numTodoTests
  for (const suite of r.testResults ?? []) {
    const failures = (suite.assertionResults ?? []).filter((t) => t.status === 'failed')
    if (suite.status === 'failed' && failures.length === 0) {
      console.log(`FAILED ${suite.name}: ${firstLine(suite.message)}`)
    }
    for (const t of failures) {
      console.log(`FAILED ${suite.name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
      for (const line of whereItStopped(t.failureMessages?.[0])) console.log(`  ${line}`)
    }
  }
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)

function firstLine(text) {
  return String(text ?? '').split('\n').find((line) => line.trim() !== '')?.slice(0, 300) ?? ''
}

/** The first line of a stack in a test file, and the first thing Playwright's call log says it waited for. */
function whereItStopped(text) {
  // Playwright dims its call log with terminal colour codes.
  const lines = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((line) => line.trim())
  const frame = lines.find((line) => /^at .*\.(test|e2e)\.ts:\d+/.test(line))
  const waited = lines.find((line) => /^- waiting for /.test(line))
  return [frame, waited].filter(Boolean).map((line) => line.slice(0, 300))
}
