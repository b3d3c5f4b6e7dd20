import { customAlphabet } from 'nanoid'

/** Public ids (HashID, playlist hash_id): 12 URL-safe characters, unrelated to the serial id (ARCHITECTURE s3). */
export const newPublicId = customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 12)
