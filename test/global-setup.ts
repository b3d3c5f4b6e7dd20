import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../apps/server/src/db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data dir to copy, or a migrated PostgreSQL template database. */
    dbTemplate: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; serverUrl: string; templateName: string }
  }
}

/**
 * Migrates one database per run and hands it to every test file as a
 * template: test files copy it (PGlite) or CREATE DATABASE ... TEMPLATE it
 * (PostgreSQL), so no test pays for migrations or sees another file's rows.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const templateName = `lingocast_tpl_${process.pid}_${Date.now()}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${templateName}`)
    const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, templateName), dataDir: '' })
    await database.close()
    project.provide('dbTemplate', { kind: 'postgres', serverUrl, templateName })
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`)
      await admin.end()
    }
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-tpl-'))
  const database = await openDatabase({ dataDir, lock: false })
  await database.close()
  project.provide('dbTemplate', { kind: 'pglite', dataDir })
  return () => rmSync(dataDir, { recursive: true, force: true })
}

export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export function copyTemplate(templateDir: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-test-'))
  if (existsSync(templateDir)) cpSync(templateDir, dir, { recursive: true })
  return dir
}
