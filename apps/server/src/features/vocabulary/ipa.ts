/**
 * ARPAbet (the CMU pronouncing dictionary's notation) to IPA, General
 * American, with stress marks before the stressed syllable.
 */
const VOWELS: Record<string, [stressed: string, unstressed: string]> = {
  AA: ['ɑ', 'ɑ'],
  AE: ['æ', 'æ'],
  AH: ['ʌ', 'ə'],
  AO: ['ɔ', 'ɔ'],
  AW: ['aʊ', 'aʊ'],
  AY: ['aɪ', 'aɪ'],
  EH: ['ɛ', 'ɛ'],
  ER: ['ɝ', 'ɚ'],
  EY: ['eɪ', 'eɪ'],
  IH: ['ɪ', 'ɪ'],
  IY: ['i', 'i'],
  OW: ['oʊ', 'oʊ'],
  OY: ['ɔɪ', 'ɔɪ'],
  UH: ['ʊ', 'ʊ'],
  UW: ['u', 'u'],
}

const CONSONANTS: Record<string, string> = {
  B: 'b', CH: 'tʃ', D: 'd', DH: 'ð', F: 'f', G: 'ɡ', HH: 'h', JH: 'dʒ', K: 'k', L: 'l', M: 'm', N: 'n', NG: 'ŋ',
  P: 'p', R: 'r', S: 's', SH: 'ʃ', T: 't', TH: 'θ', V: 'v', W: 'w', Y: 'j', Z: 'z', ZH: 'ʒ',
}

/**
 * Consonant clusters that can begin an English syllable: the stress mark
 * goes before the longest of them in front of the stressed vowel
 * ("a-BROAD" is əˈbrɔd, "MIS-take" is mɪˈsteɪk, not mɪsˈteɪk).
 */
const ONSETS = new Set(
  'P-L P-R T-R D-R K-L K-R B-L B-R G-L G-R F-L F-R TH-R SH-R S-P S-T S-K S-M S-N S-L S-W T-W D-W K-W G-W TH-W P-Y B-Y F-Y V-Y M-Y K-Y HH-Y N-Y S-P-L S-P-R S-T-R S-K-R S-K-W S-K-Y S-P-Y'.split(
    ' ',
  ),
)

const isOnset = (phones: string[]) => phones.length === 1 ? phones[0] !== 'NG' : ONSETS.has(phones.join('-'))

/** "K AH0 M P Y UW1 T ER0" -> "kəmˈpjutɚ"; undefined when a phone is not ARPAbet. */
export function arpabetToIpa(arpabet: string): string | undefined {
  const phones = arpabet.trim().split(/\s+/)
  const parsed = phones.map((p) => {
    const m = /^([A-Z]{1,2})([012])?$/.exec(p)
    return m ? { phone: m[1]!, stress: m[2] } : undefined
  })
  if (parsed.some((p) => !p || (p.stress === undefined ? !CONSONANTS[p.phone] : !VOWELS[p.phone]))) return undefined
  const list = parsed as Array<{ phone: string; stress: string | undefined }>
  const vowels = list.filter((p) => p.stress !== undefined).length
  const out: string[] = list.map((p) => (p.stress === undefined ? CONSONANTS[p.phone]! : VOWELS[p.phone]![p.stress === '0' ? 1 : 0]))
  // A word of one syllable carries no mark: there is nothing to tell apart.
  if (vowels < 2) return out.join('')
  const marks = new Map<number, string>()
  let previousVowel = -1
  list.forEach((p, i) => {
    if (p.stress === '1' || p.stress === '2') {
      let start = i
      // The longest legal onset between the previous vowel and this one.
      for (let j = previousVowel + 1; j < i; j++) {
        if (isOnset(list.slice(j, i).map((q) => q.phone))) {
          start = j
          break
        }
      }
      marks.set(start, p.stress === '1' ? 'ˈ' : 'ˌ')
    }
    if (p.stress !== undefined) previousVowel = i
  })
  return out.map((s, i) => (marks.get(i) ?? '') + s).join('')
}
