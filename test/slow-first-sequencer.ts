import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The longest files of the server project and of the browser tests, longest first within each
 * (seconds on the embedded pass of 2026-11-29 and, for the browser tests, 2026-11-30, 2 workers: see
 * docs/testing.md, "In CI, and how long it takes"). Given out first, each runs beside the many short
 * files instead of alone at the end: that run's order, large files first (vitest's order when it has
 * no timings, as on CI's clean clone), started the 247 s file at 882 s, and the server project took
 * 1,159 s for 1,557 s of files on two workers; the browser tests' 126 s file started at 385 s of 618.
 */
export const SLOW_FIRST = [
  'test/transcript-fit.test.ts', // 247
  'test/contract-fuzz.test.ts', // 162
  'test/backup-restore.test.ts', // 95
  'test/job-crash-loop.test.ts', // 77
  'apps/server/src/features/transcription/transcription-queue.test.ts', // 73
  'apps/server/src/features/transcription/mismatch.test.ts', // 70
  'test/data-dir-lock.test.ts', // 60
  'test/transcription-restart.test.ts', // 58
  'test/multi-process.test.ts', // 44 (PostgreSQL only)
  'test/transcript-outside-cues.test.ts', // 42
  'e2e/transcription.e2e.ts', // 126
  'e2e/accessibility.e2e.ts', // 100
  'e2e/shadowing.e2e.ts', // 79
  'e2e/job-set-aside.e2e.ts', // 54
]

const repoRoot = path.resolve(import.meta.dirname, '..')

/** Vitest's order (projects, then what its cache or the file sizes say), with SLOW_FIRST moved to the front of their project. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (spec: TestSpecification) => {
      const i = SLOW_FIRST.indexOf(path.relative(repoRoot, spec.moduleId).split(path.sep).join('/'))
      return i === -1 ? SLOW_FIRST.length : i
    }
    const position = new Map(sorted.map((spec, i) => [spec, i]))
    // Projects keep their order (they run one after another); within one, the ranked files lead.
    const projectStart = new Map<string, number>()
    sorted.forEach((spec, i) => {
      if (!projectStart.has(spec.project.name)) projectStart.set(spec.project.name, i)
    })
    return [...sorted].sort(
      (a, b) => projectStart.get(a.project.name)! - projectStart.get(b.project.name)! || rank(a) - rank(b) || position.get(a)! - position.get(b)!,
    )
  }
}
