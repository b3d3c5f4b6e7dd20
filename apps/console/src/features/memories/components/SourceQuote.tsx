import { highlightParts } from '../deck-stats'

/** 'From: {title}' with the sentence quoted and the front word marked wherever it appears, in any case. */
export function SourceQuote({ title, sentence, word }: { title: string; sentence: string; word: string }) {
  return (
    <figure className="rounded-xl bg-slate-50 px-4 py-3 text-left ring-1 ring-slate-200">
      <figcaption className="text-xs font-medium text-slate-500">From: {title}</figcaption>
      <blockquote className="mt-1 text-sm italic leading-relaxed text-slate-700">
        {highlightParts(sentence, word).map(([text, hit], i) =>
          hit ? (
            <mark key={i} className="rounded bg-amber-200 px-0.5 font-semibold not-italic text-slate-900">
              {text}
            </mark>
          ) : (
            <span key={i}>{text}</span>
          ),
        )}
      </blockquote>
    </figure>
  )
}
