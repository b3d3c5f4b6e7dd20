import { ChevronDown, Check } from 'lucide-react'
import { useId, useState } from 'react'
import { LOOKUP_TEXT } from './lookup-text'

export interface ChooseMeaning {
  /** The learner's meaning now (their hint): the line that says it shows as chosen. */
  chosen: string | undefined
  /** Makes a line the learner's meaning, or takes it back when it is the chosen one; undefined until the term is known. */
  onChoose: ((text: string) => void) | undefined
  /** The id of the line saying what choosing does, for each line's description. */
  describedBy: string
}

const LINE =
  'group flex w-full items-start gap-1.5 rounded-md px-1 -mx-1 text-left font-medium text-slate-900 hover:bg-emerald-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:hover:bg-transparent aria-pressed:bg-emerald-100'

/**
 * One dictionary's lines in the lookup popover: its best line (the server
 * sends them best first), the others folded behind "More meanings (n)", and
 * the dictionary's name. Each line is a button: pressed, it becomes the
 * learner's own meaning, as a LingQ or Lute user picks a meaning for a term.
 */
export function MeaningLines({ source, texts, language, model = false, choose }: { source: string; texts: string[]; language: string; model?: boolean; choose: ChooseMeaning }) {
  const [open, setOpen] = useState(false)
  const moreId = useId()
  const [best, ...more] = texts
  return (
    <li className="text-sm" data-testid={model ? 'model-translation' : 'translation-group'}>
      {best !== undefined && <Line text={best} language={language} choose={choose} />}
      {more.length > 0 && (
        <>
          <div id={moreId} hidden={!open} data-testid="more-translations">
            {more.map((text, i) => (
              <Line key={i} text={text} language={language} choose={choose} />
            ))}
          </div>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={moreId}
            onClick={() => setOpen(!open)}
            className="mt-0.5 inline-flex items-center gap-0.5 rounded text-xs font-medium text-emerald-800 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <ChevronDown className={`h-3.5 w-3.5 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
            {open ? LOOKUP_TEXT.fewerMeanings : LOOKUP_TEXT.moreMeanings(more.length)}
          </button>
        </>
      )}
      <p className="text-xs text-slate-400" data-testid="translation-source">
        {source}
      </p>
    </li>
  )
}

function Line({ text, language, choose }: { text: string; language: string; choose: ChooseMeaning }) {
  const chosen = choose.chosen !== undefined && choose.chosen.trim() === text.trim()
  return (
    <button
      type="button"
      data-testid="translation"
      lang={language}
      aria-pressed={chosen}
      aria-describedby={choose.describedBy}
      disabled={!choose.onChoose}
      onClick={() => choose.onChoose?.(text)}
      className={LINE}
    >
      <span>{text}</span>
      <Check className={`mt-0.5 h-3.5 w-3.5 shrink-0 text-emerald-700 ${chosen ? '' : 'invisible group-hover:visible group-focus-visible:visible'}`} aria-hidden="true" />
    </button>
  )
}
