import { eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { userWordSettings } from '../../db/schema'

export interface WordSettings {
  /** ISO 639-1; null until the learner names one. */
  nativeLanguage: string | null
  /** The web dictionary's URL template with {word}; null when none. */
  dictionaryUrl: string | null
}

export const NO_SETTINGS: WordSettings = { nativeLanguage: null, dictionaryUrl: null }

/** A change: a field left undefined stays as it is, null clears it. */
export type WordSettingsPatch = { [K in keyof WordSettings]?: WordSettings[K] }

/** A learner's word settings (their language and dictionaries): one row per user, none until they change one. Every call is scoped by the user. */
export function createWordSettingsRepo(db: Db) {
  return {
    async get(userId: number): Promise<WordSettings> {
      const [row] = await db
        .select({ nativeLanguage: userWordSettings.nativeLanguage, dictionaryUrl: userWordSettings.dictionaryUrl })
        .from(userWordSettings)
        .where(eq(userWordSettings.userId, userId))
      return row ?? NO_SETTINGS
    },

    /** The languages learners have chosen: their dictionaries are indexed at start, before the first lookup asks. */
    async languagesInUse(): Promise<string[]> {
      const rows = await db.selectDistinct({ language: userWordSettings.nativeLanguage }).from(userWordSettings).where(isNotNull(userWordSettings.nativeLanguage))
      return rows.map((r) => r.language!).sort()
    },

    /** One statement (insert or update), so two devices saving at once never lose a field the other did not touch. */
    async update(userId: number, patch: WordSettingsPatch): Promise<WordSettings> {
      const set: Record<string, unknown> = { updatedAt: sql`now()` }
      if (patch.nativeLanguage !== undefined) set.nativeLanguage = patch.nativeLanguage
      if (patch.dictionaryUrl !== undefined) set.dictionaryUrl = patch.dictionaryUrl
      const [row] = await db
        .insert(userWordSettings)
        .values({ userId, nativeLanguage: patch.nativeLanguage ?? null, dictionaryUrl: patch.dictionaryUrl ?? null })
        .onConflictDoUpdate({ target: userWordSettings.userId, set })
        .returning({ nativeLanguage: userWordSettings.nativeLanguage, dictionaryUrl: userWordSettings.dictionaryUrl })
      return row!
    },
  }
}

export type WordSettingsRepo = ReturnType<typeof createWordSettingsRepo>
