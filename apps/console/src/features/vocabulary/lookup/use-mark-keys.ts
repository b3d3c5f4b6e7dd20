import { useEffect, useRef } from 'react'
import { isTypingTarget } from '../../player/shortcuts'
import { useSetWordStatus, type ArticleWords } from '../api'
import { lemmaInArticle, levelOf, normaliseForm } from '../statuses'
import { LOOKUP_TEXT } from './lookup-text'
import { hasMark, markForKey, markLabel } from './mark-keys'

/** Widgets that own their keys while focused (the lookup popover handles the same keys itself). */
const OWNS_KEYS = '[role="menu"],[role="listbox"],[role="dialog"],dialog,[role="tablist"]'

interface Options {
  enabled: boolean
  /** The word the keys mark: the focused word of the transcript, else the word at the play position. */
  wordForKeys: () => string | undefined
  /** The article's statuses: a word outside its vocabulary (a name, a number) is not marked by a key. */
  articleWords?: ArticleWords
  /** What was marked ("“amiable”: Learning 2"), or that it failed. */
  onNotice: (message: string) => void
}

/**
 * The marking keys of the player (docs/vocabulary.md, Keys), as LingQ and Lute have them:
 * 1-4 learning at that level, 5 or K known, I or X ignored, on the focused
 * word or else the word being spoken. Ignored while typing and in menus,
 * dialogs and tabs; no deck is needed.
 */
export function useMarkKeys({ enabled, wordForKeys, articleWords, onNotice }: Options): void {
  const setStatus = useSetWordStatus({ onError: () => onNotice(LOOKUP_TEXT.statusFailed) })
  const latest = useRef({ wordForKeys, articleWords, onNotice, mutate: setStatus.mutate })
  useEffect(() => {
    latest.current = { wordForKeys, articleWords, onNotice, mutate: setStatus.mutate }
  })
  useEffect(() => {
    if (!enabled) return
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat || isTypingTarget(e.target)) return
      if (e.target instanceof Element && e.target.closest(OWNS_KEYS)) return
      const next = markForKey(e)
      if (!next) return
      const { wordForKeys: wordAt, articleWords: data, onNotice: notice, mutate } = latest.current
      const word = wordAt()
      if (!word) return
      const lemma = data ? lemmaInArticle(data, word) : normaliseForm(word)
      if (!lemma) return
      e.preventDefault()
      if (!data || !hasMark(next, data.statuses[lemma] ?? 'new', levelOf(data, lemma))) {
        mutate({ words: [lemma], status: next.status, ...(next.status === 'learning' ? { level: next.level ?? 1 } : {}) })
      }
      notice(LOOKUP_TEXT.marked(normaliseForm(word), markLabel(next)))
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [enabled])
}
