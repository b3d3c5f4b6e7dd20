import type { WordStatus } from '@lingocast/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { ArrowLeft, ChevronLeft, ChevronRight, CircleAlert, Download, Gauge, RotateCw, Upload, X } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from '../../lib/routing/navigation'
import { Button } from '../../components/ui/Button'
import { Spinner } from '../../components/ui/Spinner'
import { Tabs, tabPanelProps } from '../../components/ui/Tabs'
import { SearchBox } from '../feeds/components/SearchBox'
import { exportWordsUrl, useSetWordHint, useSetWordStatus, useUndoStatusChanges, wordsQuery, type StatusChange } from './api'
import { ImportWordsDialog } from './components/ImportWordsDialog'
import { LanguageSettings } from './components/LanguageSettings'
import { WordTable } from './components/WordTable'
import { failureLine, VOCABULARY_TEXT } from './messages'
import { useDebounced } from './use-debounced'
import { BULK_ACTIONS, bulkResult, countFor, FILTER_LABELS, pageLabel, parseWordFilter, WORD_FILTERS, WORDS_PAGE_SIZE, type WordFilter } from './words'
import { formatCount } from '../../lib/format'

const PlacementDialog = lazy(() => import('./components/PlacementDialog'))

const LINK =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 transition hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2'

/** The Vocabulary screen at /memories/words (docs/vocabulary.md): every word the user has a status for. */
export default function VocabularyScreen() {
  const navigate = useNavigate()
  const tabsId = useId()
  const [params, setParams] = useSearchParams()
  const filter = parseWordFilter(params.get('status'))
  const [search, setSearch] = useState('')
  const q = useDebounced(search.trim(), 250)
  const [offset, setOffset] = useState(0)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [open, setOpen] = useState<'import' | 'placement'>()
  const [notice, setNotice] = useState<{ text: string; undo?: StatusChange[] }>()
  const closeNotice = useCallback(() => setNotice(undefined), [])

  const words = useQuery({
    ...wordsQuery({ q: q || undefined, status: filter === 'all' ? undefined : filter, offset, limit: WORDS_PAGE_SIZE }),
    // The previous page stays while the next loads: the table does not jump to a spinner on every key.
    placeholderData: keepPreviousData,
  })

  // A new search or filter starts at the first page with nothing selected.
  useEffect(() => {
    setOffset(0)
    setSelected(new Set())
  }, [q, filter])

  const setFilter = (next: WordFilter) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev)
        if (next === 'all') out.delete('status')
        else out.set('status', next)
        return out
      },
      { replace: true },
    )

  const bulkStatus = useRef<WordStatus>('known')
  const change = useSetWordStatus({
    onSuccess: (res) => {
      setSelected(new Set())
      setNotice({ text: bulkResult(res.changed.length, bulkStatus.current), undo: res.changed.length > 0 ? res.changed : undefined })
    },
    onError: (error) => setNotice({ text: failureLine('Failed to change the words', error) }),
  })
  const undo = useUndoStatusChanges({
    onSuccess: () => setNotice({ text: 'Change undone' }),
    onError: (error) => setNotice({ text: failureLine('Failed to undo', error) }),
  })
  const hint = useSetWordHint({ onError: (error) => setNotice({ text: failureLine('Failed to save the hint', error) }) })
  const bulk = (status: WordStatus) => {
    bulkStatus.current = status
    change.mutate({ words: [...selected], status })
  }

  const page = words.data?.words ?? []
  const toggle = (lemma: string) =>
    setSelected((prev) => {
      const next = new Set(prev)
      if (next.has(lemma)) next.delete(lemma)
      else next.add(lemma)
      return next
    })
  const toggleAll = () => setSelected((prev) => (page.length > 0 && page.every((w) => prev.has(w.lemma)) ? new Set() : new Set(page.map((w) => w.lemma))))

  const counts = words.data?.counts
  const tabs = WORD_FILTERS.map((value) => ({ value, label: counts ? `${FILTER_LABELS[value]} ${formatCount(countFor(counts, value))}` : FILTER_LABELS[value] }))
  const total = words.data?.total ?? 0

  return (
    <section className="mx-auto max-w-5xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => navigate('/memories/deck')} aria-label="Back" className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </button>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{VOCABULARY_TEXT.title}</h1>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setOpen('placement')}>
            <Gauge className="h-4 w-4" aria-hidden="true" />
            {VOCABULARY_TEXT.setLevel}
          </Button>
          <Button variant="secondary" onClick={() => setOpen('import')}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            {VOCABULARY_TEXT.importList}
          </Button>
          <a href={exportWordsUrl()} download="vocabulary.csv" className={LINK}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {VOCABULARY_TEXT.exportCsv}
          </a>
        </div>
      </header>

      <LanguageSettings />

      <SearchBox label={VOCABULARY_TEXT.searchWords} value={search} onChange={setSearch} />

      <div className="border-b border-slate-200">
        <Tabs base={tabsId} label="Status" tabs={tabs} value={filter} onChange={setFilter} className="-mb-px flex-wrap" />
      </div>

      <Notice notice={notice} onClose={closeNotice} onUndo={(changed) => undo.mutate(changed)} undoing={undo.isPending} />

      <div {...tabPanelProps(tabsId, filter)} className="space-y-3 focus:outline-none" aria-busy={words.isFetching || undefined}>
        {selected.size > 0 && (
          <div role="toolbar" aria-label="Change the selected words" className="flex flex-wrap items-center gap-2 rounded-xl bg-indigo-50 px-3 py-2 ring-1 ring-indigo-100">
            <span className="mr-1 text-sm font-medium text-indigo-950" data-testid="selected-count">
              {selected.size} selected
            </span>
            {BULK_ACTIONS.map((a) => (
              <Button key={a.status} variant="secondary" className="px-3 py-1.5" disabled={change.isPending} onClick={() => bulk(a.status)}>
                {a.label}
              </Button>
            ))}
            <Button variant="ghost" className="ml-auto px-3 py-1.5" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </div>
        )}

        {words.isPending ? (
          <Spinner className="mx-auto my-16 h-8 w-8 text-indigo-600" label="Loading words" />
        ) : words.isError && !words.data ? (
          <div className="flex flex-col items-center rounded-xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
            <CircleAlert className="h-8 w-8 text-red-500" strokeWidth={1.75} aria-hidden="true" />
            <p role="alert" className="mt-3 font-semibold text-slate-900">
              {failureLine(VOCABULARY_TEXT.loadFailed, words.error)}
            </p>
            <Button variant="secondary" className="mt-5" loading={words.isFetching} onClick={() => void words.refetch()}>
              {!words.isFetching && <RotateCw className="h-4 w-4" aria-hidden="true" />}
              Retry
            </Button>
          </div>
        ) : page.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white/60 px-6 py-14 text-center text-sm text-slate-500">
            {q === '' && filter === 'all' ? VOCABULARY_TEXT.noWords : VOCABULARY_TEXT.noMatch}
          </p>
        ) : (
          <>
            <WordTable words={page} selected={selected} onToggle={toggle} onToggleAll={toggleAll} onHint={(term, text) => hint.mutateAsync({ term, hint: text })} />
            <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm text-slate-600">
              <span className="mr-2 tabular-nums" data-testid="page-label">
                {pageLabel(offset, page.length, total)}
              </span>
              <Button variant="secondary" className="px-2.5 py-1.5" aria-label="Previous page" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - WORDS_PAGE_SIZE))}>
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button variant="secondary" className="px-2.5 py-1.5" aria-label="Next page" disabled={offset + page.length >= total} onClick={() => setOffset(offset + WORDS_PAGE_SIZE)}>
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Button>
            </nav>
          </>
        )}
      </div>

      {open === 'import' && <ImportWordsDialog onClose={() => setOpen(undefined)} />}
      {open === 'placement' && (
        <Suspense fallback={null}>
          <PlacementDialog onClose={() => setOpen(undefined)} />
        </Suspense>
      )}
    </section>
  )
}

/** The result of a bulk change, with Undo, until dismissed or the next change. */
function Notice({ notice, onClose, onUndo, undoing }: { notice: { text: string; undo?: StatusChange[] } | undefined; onClose: () => void; onUndo: (changed: StatusChange[]) => void; undoing: boolean }) {
  return (
    <div aria-live="polite">
      {notice && (
        <div role="status" className="flex items-center gap-3 rounded-xl bg-slate-900 px-4 py-2 text-sm text-white">
          <span className="flex-1">{notice.text}</span>
          {notice.undo && (
            <button type="button" disabled={undoing} onClick={() => onUndo(notice.undo!)} className="rounded-md px-2 py-1 font-semibold text-indigo-300 hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400">
              Undo
            </button>
          )}
          <button type="button" aria-label="Dismiss" onClick={onClose} className="rounded-md p-1 text-slate-300 hover:bg-white/10 hover:text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400">
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  )
}
