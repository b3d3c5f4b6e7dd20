import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { topLemmas } from '../../apps/server/src/features/vocabulary/placement'
import { writeDictd, writeStardict } from '../../test/dictionaries'
import { startBenchApp } from './bench-app'

/**
 * The real app whose user has ARTICLES articles, each with a done transcript
 * of about WORDS running words (DISTINCT lemmas, Zipf-like counts: the common
 * ones in every transcript, the rare ones differing), and KNOWN known lemmas.
 * Rows are made in SQL: counting real text is the transcript job's cost, not this bench's.
 */
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 1_000)
const WORDS = 10_000
const DISTINCT = 2_000
const COMMON = 1_200
const POOL = 30_000
const KNOWN = Number(process.env.BENCH_KNOWN ?? 20_000)

/** Counts per rank summing to about WORDS: rank r gets WORDS * k / r (Zipf), at least 1. */
function zipfCounts(): number[] {
  let harmonic = 0
  for (let r = 1; r <= DISTINCT; r++) harmonic += 1 / r
  return Array.from({ length: DISTINCT }, (_, i) => Math.max(1, Math.round(WORDS / harmonic / (i + 1))))
}

/**
 * The learner's language (decision 0013): a German learner's own dictionaries in the data dir, one of each
 * format (dictd with dictzip, StarDict, TSV), of the POOL most frequent
 * lemmas, beside this machine's FreeDict English-German: a lookup reads them all.
 */
function ownDictionaries(dataDir: string, lemmas: string[]) {
  const dir = path.join(dataDir, 'dictionaries', 'de')
  mkdirSync(dir, { recursive: true })
  writeDictd(dir, 'bench-dictd', lemmas.map((l, i) => ({ headwords: [l], text: `${l} /x/\nÜbersetzung ${i} <n>\n      "a ${l}"  - ein Beispiel ${i}\n` })), { dictzip: true, chunkLength: 32_000 })
  writeStardict(dir, 'bench-stardict', lemmas.map((l, i) => ({ word: l, data: `<b>Wort ${i}</b><br>Bedeutung ${i}` })), { bookname: 'Bench StarDict', sametypesequence: 'h', dictzip: true })
  writeFileSync(path.join(dir, 'bench.tsv'), lemmas.map((l, i) => `${l}\tEintrag ${i}\n`).join(''))
}

await startBenchApp({}, async (database, userId, dataDir) => {
  const { db } = database
  // Real English lemmas for the first ranks, so lookups meet real words; made-up ones past the list.
  const real = topLemmas(POOL)
  const lemmas = Array.from({ length: POOL }, (_, i) => real[i] ?? `lemma${i + 1}`)
  const counts = zipfCounts()
  ownDictionaries(dataDir, real)
  await db.execute(sql`create temp table bench_lemmas (rank int primary key, lemma text)`)
  await db.execute(sql`insert into bench_lemmas select r, l from unnest(${sql.param(lemmas.map((_, i) => i + 1))}::int[], ${sql.param(lemmas)}::text[]) as x(r, l)`)
  await db.execute(sql`create temp table bench_counts (rank int primary key, n int)`)
  await db.execute(sql`insert into bench_counts select r, n from unnest(${sql.param(counts.map((_, i) => i + 1))}::int[], ${sql.param(counts)}::int[]) as x(r, n)`)
  // A PostgreSQL server keeps what an earlier run made: its transcripts would collide by address.
  await db.execute(sql`delete from media_transcripts where media_address like 'http://bench.test/%'`)
  await db.execute(sql`delete from articles where audio like 'http://bench.test/%'`)
  await db.execute(sql`
    insert into media_transcripts (media_address, source, status)
    select 'http://bench.test/episode-' || g || '.mp3', 'publisher', 'done' from generate_series(1, ${ARTICLES}) g`)
  await db.execute(sql`
    insert into articles (hash_id, user_id, title, audio)
    select 'b' || ${userId} || '-' || g, ${userId}, 'Episode ' || g, 'http://bench.test/episode-' || g || '.mp3' from generate_series(1, ${ARTICLES}) g`)
  // The common ranks in every transcript; each rare rank mapped to a lemma that differs per transcript.
  await db.execute(sql`
    insert into transcript_lemmas (transcript_id, lemma, count)
    select t.id, l.lemma, c.n from media_transcripts t
    cross join bench_counts c
    join bench_lemmas l on l.rank = case when c.rank <= ${COMMON} then c.rank else ${COMMON} + 1 + ((c.rank * 7919 + t.id * 104729) % ${POOL - COMMON - 1}) end
    where t.media_address like 'http://bench.test/%'
    -- One transcript's rows together on disk, as the transcript job writes them.
    order by t.id
    on conflict do nothing`)
  await db.execute(sql`
    insert into user_words (user_id, lemma, status) select ${userId}, lemma, 'known' from bench_lemmas where rank <= ${KNOWN}`)
  await db.execute(sql`analyze`)
  const rows = await db.execute(sql`select count(*)::int as n, sum(count)::int as running from transcript_lemmas`)
  return { lemmaRows: rows.rows[0]!.n, runningWords: rows.rows[0]!.running }
})
