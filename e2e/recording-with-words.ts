import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_EMAIL } from '@lingocast/contract'
import { createAuthRepo } from '../apps/server/src/features/auth/auth.repo'
import { createLibraryRepo } from '../apps/server/src/features/library/library.repo'
import { createTranscriptsRepo } from '../apps/server/src/features/media/transcripts.repo'
import { createUploadRepo } from '../apps/server/src/features/upload/upload.repo'
import type { TestDatabase } from '../test/db'
import { makeAudio } from '../test/media'

export interface RecordingWithWords {
  /** The library article of the developer account that plays it. */
  hashId: string
  /** Removes the recording's working folder. */
  cleanUp(): void
}

/**
 * One recording of our own, uploaded by the developer account before the
 * server starts, with its one-line transcript stored word-timed (each word
 * 400 ms from `fromMs`), and a German dictionary of the learner's own in the
 * data dir (`dictionary`: its TSV lines). Closes the database handle: the
 * server process opens it next.
 */
export async function seedRecordingWithWords(db: TestDatabase, options: { name: string; title: string; seconds: number; sentence: string; fromMs: number; dictionary: string }): Promise<RecordingWithWords> {
  const work = mkdtempSync(path.join(os.tmpdir(), `lingocast-e2e-${options.name}-`))
  const address = `/uploads/${options.name}.wav`
  const audio = await makeAudio(work, `${options.name}.wav`, options.seconds)
  mkdirSync(path.join(db.env.DATA_DIR, 'storage', 'uploads'), { recursive: true })
  cpSync(audio, path.join(db.env.DATA_DIR, 'storage', address))
  mkdirSync(path.join(db.env.DATA_DIR, 'dictionaries'), { recursive: true })
  writeFileSync(path.join(db.env.DATA_DIR, 'dictionaries', 'karten.eng-deu.tsv'), options.dictionary)
  const d = db.database.db
  const user = await createAuthRepo(d).upsertUserByEmail(DEV_LOGIN_EMAIL, 'dev')
  await createUploadRepo(d).insert({ userId: user.id, path: address, originalName: `${options.name}.wav`, kind: 'audio', title: options.title, format: 'wav', durationSeconds: options.seconds, width: null, height: null, sizeBytes: 1, subtitleCues: null })
  const { hashId } = await createLibraryRepo(d).insert(user.id, { title: options.title, audio: address })
  const words = options.sentence.split(' ').map((word, i) => ({ word, start: options.fromMs + i * 400, end: options.fromMs + i * 400 + 350 }))
  await createTranscriptsRepo(d).storeIfAbsent(address, 'upload', [{ start: options.fromMs, end: words.at(-1)!.end, text: options.sentence, word_timestamps: words }])
  await db.database.close()
  return { hashId, cleanUp: () => rmSync(work, { recursive: true, force: true }) }
}
