import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { printTable } from './harness'

/**
 * The console's initial JavaScript for login + Learning, gzipped (QUALITY.md:
 * <= 170 KB; a slow phone asks for 130: decisions 0029 to 0036), from the build (`npm run build` first): every script index.html
 * loads (its module scripts and modulepreloads), and the files of the login
 * and Learning screens that the server names for those two routes
 * (route-preloads.json), each once. A file is counted at the size of the .gz
 * the build wrote beside it (what the server sends to a browser that asks for
 * gzip), a file under 1 KiB (no .gz) at its own size; gzip -9 of the file
 * itself is the baseline, to show the two agree.
 */
const dist = path.resolve(process.env.BENCH_CONSOLE_DIR ?? path.join(import.meta.dirname, '../apps/console/dist'))
const BUDGET_KB = 170
/** What a slow phone asks for (the goal of decisions 0032 to 0036). */
const PHONE_GOAL_KB = 130

const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
const fromHtml = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/console\/([^"]+\.js)"/g)].map((m) => m[1]!)
const table = JSON.parse(readFileSync(path.join(dist, 'route-preloads.json'), 'utf8')) as Array<{ path: string; files: string[] }>
const routeFiles = (routePath: string) => {
  const route = table.find((r) => r.path === routePath)
  if (!route) throw new Error(`route-preloads.json has no ${routePath}`)
  return route.files
}

const groups = [
  { name: 'index.html (entry, early check, modulepreloads)', files: fromHtml },
  { name: 'login screen', files: routeFiles('/login') },
  { name: 'Learning screen', files: routeFiles('/') },
]

const counted = new Set<string>()
const rows: Array<Record<string, string | number>> = []
let sent = 0
let gzip9 = 0
for (const group of groups) {
  let groupSent = 0
  let groupGzip9 = 0
  const fresh = [...new Set(group.files)].filter((f) => !counted.has(f))
  for (const file of fresh) {
    counted.add(file)
    const full = path.join(dist, file)
    const gz = `${full}.gz`
    groupSent += existsSync(gz) ? statSync(gz).size : statSync(full).size
    groupGzip9 += gzipSync(readFileSync(full), { level: 9 }).length
  }
  sent += groupSent
  gzip9 += groupGzip9
  rows.push({ part: group.name, files: fresh.length, 'sent gzip KB': (groupSent / 1000).toFixed(1), 'gzip -9 KB': (groupGzip9 / 1000).toFixed(1) })
}
rows.push({ part: 'total', files: counted.size, 'sent gzip KB': (sent / 1000).toFixed(1), 'gzip -9 KB': (gzip9 / 1000).toFixed(1) })
printTable(rows)
console.log(`RESULT initial_js_gzip_kb=${(sent / 1000).toFixed(1)} budget_kb=${BUDGET_KB} within_budget=${sent / 1000 <= BUDGET_KB ? 1 : 0} phone_goal_kb=${PHONE_GOAL_KB} within_phone_goal=${sent / 1000 <= PHONE_GOAL_KB ? 1 : 0} files=${counted.size}`)
