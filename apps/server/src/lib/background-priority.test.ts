import { spawn } from 'node:child_process'
import { constants, getPriority } from 'node:os'
import { describe, expect, it } from 'vitest'
import { runInBackground } from './background-priority'

describe('runInBackground', () => {
  it('runs the child below normal priority, and leaves this process as it was', async () => {
    const own = getPriority()
    const child = spawn('sleep', ['5'])
    try {
      expect(getPriority(child.pid!)).toBe(own)
      runInBackground(child)
      expect(getPriority(child.pid!)).toBe(Math.max(own, constants.priority.PRIORITY_BELOW_NORMAL))
      expect(getPriority()).toBe(own)
    } finally {
      child.kill()
    }
  })

  it('lets a child that already ended go without an error', async () => {
    const child = spawn('true')
    await new Promise((resolve) => child.on('exit', resolve))
    expect(() => runInBackground(child)).not.toThrow()
  })
})
