import { formatCardBack, type Flashcard } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../../lib/local-storage'
import { CARD_WINDOW_TEXT, cueFor, fillFromProposal, missingParts, PLAYER_DECK_KEY, playerDeckId, readPlayerDeck, rememberPlayerDeck } from './card-from-sentence'
import { cardsByFront, frontKey } from './existing-cards'

const cards = [
  { front: 'prudently', back: '(adverb) in a prudent manner' },
  { front: 'leisure', back: '(noun) time available for ease and relaxation' },
]
const untouched = { front: false, cue: false }

describe("the card window filled from the tutor's answer", () => {
  it("takes the tutor's first card as front and cue when the learner picked nothing", () => {
    expect(fillFromProposal({ front: '', cue: '' }, cards, untouched, undefined)).toEqual({ front: 'prudently', cue: '(adverb) in a prudent manner' })
  })

  it('keeps the word the learner clicked or looked up, with the meaning the tutor gave for it', () => {
    expect(fillFromProposal({ front: 'leisure', cue: '' }, cards, untouched, 'leisure')).toEqual({ front: 'leisure', cue: '(noun) time available for ease and relaxation' })
    // Asked about "went", the tutor writes its first card for that word, perhaps as its base form: its meaning is the cue.
    expect(fillFromProposal({ front: 'went', cue: '' }, [{ front: 'go', back: '(verb) move' }], untouched, 'went')).toEqual({ front: 'went', cue: '(verb) move' })
  })

  it('never replaces what the learner typed; a front they chose in the window gets only its own meaning', () => {
    expect(fillFromProposal({ front: 'young', cue: 'my cue' }, cards, { front: true, cue: true }, undefined)).toEqual({ front: 'young', cue: 'my cue' })
    expect(fillFromProposal({ front: 'young', cue: '' }, cards, { front: true, cue: false }, undefined)).toEqual({ front: 'young', cue: '' })
    expect(fillFromProposal({ front: 'leisure', cue: '' }, cards, { front: true, cue: false }, 'young')).toEqual({ front: 'leisure', cue: '(noun) time available for ease and relaxation' })
  })

  it('leaves the window as it is when the tutor proposed nothing', () => {
    expect(fillFromProposal({ front: '', cue: '' }, [], untouched, undefined)).toEqual({ front: '', cue: '' })
    expect(cueFor('', cards)).toBeUndefined()
    expect(cueFor(' LEISURE ', cards)).toBe('(noun) time available for ease and relaxation')
  })

  it('says what is still missing', () => {
    expect(missingParts({ front: '', cue: ' ' }, false)).toEqual([CARD_WINDOW_TEXT.missingFront, CARD_WINDOW_TEXT.missingCue, CARD_WINDOW_TEXT.missingDeck])
    expect(missingParts({ front: 'young', cue: 'not old' }, true)).toEqual([])
    expect(CARD_WINDOW_TEXT.stillNeeded([CARD_WINDOW_TEXT.missingCue, CARD_WINDOW_TEXT.missingDeck])).toBe('Still needed: a memorize cue, a deck.')
  })
})

describe('the deck last used from the player', () => {
  it('is remembered locally and wins over the deck selected on the deck screen while it exists', () => {
    const storage = memoryStorage()
    expect(readPlayerDeck(storage)).toBeUndefined()
    rememberPlayerDeck(7, storage)
    expect(storage.dump()).toEqual({ [PLAYER_DECK_KEY]: '7' })
    const decks = [{ id: 3 }, { id: 5 }, { id: 7 }]
    expect(playerDeckId(decks, readPlayerDeck(storage), 5)).toBe(7)
    expect(playerDeckId([{ id: 3 }, { id: 5 }], 7, 5)).toBe(5)
    expect(playerDeckId([{ id: 3 }], 7, 5)).toBe(3)
    expect(playerDeckId([], 7, 5)).toBeUndefined()
  })
})

describe('suggestions already made into cards', () => {
  const card = (id: number, front: string, article?: string): Flashcard =>
    ({ id, deck_id: 1, front, back: formatCardBack({ context: article ? { Article: article, Sentence: 's' } : null, cue: 'c' }) }) as Flashcard

  it('are found by front in any case, the card from this article first', () => {
    const map = cardsByFront([card(1, 'Leisure', 'other1'), card(2, 'leisure ', 'aB3dE5'), card(3, 'estate')], 'aB3dE5')
    expect(map.get(frontKey(' LEISURE'))?.id).toBe(2)
    expect(map.get('estate')?.id).toBe(3)
    expect(map.has('prudently')).toBe(false)
  })
})
