/**
 * Meanings of the words WordNet leaves out: WordNet describes
 * nouns, verbs, adjectives and adverbs, so "how", "what", "the", "can" (the
 * auxiliary) and "because" got no meaning, or a wrong one ("it" as
 * information technology, "can" as a tin). Each entry is the word's use in a
 * sentence, written for a learner, with its universal part of speech and one
 * example. Contractions ("don't", "I'm") are read as their parts.
 */

export interface FunctionWord {
  /** Universal part of speech: PRON, DET, ADP, CCONJ, SCONJ, AUX, PART, ADV, INTJ. */
  pos: string
  gloss: string
  example: string
}

// word | POS | meaning | example
const ENTRIES = `
how|ADV|in what way, by what means, or to what degree; also introduces a question about state ("how are you")|How did you find it?
what|PRON|which thing or things; asks for information, or means "the thing that"|What are you reading?
why|ADV|for what reason|Why did she leave so early?
where|ADV|in, at or to what place|Where do you live?
when|ADV|at what time; at the time that|When does the train leave?
who|PRON|which person or people; the person that|Who told you that?
whom|PRON|which person (as the object: formal)|To whom did you give it?
whose|DET|belonging to which person|Whose coat is this?
which|DET|what one (of a known set); also "that" after a noun|Which bus goes to the station?
whether|SCONJ|introduces a choice between possibilities ("if")|I don't know whether she will come.
if|SCONJ|on condition that; also "whether"|If it rains, we'll stay home.
because|SCONJ|for the reason that|We stayed in because it was raining.
although|SCONJ|despite the fact that|Although it was late, we kept talking.
though|SCONJ|despite the fact that; (at the end) however|Though tired, she finished the race.
unless|SCONJ|except if|You can't go unless you finish your homework.
until|SCONJ|up to the time when|Wait here until I come back.
while|SCONJ|during the time that; whereas|He cooked while she read.
since|SCONJ|from a time in the past until now; because|I've lived here since 2010.
so|CCONJ|and therefore; also "very" (before an adjective)|It was cold, so we went home.
and|CCONJ|joins words or sentences: also, as well|Bread and butter.
but|CCONJ|joins two ideas that contrast; except|It's small but comfortable.
or|CCONJ|joins alternatives|Tea or coffee?
nor|CCONJ|and not (after "neither" or "not")|Neither he nor I knew.
than|SCONJ|introduces the second part of a comparison|She is taller than her brother.
that|SCONJ|introduces a clause ("she said that..."); also points to something farther away|She said that she was tired.
the|DET|points to a particular thing both speakers know|Close the door, please.
a|DET|one, any one (before a consonant sound)|I saw a bird.
an|DET|one, any one (before a vowel sound)|She ate an apple.
this|DET|the one here or now|This coffee is hot.
these|DET|the ones here or now|These shoes are new.
those|DET|the ones there or then|Those days are gone.
some|DET|an amount or number of, not stated exactly|Would you like some tea?
any|DET|one or some, whichever; (in questions and negatives) some|Do you have any questions?
every|DET|each one of all, without exception|She runs every morning.
each|DET|every one, taken separately|Each child got a present.
no|DET|not any; also the answer that refuses or denies|There is no milk left.
all|DET|the whole number or amount of|All the guests have arrived.
both|DET|the two together|Both answers are right.
either|DET|one or the other of two|You can take either road.
neither|DET|not one and not the other of two|Neither answer is right.
much|DET|a large amount of (with things you cannot count)|We don't have much time.
many|DET|a large number of|Many people came.
more|DET|a larger amount or number of|We need more chairs.
most|DET|the largest amount or number of; nearly all|Most people agree.
few|DET|not many|Few people knew.
little|DET|not much|There is little hope.
several|DET|more than two but not many|I've seen it several times.
such|DET|of this kind; so great|I've never seen such a mess.
my|DET|belonging to me|My sister lives in Leeds.
your|DET|belonging to you|Is this your bag?
his|DET|belonging to him|His car is red.
her|PRON|the woman or girl spoken of (as object); belonging to her|I saw her yesterday.
its|DET|belonging to it|The dog wagged its tail.
our|DET|belonging to us|Our house is small.
their|DET|belonging to them|Their children are grown up.
i|PRON|the person speaking|I am hungry.
me|PRON|the person speaking (as object)|Call me later.
you|PRON|the person or people spoken to; also people in general|Are you ready?
he|PRON|the man or boy spoken of|He is my brother.
him|PRON|the man or boy spoken of (as object)|I gave him the key.
she|PRON|the woman or girl spoken of|She is a doctor.
it|PRON|the thing, animal or situation spoken of; also an empty subject ("it's raining")|It is raining.
we|PRON|the speaker and others|We are late.
us|PRON|the speaker and others (as object)|Join us for dinner.
they|PRON|the people or things spoken of; also a person whose sex is not said|They live next door.
them|PRON|the people or things spoken of (as object)|I called them yesterday.
myself|PRON|me (when I am also the subject); also "me personally"|I cut myself.
yourself|PRON|you (when you are also the subject)|Look after yourself.
himself|PRON|him (when he is also the subject)|He hurt himself.
herself|PRON|her (when she is also the subject)|She made it herself.
itself|PRON|it (when it is also the subject)|The door closed by itself.
ourselves|PRON|us (when we are also the subject)|We enjoyed ourselves.
themselves|PRON|them (when they are also the subject)|They did it themselves.
mine|PRON|the one belonging to me|That bag is mine.
yours|PRON|the one belonging to you|Is this pen yours?
ours|PRON|the one belonging to us|The red car is ours.
theirs|PRON|the one belonging to them|The choice is theirs.
something|PRON|a thing not named or not known|Something is wrong.
anything|PRON|any thing at all (in questions and negatives)|Do you need anything?
nothing|PRON|not anything|There's nothing in the box.
everything|PRON|all things|Everything is ready.
someone|PRON|a person not named or not known|Someone called you.
somebody|PRON|a person not named or not known|Somebody left a coat.
anyone|PRON|any person at all|Is anyone home?
anybody|PRON|any person at all|Did anybody see it?
everyone|PRON|every person|Everyone was tired.
everybody|PRON|every person|Everybody likes her.
nobody|PRON|no person|Nobody knows.
of|ADP|belonging to, part of, or about|A cup of tea.
to|ADP|towards a place or person; also marks a verb's infinitive ("to go")|We walked to the station.
in|ADP|inside; during|She is in the kitchen.
on|ADP|touching the top or surface of; on a day|The book is on the table.
at|ADP|in a point of place or time|Meet me at six.
for|ADP|intended for; because of; during|This is for you.
with|ADP|together with; using|Come with me.
from|ADP|starting at; coming out of|She is from Spain.
by|ADP|near; done or made by; not later than|A novel by Jane Austen.
about|ADP|on the subject of; also "roughly"|A film about the war.
into|ADP|to the inside of|She walked into the room.
onto|ADP|to a position on|The cat jumped onto the table.
over|ADP|above; across; more than|A bridge over the river.
under|ADP|below; less than|The cat is under the bed.
through|ADP|from one side to the other of|We drove through the tunnel.
between|ADP|in the space or time separating two things|Sit between us.
among|ADP|in the middle of (more than two)|A house among the trees.
after|ADP|later than; behind|We'll talk after lunch.
before|ADP|earlier than; in front of|Wash your hands before dinner.
during|ADP|all through, or at a point in, a period|She slept during the film.
without|ADP|not having; not with|Coffee without sugar.
against|ADP|in opposition to; touching|They voted against the plan.
toward|ADP|in the direction of|He walked toward the door.
towards|ADP|in the direction of|He walked towards the door.
upon|ADP|on (formal)|Once upon a time.
within|ADP|inside; not beyond|Within an hour.
around|ADP|on every side of; approximately|We sat around the fire.
across|ADP|from one side to the other of|She swam across the lake.
behind|ADP|at the back of|The garden is behind the house.
beside|ADP|next to|Sit beside me.
despite|ADP|without being stopped by|Despite the rain, we went out.
like|ADP|similar to; for example|She sings like a bird.
not|PART|makes a verb, word or sentence negative|I am not hungry.
be|AUX|forms the continuous and passive ("is going", "was seen"); also "exist, have a quality" ("she is tall")|She is working.
am|AUX|be, with "I"|I am ready.
is|AUX|be, with he, she, it or one thing|She is here.
are|AUX|be, with you, we, they or more than one thing|They are late.
was|AUX|be, in the past, with I, he, she, it|It was cold.
were|AUX|be, in the past, with you, we, they|We were happy.
have|AUX|forms the perfect ("have seen": done before now); also "own, hold"|I have finished.
has|AUX|have, with he, she, it|She has left.
had|AUX|have, in the past; forms the past perfect|They had gone.
do|AUX|with "not" makes a verb negative, and asks questions ("do you know?"); also "perform"|Do you like it?
does|AUX|do, with he, she, it|Does he know?
did|AUX|do, in the past|Did you see it?
can|AUX|be able to; be allowed to|Can you swim?
cannot|AUX|can not: be unable to, or not be allowed to|I cannot swim.
could|AUX|was able to; might; asks politely|Could you help me?
will|AUX|forms the future; also "be willing to"|I will call you tomorrow.
would|AUX|forms the conditional ("would go if..."); asks politely; the past of "will"|I would like a coffee.
shall|AUX|forms the future with I and we; offers ("shall I?")|Shall I open the window?
should|AUX|ought to; is likely to|You should rest.
may|AUX|might; is allowed to|It may rain later.
might|AUX|possibly will|We might be late.
must|AUX|have to; is surely|You must wear a seatbelt.
ought|AUX|should ("ought to")|You ought to call her.
yes|INTJ|the answer that agrees or accepts|Yes, I'd love to.
yeah|INTJ|yes (informal)|Yeah, sure.
okay|INTJ|all right: agreement, or "fine"|Okay, let's go.
ok|INTJ|all right: agreement, or "fine"|OK, see you then.
hello|INTJ|a greeting|Hello, how are you?
hi|INTJ|a greeting (informal)|Hi, Anna!
hey|INTJ|calls attention, or greets (informal)|Hey, wait for me!
bye|INTJ|goodbye|Bye, see you tomorrow!
oh|INTJ|shows surprise, understanding or feeling|Oh, I see.
wow|INTJ|shows surprise or admiration|Wow, that's amazing!
thanks|INTJ|thank you|Thanks for your help.
`

export const FUNCTION_WORDS: ReadonlyMap<string, FunctionWord> = new Map(
  ENTRIES.trim()
    .split('\n')
    .map((line) => {
      const [word, pos, gloss, example] = line.split('|') as [string, string, string, string]
      return [word, { pos, gloss, example }] as const
    }),
)

/** Parts of speech WordNet has no entries for: their words are read from this list first. */
export const CLOSED_CLASS = new Set(['PRON', 'DET', 'ADP', 'CCONJ', 'SCONJ', 'AUX', 'PART'])

/** A contraction as written, its parts and what it is short for. */
export interface Contraction {
  /** "don't", "I'm" (lower case, straight apostrophe). */
  form: string
  /** The written parts: "do" and "n't", "i" and "'m". */
  parts: [string, string]
  /** The full words: "do not", "I am". */
  expansion: string
}

/** Contractions whose head changes ("won't" is will not) or that join in one word ("cannot"). */
const IRREGULAR: Record<string, string> = {
  "can't": 'cannot',
  "won't": 'will not',
  "shan't": 'shall not',
  "ain't": 'am not, is not or are not',
  "let's": 'let us',
  "y'all": 'you all',
}

/** The clitic's full word; "'s" and "'d" depend on the verb the sentence has ("she's gone" is she has). */
function cliticWord(clitic: string, lemma: string | undefined): string | undefined {
  switch (clitic) {
    case "n't":
      return 'not'
    case "'m":
      return 'am'
    case "'re":
      return 'are'
    case "'ve":
      return 'have'
    case "'ll":
      return 'will'
    case "'d":
      return lemma === 'have' ? 'had' : 'would'
    case "'s":
      return lemma === 'have' ? 'has' : 'is'
    default:
      return undefined
  }
}

/**
 * A contraction as written ("don't", "I'm", "she's"), read as its two parts;
 * `clitic` is the lemma the tagger gives the second part in the sentence
 * (be or have for "'s"), when known. Undefined for a word that is not one
 * (a possessive "John's", "o'clock").
 */
export function contractionOf(written: string, clitic?: string): Contraction | undefined {
  const form = written.toLowerCase().replace(/[\u2018\u2019\u02bc]/g, "'")
  const match = /^([a-z]+)(n't|'m|'re|'ve|'ll|'d|'s)$/.exec(form)
  if (!match) return IRREGULAR[form] ? { form, parts: [form.split("'")[0]!, `'${form.split("'")[1]}`], expansion: IRREGULAR[form] } : undefined
  const [, head, tail] = match as unknown as [string, string, string]
  if (IRREGULAR[form]) return { form, parts: [head, tail], expansion: IRREGULAR[form] }
  // "'s" after a name or a noun is a possessive, not "is": only pronouns and a few words take it as a verb.
  if (tail === "'s" && !/^(he|she|it|that|there|here|what|who|where|how|when|why|this|everyone|everybody|nobody|someone|somebody)$/.test(head)) return undefined
  const full = cliticWord(tail, clitic)
  if (!full) return undefined
  return { form, parts: [head, tail], expansion: `${head === 'i' ? 'I' : head} ${full}` }
}
