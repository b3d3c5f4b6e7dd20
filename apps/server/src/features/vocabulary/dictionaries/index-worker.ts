import { move, transferableSymbol, valueSymbol } from 'piscina'
import { indexDictd } from './dictd'
import type { DictionaryFormat } from './discover'
import { transferList, type DictionaryImage } from './lexicon'
import { DICTIONARY_LIMITS, type DictionaryLimits } from './limits'
import { indexCedict, indexEdict } from './reverse'
import type { AllowedPlaces } from './safe-files'
import { indexStardict } from './stardict'
import { indexTsv } from './tsv'

/** One dictionary to index, as the indexing worker receives it. */
export interface IndexTask {
  format: DictionaryFormat
  file: string
  /** A dictd dictionary's articles. */
  data?: string | undefined
  places: AllowedPlaces
  limits?: DictionaryLimits
}

export function buildImage(task: IndexTask): DictionaryImage {
  const limits = task.limits ?? DICTIONARY_LIMITS
  switch (task.format) {
    case 'dictd':
      return indexDictd(task.file, task.data!, task.places, limits)
    case 'stardict':
      return indexStardict(task.file, task.places, limits)
    case 'tsv':
      return indexTsv(task.file, task.places, limits)
    case 'edict':
      return indexEdict(task.file, task.places, limits)
    case 'cedict':
      return indexCedict(task.file, task.places, limits)
  }
}

/**
 * The indexing worker's task (indexer.ts runs it on its thread; lib/worker-entry.mjs
 * loads it): the image's arrays are moved to the main thread, not copied, so
 * taking a finished index costs the main thread nothing.
 */
export function indexDictionary(task: IndexTask) {
  const image = buildImage(task)
  const list = transferList(image)
  return move({
    get [transferableSymbol]() {
      return list
    },
    get [valueSymbol]() {
      return image
    },
  })
}
