import { useQuery } from '@tanstack/react-query'
import { ExternalLink, Languages, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { Link } from '../../../lib/routing/navigation'
import { Spinner } from '../../../components/ui/Spinner'
import type { WordLookup } from '../api'
import { modelSentenceQuery, modelWordQuery } from '../language-api'
import { bySource, LANGUAGE_TEXT, languageLabel, lookUpOnWeb, noTranslation } from '../language-text'
import { LOOKUP_TEXT } from './lookup-text'
import { MeaningLines, type ChooseMeaning } from './MeaningLines'

const CHIP =
  'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500'

/**
 * The lookup popover's meanings in the learner's language, above the English
 * sense: each dictionary's best line with the others folded, naming the
 * dictionary; any line, pressed, becomes the learner's own meaning. The AI
 * tutor's meaning in this sentence, and the whole sentence translated, are
 * asked for on request (each spends the tutor budget); a word no dictionary
 * knows says so and offers those and the learner's web dictionary.
 */
export function Translations({ data, word, sentence, choose }: { data: WordLookup; word: string; sentence: string; choose: ChooseMeaning }) {
  const language = data.native_language
  const [askWord, setAskWord] = useState(false)
  const [askSentence, setAskSentence] = useState(false)
  const fromModel = useQuery(modelWordQuery(word, sentence, language ?? '', askWord && language !== null))
  const sentenceModel = useQuery(modelSentenceQuery(sentence, language ?? '', askSentence && language !== null && sentence !== ''))

  if (!language)
    return (
      <p className="text-xs text-slate-500" data-testid="translations">
        <Link to="/memories/words" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          {LANGUAGE_TEXT.chooseLanguage}
        </Link>{' '}
        {LANGUAGE_TEXT.chooseLanguageRest}
      </p>
    )

  const name = languageLabel(language)
  const none = data.translations.length === 0
  return (
    <section aria-label={`Meaning in ${name}`} className="space-y-2 rounded-lg bg-emerald-50/60 px-3 py-2 ring-1 ring-emerald-100" data-testid="translations" aria-live="polite">
      <p className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-emerald-800" data-testid="translations-language">
        <Languages className="h-3.5 w-3.5" aria-hidden="true" />
        {name}
      </p>
      {none && data.translations_pending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="translations-pending">
          <Spinner className="h-4 w-4 text-emerald-600" label={LANGUAGE_TEXT.indexing} />
          {LANGUAGE_TEXT.indexing}
        </p>
      ) : none ? (
        <p className="text-sm text-slate-600" data-testid="no-translation">
          {noTranslation(language, data.lemma)}
        </p>
      ) : (
        <ol className="space-y-1.5">
          {bySource(data.translations).map((group, i) => (
            <MeaningLines key={`${group.source}-${i}`} source={group.source} texts={group.texts} language={language} choose={choose} />
          ))}
        </ol>
      )}
      {(!none || askWord) && (
        <p id={choose.describedBy} className="text-[11px] text-slate-500">
          {LOOKUP_TEXT.chooseMeaning}
        </p>
      )}
      {askWord &&
        (fromModel.isPending ? (
          <Asking />
        ) : fromModel.isError ? (
          <p className="text-sm text-slate-500">{LANGUAGE_TEXT.modelFailed}</p>
        ) : (
          <ol>
            <MeaningLines source={fromModel.data.source} texts={[fromModel.data.text]} language={language} model choose={choose} />
          </ol>
        ))}
      {askSentence && (
        <div className="border-t border-emerald-100 pt-2 text-sm" data-testid="sentence-translation">
          <p className="text-xs text-slate-500">{LANGUAGE_TEXT.sentenceLabel}</p>
          {sentenceModel.isPending ? (
            <Asking />
          ) : sentenceModel.isError ? (
            <p className="text-slate-500">{LANGUAGE_TEXT.modelFailed}</p>
          ) : (
            <p lang={language} className="text-slate-800">
              {sentenceModel.data.text} <span className="text-xs text-slate-400">— {sentenceModel.data.source}</span>
            </p>
          )}
        </div>
      )}
      {(data.model || data.dictionary_link) && (
        <div className="flex flex-wrap gap-2">
          {data.model && !askWord && (
            <button type="button" className={CHIP} onClick={() => setAskWord(true)}>
              <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
              {LANGUAGE_TEXT.askModel}
            </button>
          )}
          {data.model && !askSentence && sentence !== '' && (
            <button type="button" className={CHIP} onClick={() => setAskSentence(true)}>
              {LANGUAGE_TEXT.askSentence}
            </button>
          )}
          {data.dictionary_link && (
            <a href={data.dictionary_link} target="_blank" rel="noopener noreferrer" className={CHIP} data-testid="web-dictionary">
              <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
              {lookUpOnWeb(data.lemma)}
            </a>
          )}
        </div>
      )}
      {none && !data.model && !data.dictionary_link && <p className="text-xs text-slate-500">{LANGUAGE_TEXT.addWebDictionary}</p>}
    </section>
  )
}

function Asking() {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-500">
      <Spinner className="h-4 w-4 text-indigo-500" label={LANGUAGE_TEXT.asking} />
      {LANGUAGE_TEXT.asking}
    </p>
  )
}
