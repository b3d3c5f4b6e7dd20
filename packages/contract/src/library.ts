import { z } from 'zod'
import { defineRoute, MAX_ID } from './http'
import { lazySchema } from './lazy-schema'

/** Article entity, field names as spec 000 s3 writes them. Duration in seconds. */
export const article = lazySchema(() => z.object({
  CollectionID: z.number().int(),
  HashID: z.string(),
  Title: z.string(),
  /** Rich text (HTML); the console sanitises it before rendering. */
  Description: z.string(),
  Video: z.string().nullable(),
  Audio: z.string().nullable(),
  Outline: z.string(),
  PlainText: z.string(),
  IsFinished: z.boolean(),
  Thumbnail: z.string().nullable(),
  Duration: z.number().nullable(),
}))
export type Article = z.infer<typeof article>

/** An article is named by its CollectionID (number) or its HashID (string); both are accepted. */
export const articleRef = lazySchema(() => z.union([z.number().int().positive().max(MAX_ID), z.string().trim().min(1).max(64)], {
  error: 'article_id is required',
}))

/** Form bodies carry numbers and booleans as text. */
const formBoolean = lazySchema(() => z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], {
  error: 'finished must be true or false',
}))
/** A CollectionID is a short run of digits; a HashID is 12 letters and digits. */
export function parseArticleRef(value: string): number | string {
  return /^\d{1,10}$/.test(value) && Number(value) <= MAX_ID ? Number(value) : value
}
const formArticleRef = lazySchema(() => z.preprocess((v) => (typeof v === 'string' ? parseArticleRef(v) : v), articleRef))

export const wordCollections = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/word_collections',
  auth: 'bearer',
  response: lazySchema(() => z.object({ success: z.literal(true), collections: z.array(article), msg: z.literal('ok') })),
})

export const getArticle = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/article',
  auth: 'bearer',
  query: lazySchema(() => z.object({ id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(64) })),
  // Ours: false when the article is another user's, readable through a public playlist (read only).
  response: lazySchema(() => z.object({ success: z.literal(true), article, is_mine: z.boolean(), msg: z.literal('ok') })),
})

export const markFinished = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/mark_finished',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ article_id: formArticleRef, finished: formBoolean })),
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.literal('ok') })),
})

export const deleteArticle = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/delete-article',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ article_id: formArticleRef })),
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.literal('ok') })),
})
