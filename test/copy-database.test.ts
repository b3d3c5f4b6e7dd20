import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import { openDatabase } from '../apps/server/src/db/client'
import { copyDatabase } from '../apps/server/src/db/copy-database'
import { createAuthRepo } from '../apps/server/src/features/auth/auth.repo'
import { hashToken } from '../apps/server/src/features/auth/secrets'
import { withDatabase } from './global-setup'

const template = inject('dbTemplate')

describe.skipIf(template.kind !== 'postgres')('moving from the embedded database to PostgreSQL (runs with TEST_DATABASE_URL)', () => {
  it('copies every row, keeps sessions valid and moves the id sequences on; refuses a non-empty target', async () => {
    const serverUrl = template.kind === 'postgres' ? template.serverUrl : ''
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-move-'))
    const name = `lingocast_move_${process.pid}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${name}`)
    await admin.query(`CREATE DATABASE ${name}`)
    const source = await openDatabase({ dataDir })
    const target = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), dataDir, migrate: false })
    try {
      const repo = createAuthRepo(source.db)
      const users = []
      for (let i = 0; i < 3; i++) users.push(await repo.upsertUserByEmail(`mover${i}@example.com`, `mover${i}`))
      await repo.insertToken({ tokenHash: hashToken('moving-token'), userId: users[2]!.id, expiresAt: new Date(Date.now() + 3_600_000) })
      await repo.linkIdentity('github', '99', users[1]!.id)

      const copied = await copyDatabase(source.pool, target.pool)
      expect(copied.find((c) => c.table === 'users')?.rows).toBe(3)
      // Parents are copied before the rows that point to them.
      const order = copied.map((c) => c.table)
      expect(order.indexOf('users')).toBeLessThan(order.indexOf('auth_tokens'))

      const moved = createAuthRepo(target.db)
      expect((await moved.findUserByToken(hashToken('moving-token')))?.username).toBe('mover2')
      expect((await moved.findIdentity('github', '99'))?.userId).toBe(users[1]!.id)
      const next = await moved.createUser({ email: 'new@example.com', username: 'new' })
      expect(next.id).toBeGreaterThan(users[2]!.id)

      await expect(copyDatabase(source.pool, target.pool)).rejects.toThrow(/not empty/)
    } finally {
      await target.close()
      await source.close()
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
