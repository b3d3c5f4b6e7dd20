import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '../../../components/ui/Button'
import { Dialog } from '../../../components/ui/Dialog'
import { SegmentedControl } from '../../../components/ui/SegmentedControl'
import { Spinner } from '../../../components/ui/Spinner'
import { placementWordsQuery, useApplyPlacement } from '../api'
import { failureLine, VOCABULARY_TEXT } from '../messages'
import { NativeLanguageQuestion } from './NativeLanguageQuestion'
import { PLACEMENT_LEVELS, placementProgress, placementResult } from '../words'
import { formatCount } from '../../../lib/format'

type Mode = 'level' | 'words'
const MODES = [
  { value: 'level' as const, label: 'Pick a level' },
  { value: 'words' as const, label: 'Tick the words you know' },
]

/**
 * Placement: a level (the top N lemmas of spoken English become known) or
 * the words ticked from a sample across frequency bands, from which the
 * server estimates the level. Shows what it marked, then closes.
 */
export default function PlacementDialog({ onClose }: { onClose: () => void }) {
  const [mode, setMode] = useState<Mode>('level')
  const [level, setLevel] = useState<number>(PLACEMENT_LEVELS[2]!.level)
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
  const bands = useQuery({ ...placementWordsQuery(), enabled: mode === 'words' })
  const apply = useApplyPlacement()
  const name = useId()

  const submit = () => {
    if (mode === 'level') apply.mutate({ level })
    else {
      const shown = (bands.data ?? []).flatMap((b) => b.words)
      apply.mutate({ known: shown.filter((w) => ticked.has(w)), shown })
    }
  }
  const toggle = (word: string) =>
    setTicked((prev) => {
      const next = new Set(prev)
      if (next.has(word)) next.delete(word)
      else next.add(word)
      return next
    })

  if (apply.isSuccess)
    return (
      <Dialog title={VOCABULARY_TEXT.setLevel} onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
        <div role="status" className="space-y-1">
          <p className="text-lg font-semibold text-slate-900" data-testid="placement-result">
            {placementResult(apply.data.marked)}
          </p>
          <p className="text-sm text-slate-500">Estimated level: the {formatCount(apply.data.level)} most frequent words of spoken English. You can change any word on the Vocabulary screen.</p>
        </div>
      </Dialog>
    )

  const wordsReady = mode === 'level' || (bands.data !== undefined && bands.data.length > 0)
  return (
    <Dialog
      title={VOCABULARY_TEXT.setLevel}
      onClose={onClose}
      busy={apply.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={apply.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={apply.isPending} disabled={!wordsReady}>
            Apply
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {/* The learner's language, asked once here; the Vocabulary screen changes it later. */}
        <NativeLanguageQuestion />
        <SegmentedControl label="How to set your level" options={MODES} value={mode} onChange={setMode} className="w-full [&>button]:flex-1" />
        {mode === 'level' ? (
          <fieldset>
            <legend className="text-sm text-slate-600">Words you know are marked known; everything else stays new.</legend>
            <div className="mt-3 space-y-2">
              {PLACEMENT_LEVELS.map((l) => (
                <label key={l.level} className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200 has-[:checked]:bg-indigo-50 has-[:checked]:ring-indigo-300">
                  <input type="radio" name={name} value={l.level} checked={level === l.level} onChange={() => setLevel(l.level)} className="h-4 w-4 accent-indigo-600" />
                  <span className="font-medium text-slate-900">{l.label}</span>
                  <span className="ml-auto text-xs text-slate-500">{l.hint}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : bands.isPending ? (
          <Spinner className="mx-auto my-8 h-6 w-6 text-indigo-600" label="Loading words" />
        ) : bands.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {failureLine('Failed to load the words', bands.error)}
          </p>
        ) : (
          <div className="max-h-[50vh] space-y-3 overflow-y-auto pr-1">
            <p className="text-sm text-slate-600">Tick every word you would understand in a podcast. Leave the rest.</p>
            {bands.data.map((band) => (
              <fieldset key={band.from_rank}>
                <legend className="text-xs font-medium uppercase tracking-wide text-slate-400">
                  Words {formatCount(band.from_rank)}–{formatCount(band.to_rank)}
                </legend>
                <div className="mt-1 flex flex-wrap gap-1.5">
                  {band.words.map((word) => (
                    <label key={word} className="cursor-pointer rounded-full px-2.5 py-1 text-sm ring-1 ring-slate-200 has-[:checked]:bg-indigo-600 has-[:checked]:text-white has-[:checked]:ring-indigo-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500">
                      <input type="checkbox" className="sr-only" checked={ticked.has(word)} onChange={() => toggle(word)} />
                      {word}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
            <p className="text-xs text-slate-500" aria-live="polite">
              {ticked.size} ticked
            </p>
          </div>
        )}
        {apply.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600" data-testid="placement-progress">
            <Spinner className="h-4 w-4 text-indigo-600" />
            {placementProgress(apply.variables?.level)}
          </p>
        )}
        {apply.isError && (
          <p role="alert" className="text-sm text-red-600">
            {failureLine('Failed to set your level', apply.error)}
          </p>
        )}
      </div>
    </Dialog>
  )
}
