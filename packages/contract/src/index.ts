export * from './http'
export * from './answer-shape'
export { answerShapeOf, answerShapesOf } from './answer-shape-of'
export * from './constants'
export * from './change-time'
export * from './messages'
export * from './playlists-messages'
export * from './upload-messages'
export * from './memories-messages'
export * from './notes-messages'
export * from './tutor-messages'
export * from './feeds-messages'
export * as authRoutes from './auth'
export { oauthCallbackQuery, oauthPaths, oauthProvider, oauthStartQuery, type OAuthProvider } from './auth'
export * as libraryRoutes from './library'
export { article, articleRef, parseArticleRef, type Article } from './library'
export * as mediaRoutes from './media'
export { PROXY_MEDIA_PATH, proxyMediaQuery, STORAGE_JUMP_PREFIX, STORAGE_THUMBNAIL_PREFIX, THUMBNAIL_IMAGE_PATH, thumbnailImageQuery, segment, TRANSCRIPT_NOTICE, TRANSCRIPT_WINDOW_AHEAD_MS, TRANSCRIPT_WINDOW_BEHIND_MS, wordTimestamp, transcriptionStatus, type Segment, type TranscriptionStatus, type WordTimestamp } from './media'
export * as playlistRoutes from './playlists'
export { NEW_PLAYLIST_NAME, PLAYLIST_TITLE_MAX, playlistArticle, playlistSummary, type PlaylistArticle, type PlaylistDetail, type PlaylistSummary } from './playlists'
export * as uploadRoutes from './upload'
export { AUDIO_EXTENSIONS, fileExtension, hasMediaExtension, mediaInfo, mediaInfoRoute, MEDIAINFO_PREFIX, SUBTITLE_EXTENSIONS, SUBTITLE_MAX_BYTES, UPLOAD_FILE_FIELD, UPLOAD_SUBTITLE_FIELD, VIDEO_EXTENSIONS, type MediaInfo } from './upload'
export * as memoriesRoutes from './memories'
export { deck, flashcard, dailyStat, statsSummary, pathWithId, flashcardIdParams, deckIdParams, CSV_IMPORT_MAX_ROWS, FRONT_MAX, BACK_MAX, DECK_NAME_MAX, STATS_MAX_DAYS, CARD_KINDS, CLIP_MAX_MS, FLASHCARD_AUDIO_PATH, flashcardAudioUrl, type CardKind, type Deck, type Flashcard, type DailyStat, type StatsSummary } from './memories'
export * from './review-rules'
export * from './card-back'
export * from './card-cue'
export * from './tagged-sections'
export { improveFlashcardBack, type ChatMessage as RefineChatMessage } from './improve-flashcard'
export * as feedRoutes from './feeds'
export {
  CHANNEL_ITEMS_LIMIT,
  FEED_DESCRIPTION_TRUNCATE,
  FEED_NOTICE,
  FEED_TITLE_MAX,
  FEED_TITLE_MSG,
  FEED_TOAST_MS,
  feed,
  feedItem,
  feedStatus,
  feedTitle,
  INVALID_RSS_URL,
  latestEpisode,
  minutesRoundedUp,
  OPML_MAX_BYTES,
  rssUrl,
  SUBSCRIBED_ITEMS_LIMIT,
  UNCATEGORIZED,
  YOUTUBE_PREFIX,
  type Feed,
  type FeedItem,
  type FeedStatus,
  type LatestEpisode,
} from './feeds'
export * as notesRoutes from './notes'
export { hashIdOfNotesFile, notesFileName, NOTES_CHANGED_AT_HEADER, NOTES_EDITOR_HEADER, NOTES_MAX_LENGTH, NOTES_REVISION_HEADER, NOTES_SAVE_THROTTLE_MS } from './notes'
export * as tutorRoutes from './tutor'
export {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_USER_TURNS,
  chatMessage,
  contextLine,
  EXPLAIN_NEXT_SEGMENTS,
  EXPLAIN_PREVIOUS_SEGMENTS,
  explainContext,
  FLASHCARD_FENCE,
  FLASHCARD_FRONT_MAX_LENGTH,
  flashcardSuggestionsIn,
  formatFlashcardSuggestion,
  lastUserTurns,
  parseFlashcardSuggestion,
  stamp,
  timedText,
  type ChatMessage,
  type ExplainContext,
  type FlashcardSuggestion,
  type TimedText,
} from './tutor'
export * as vocabularyRoutes from './vocabulary'
export * from './languages'
export { DICTIONARY_URL_MAX_LENGTH, dictionaryLink, isDictionaryUrl, LANGUAGE_MSG, languageCodeOf, TRANSLATE_SENTENCE_MAX_LENGTH, translation, type DictionaryInfo, type Translation } from './learner-language'
export {
  comprehension,
  statusCounts,
  VOCABULARY_MSG,
  vocabularyWord,
  WORD_IMPORT_MAX_BYTES,
  WORD_IMPORT_MAX_LINES,
  WORD_MAX_LENGTH,
  WORD_STATUSES,
  WORDS_PER_CALL_MAX,
  HINT_MAX_LENGTH,
  LEARNING_LEVELS,
  PHRASE_MAX_WORDS,
  termWords,
  type LearningLevel,
  type Comprehension,
  type StatusCounts,
  type VocabularyWord,
  type WordStatus,
} from './vocabulary'
export * as shadowingRoutes from './shadowing'
export {
  SHADOW_AUDIO_TYPES,
  SHADOW_TAKE_AUDIO_PATH,
  SHADOW_TAKE_MAX_BYTES,
  SHADOW_TAKE_MAX_MS,
  SHADOW_TAKES_KEPT,
  SHADOWING_MSG,
  shadowTake,
  shadowTakeAudioUrl,
  takeIdParams,
  takeWord,
  WORD_VERDICTS,
  type ShadowTake,
  type TakeWord,
  type WordVerdict,
} from './shadowing'
