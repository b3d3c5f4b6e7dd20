import { FLASHCARD_FENCE, FLASHCARD_FRONT_MAX_LENGTH, type Flashcard, type FlashcardSuggestion, type Segment } from '@lingocast/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { Link, useParams } from '../../lib/routing/navigation'
import { preloadMarkdown } from '../../components/ui/LazyMarkdown'
import { BACK_LINK_CLASS, LoadErrorScreen, NotFoundScreen, SkeletonScreen } from '../../components/ui/StatusScreen'
import { Toast } from '../../components/ui/Toast'
import { announceMedia, articleQuery, type OpenedArticle } from './api'
import { ArticleHeader } from './components/ArticleHeader'
import { MediaPlayer } from './components/MediaPlayer'
import { ResizablePanes } from './components/ResizablePanes'
import { SidePanel, type SideTab } from './components/SidePanel'
import { SubtitlePanel } from './components/SubtitlePanel'
import { TimelineBar, TimelinePlaceholder } from './components/TimelineBar'
import { TranscriptExport } from './components/TranscriptExport'
import { TranscriptTab } from './components/TranscriptTab'
import { usePlayerMediaSession, usePlayerShortcuts, useSegmentActions, useTranscript } from './hooks'
import { articleErrorMessage, isNotFound, pickMedia, PLAYER_TEXT } from './messages'
import { Player } from './player'
import { readSpeed } from './preferences'
import { lastStartedIndex, toMs } from './segments'
import { thumbnailUrl } from '../../lib/thumbnail'
import { NotesTab } from '../notes/NotesTab'
import { DownloadButton } from '../offline/DownloadButton'
import { articleDownload } from '../offline/downloads'
import { ShadowButton } from '../shadowing/ShadowButton'
import { frontKey, useCardsByFront } from '../memories/existing-cards'
import { requestFlashcard } from '../tutor/api'
import { ChatTab } from '../tutor/ChatTab'
import { explainContextFor } from '../tutor/explain-context'
import type { FlashcardDraft } from '../tutor/flashcard-draft'
import { useChat } from '../tutor/useChat'
import { articleWordsQuery, vocabularyKeys, wordsChanged } from '../vocabulary/api'
import { RemainingWordsOffer } from '../vocabulary/lookup/RemainingWordsOffer'
import { WordLookup, type LookupTarget } from '../vocabulary/lookup/WordLookup'
import { useMarkKeys } from '../vocabulary/lookup/use-mark-keys'
import { wordAtPosition } from '../vocabulary/lookup/word-at'
import { normaliseForm, remainingNewLemmas } from '../vocabulary/statuses'

/** The flashcard modal belongs to memories and loads on first use, keeping the player chunk small. */
const CreateFlashcardModal = lazy(() => import('../memories/CreateFlashcardModal'))
const ExistingCardDialog = lazy(() => import('../memories/ExistingCardDialog'))

const PAGE = 'mx-auto max-w-[1600px] px-4 py-5 sm:px-6 lg:px-8 lg:py-7'

/** The article player at /player/{mediaType}/{id} (spec 000 s2). */
export default function PlayerScreen() {
  const { mediaType, id = '' } = useParams()
  const article = useQuery(articleQuery(id))

  if (article.isPending) return <PlayerSkeleton />
  if (article.isError) {
    if (isNotFound(article.error)) return <ArticleNotFound />
    return <ArticleError message={articleErrorMessage(article.error)} onRetry={() => void article.refetch()} retrying={article.isFetching} />
  }
  // A new article (or media type) starts a fresh player.
  return <ArticleView key={`${id}:${mediaType}`} article={article.data} mediaType={mediaType} />
}

function ArticleView({ article, mediaType }: { article: OpenedArticle; mediaType: string | undefined }) {
  const media = pickMedia(mediaType, article)
  const [player] = useState(() => new Player({ rate: readSpeed() }))
  const fallbackDurationMs = (article.Duration ?? 0) * 1000
  const transcript = useTranscript(media?.address, player, fallbackDurationMs)
  const actions = useSegmentActions(player, transcript.segments)
  const words = useArticleWords(article, transcript.segments.length > 0, transcript.transcription?.status)
  const lineBox = useRef<HTMLDivElement>(null)
  const [lookup, setLookupTarget] = useState<LookupTarget>()
  // The word the learner last clicked or looked up in the transcript: the front of a card made from its sentence.
  const picked = useRef<{ segmentStart: number; word: string }>(undefined)
  const setLookup = useCallback((target: LookupTarget) => {
    const word = target.segment.word_timestamps[target.index]?.word
    if (word) picked.current = { segmentStart: target.segment.start, word: normaliseForm(word) }
    setLookupTarget(target)
  }, [])
  const rememberClickedWord = (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLElement>('button[data-word-index]') : null
    const line = button?.closest<HTMLElement>('[data-segment-start]')
    const word = button?.textContent?.trim()
    if (line && word) picked.current = { segmentStart: Number(line.dataset.segmentStart), word: normaliseForm(word) }
  }
  const [remaining, setRemaining] = useState<number>()
  const closeLookup = useCallback(() => setLookupTarget(undefined), [])
  const closeRemaining = useCallback(() => setRemaining(undefined), [])
  // L: the focused word of the caption, else the word at the play position.
  const lookupByKey = () => {
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLElement>('button[data-word-index]') : null
    const line = focused?.closest<HTMLElement>('[data-segment-start]')
    const segment = line ? transcript.segments.find((s) => String(s.start) === line.dataset.segmentStart) : undefined
    if (focused && segment) return setLookup({ segment, index: Number(focused.dataset.wordIndex), anchor: focused })
    const at = wordAtPosition(transcript.segments, toMs(player.currentTime()))
    const box = lineBox.current
    if (!at || !box) return
    const anchor = box.querySelector<HTMLElement>(`[data-segment-start="${at.segment.start}"] button[data-word-index="${at.index}"]`) ?? box
    setLookup({ ...at, anchor })
  }
  usePlayerShortcuts(actions, Boolean(media), transcript.segments.length > 0 ? lookupByKey : undefined)
  usePlayerMediaSession(player, media ? { title: article.Title, artwork: thumbnailUrl(article.Thumbnail, article.Video) } : undefined, actions)
  const [notice, setNotice] = useState<string>()
  const closeNotice = useCallback(() => setNotice(undefined), [])
  // Word status keys: 1-4, 5/K, I/X mark the focused word of the caption or the Transcript tab, else the word at the play position.
  useMarkKeys({
    enabled: transcript.segments.length > 0,
    articleWords: words.data,
    onNotice: setNotice,
    wordForKeys: () => {
      const focused = document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLElement>('button[data-word-index]') : null
      const line = focused?.closest<HTMLElement>('[data-segment-start]')
      const segment = line ? transcript.segments.find((s) => String(s.start) === line.dataset.segmentStart) : undefined
      if (focused && segment) return segment.word_timestamps[Number(focused.dataset.wordIndex)]?.word
      const at = wordAtPosition(transcript.segments, toMs(player.currentTime()))
      return at?.segment.word_timestamps[at.index]?.word
    },
  })
  const [flashcard, setFlashcard] = useState<{ segment: Segment; front?: string | undefined; cue?: string | undefined }>()
  const [openCard, setOpenCard] = useState<Flashcard>()
  const [tab, setTab] = useState<SideTab>('description')
  const chat = useChat(article)
  const explain = (segment: Segment) => {
    chat.explain(explainContextFor(transcript.segments, segment))
    setTab('chat')
  }
  // A card the tutor suggested: the flashcard modal opens on the segment it was about, front and cue filled in.
  const createFlashcard = (draft: FlashcardDraft) => {
    const segments = transcript.segments
    const about = draft.context?.currentSegment.start
    const segment =
      segments.find((s) => s.start === about) ?? segments[Math.max(0, lastStartedIndex(segments, toMs(player.getState().time)))]
    if (!segment) return setNotice('There is no transcript segment to make a card from yet.')
    // An explain reply's Create flashcard has no card yet: the tutor is asked for it, as from the player.
    if (!draft.front && !draft.back) return cardFromSentence(segment)
    setFlashcard({ segment, front: draft.front, cue: draft.back })
  }
  // The create-flashcards button: the word clicked or looked up in this sentence is the front, else the tutor picks it.
  const cardFromSentence = (segment: Segment) => {
    const word = picked.current?.segmentStart === segment.start ? picked.current.word : undefined
    setFlashcard({ segment, front: word })
  }
  // Suggestions already made into cards say Added, and open the card.
  const suggests = chat.messages.some((m) => m.role === 'assistant' && m.content.includes('```' + FLASHCARD_FENCE))
  const cards = useCardsByFront(suggests, article.HashID)
  const addedCard = {
    isAdded: (card: FlashcardSuggestion) => cards.has(frontKey(card.front)),
    open: (card: FlashcardSuggestion) => setOpenCard(cards.get(frontKey(card.front))),
  }

  const address = media?.address
  const download = useMemo(() => (address ? articleDownload(article, address) : undefined), [article, address])
  const client = useQueryClient()
  useEffect(() => {
    if (address) announceMedia(client, address)
  }, [address, client])
  // The tutor's replies are markdown. A chat kept for this article: its code comes once the player has
  // rendered, so the Chat tab shows it formatted at once. No chat yet: it comes when the tab opens (ChatTab),
  // before the first reply, and a player opened to listen does not fetch and run it.
  const chatKept = chat.messages.length > 0
  useEffect(() => {
    if (chatKept) preloadMarkdown()
  }, [chatKept])

  return (
    <section className={PAGE}>
      <ArticleHeader
        article={article}
        readOnly={!article.isMine}
        comprehension={words.data?.comprehension}
        onFinished={() => {
          const count = words.data ? remainingNewLemmas(words.data).length : 0
          if (count > 0) setRemaining(count)
        }}
      />
      <div className="mt-5 lg:mt-6">
        <ResizablePanes
          left={
            media ? (
              <>
                <MediaPlayer
                  kind={media.kind}
                  address={media.address}
                  title={article.Title}
                  player={player}
                  segments={transcript.segments}
                  actions={actions}
                  onExplain={explain}
                  onCreateFlashcards={cardFromSentence}
                />
                <div className="contents" onClickCapture={rememberClickedWord}>
                  <SubtitlePanel
                    player={player}
                    segments={transcript.segments}
                    loading={transcript.loading}
                    transcription={transcript.transcription}
                    onSeekMs={actions.seekMs}
                    articleWords={words.data}
                    onLookup={setLookup}
                    lineRef={lineBox}
                  />
                </div>
                {transcript.segments.length > 0 && <TimelineBar player={player} segments={transcript.segments} fallbackDuration={article.Duration} onSeekMs={actions.seekMs} />}
                {transcript.segments.length > 0 && <TranscriptExport segments={transcript.segments} title={article.Title} />}
                {transcript.loading && <TimelinePlaceholder />}
                {media.kind !== 'youtube' && download && <DownloadButton episode={download} />}
                {article.isMine && transcript.segments.length > 0 && <ShadowButton articleId={article.CollectionID} player={player} segments={transcript.segments} />}
                <p className="hidden text-xs text-slate-400 md:block">
                  <Kbd>Space</Kbd> play or pause · <Kbd>←</Kbd> <Kbd>→</Kbd> previous or next segment · <Kbd>R</Kbd> repeat segment · <Kbd>L</Kbd> look up a word · <Kbd>1</Kbd>–<Kbd>4</Kbd> learning · <Kbd>5</Kbd>/<Kbd>K</Kbd> known · <Kbd>I</Kbd>/<Kbd>X</Kbd> ignore · drag or <Kbd>Shift</Kbd>+click words for a phrase · <Kbd>S</Kbd> shadow the sentence · click a word to jump to it
                </p>
              </>
            ) : (
              <div className="rounded-2xl bg-white px-6 py-12 text-center text-sm text-slate-500 shadow-sm ring-1 ring-slate-200">This article has no audio or video.</div>
            )
          }
          right={
            <SidePanel
              description={article.Description}
              transcript={
                media ? (
                  <div className="contents" onClickCapture={rememberClickedWord}>
                    <TranscriptTab player={player} segments={transcript.segments} loading={transcript.loading} transcription={transcript.transcription} onSeekMs={actions.seekMs} articleWords={words.data} onLookup={setLookup} />
                  </div>
                ) : (
                  <p className="px-5 py-8 text-center text-sm text-slate-500">This article has no audio or video.</p>
                )
              }
              tab={tab}
              onTabChange={setTab}
              notes={<NotesTab hashId={article.HashID} title={article.Title} />}
              chat={<ChatTab chat={chat} onCreateFlashcard={createFlashcard} addedCard={addedCard} />}
            />
          }
        />
      </div>
      {flashcard && (
        <Suspense fallback={null}>
          <CreateFlashcardModal
            article={article}
            segments={transcript.segments}
            segment={flashcard.segment}
            initialFront={flashcard.front}
            initialCue={flashcard.cue}
            // No cue yet: the flashcard request (spec 000 s3) fills the window from the tutor's answer.
            askTutor={
              flashcard.cue
                ? undefined
                : (signal) => {
                    const context = explainContextFor(transcript.segments, flashcard.segment, true)
                    const front = flashcard.front?.trim()
                    return requestFlashcard(article.CollectionID, front && front.length <= FLASHCARD_FRONT_MAX_LENGTH ? { ...context, front } : context, signal)
                  }
            }
            onClose={() => setFlashcard(undefined)}
            onCreated={() => {
              setFlashcard(undefined)
              setNotice('Flashcard created')
              // A card whose front is one word makes that word learning (the server marks it).
              wordsChanged(client)
            }}
          />
        </Suspense>
      )}
      {openCard && (
        <Suspense fallback={null}>
          <ExistingCardDialog card={openCard} onClose={() => setOpenCard(undefined)} />
        </Suspense>
      )}
      {lookup && (
        <WordLookup
          key={`${lookup.segment.start}:${lookup.index}:${lookup.length ?? 1}`}
          target={lookup}
          player={player}
          articleWords={words.data}
          avoid={lineBox.current}
          onClose={closeLookup}
          onMakeCard={(target, hint) =>
            setFlashcard({
              segment: target.segment,
              front: target.segment.word_timestamps
                .slice(target.index, target.index + (target.length ?? 1))
                .map((w) => normaliseForm(w.word))
                .join(' '),
              // The learner's own hint is the card's cue.
              cue: hint,
            })
          }
          onError={setNotice}
        />
      )}
      {remaining !== undefined && <RemainingWordsOffer articleId={article.HashID} count={remaining} onClose={closeRemaining} />}
      <Toast message={notice} onClose={closeNotice} />
    </section>
  )
}

function Kbd({ children }: { children: string }) {
  return <kbd className="rounded border border-slate-200 bg-white px-1 py-px font-sans text-[11px] font-medium text-slate-500">{children}</kbd>
}

function PlayerSkeleton() {
  return (
    <SkeletonScreen label="Loading article" className={PAGE}>
      <div className="h-8 w-2/3 max-w-md rounded-lg bg-slate-200" />
      <div className="mt-6 flex flex-col gap-6 md:flex-row">
        <div className="space-y-4 md:w-[65%]">
          <div className="h-36 rounded-2xl bg-slate-200/80" />
          <div className="h-40 rounded-2xl bg-slate-200/60" />
        </div>
        <div className="h-64 flex-1 rounded-2xl bg-slate-200/60" />
      </div>
    </SkeletonScreen>
  )
}

const backToLearning = (
  <Link to="/" className={BACK_LINK_CLASS}>
    Back to Learning
  </Link>
)

function ArticleNotFound() {
  return <NotFoundScreen title={PLAYER_TEXT.notFound} hint="It may have been deleted, or the link is wrong." back={backToLearning} />
}

function ArticleError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return <LoadErrorScreen message={message} onRetry={onRetry} retrying={retrying} back={backToLearning} />
}

/**
 * The article's word statuses for marking its transcript: only for the
 * owner's article with a transcript, fetched again when a transcript being
 * made is done (its words are counted then). A failure just means no marks.
 */
function useArticleWords(article: OpenedArticle, hasTranscript: boolean, transcription: string | undefined) {
  const client = useQueryClient()
  const query = useQuery({ ...articleWordsQuery(article.HashID), enabled: article.isMine && hasTranscript, retry: false })
  const previous = useRef(transcription)
  useEffect(() => {
    const was = previous.current
    previous.current = transcription
    if (transcription === 'done' && (was === 'pending' || was === 'running')) void client.invalidateQueries({ queryKey: vocabularyKeys.article(article.HashID) })
  }, [transcription, client, article.HashID])
  return query
}
