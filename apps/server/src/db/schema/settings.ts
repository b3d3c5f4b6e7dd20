import { pgTable, text } from 'drizzle-orm/pg-core'

/** Instance-wide values generated once, e.g. the HMAC key for sign-in codes when AUTH_SECRET is unset. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})
