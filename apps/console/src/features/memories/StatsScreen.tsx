import { DEFAULT_STATS_DAYS, STATS_PERIODS } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from '../../lib/routing/navigation'
import { Spinner } from '../../components/ui/Spinner'
import { knownHistoryQuery } from '../vocabulary/api'
import { KnownWordsChart } from '../vocabulary/components/KnownWordsChart'
import { failureLine } from '../vocabulary/messages'
import { statsQuery } from './api'
import { ActivityChart } from './components/ActivityChart'
import { failureText, MEMORIES_MSG, MEMORIES_TEXT } from './messages'
import { activeDays, periodRange, rangeLabel } from './stats-period'

const card = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200'

function SummaryCard({ title, value, range, tone, testId }: { title: string; value: number; range: string; tone: string; testId: string }) {
  return (
    <div className={card}>
      <h2 className="text-sm font-medium text-slate-500">{title}</h2>
      <p className={`mt-1 text-3xl font-bold tabular-nums ${tone}`} data-testid={testId}>
        {value}
      </p>
      <p className="mt-1 text-xs text-slate-400">{range}</p>
    </div>
  )
}

/** Known words over the period (the vocabulary's statistics line), on its own query: the card statistics never wait for it. */
function KnownWordsCard({ start, end }: { start: string; end: string }) {
  const history = useQuery(knownHistoryQuery(start, end))
  const latest = history.data?.reduce<{ date: string; known: number } | undefined>((a, d) => (!a || d.date > a.date ? d : a), undefined)
  return (
    <section aria-labelledby="known-words-title" className={card}>
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3">
        <h2 id="known-words-title" className="text-base font-semibold text-slate-900">
          Known words
        </h2>
        {latest && (
          <p className="text-2xl font-bold tabular-nums text-emerald-600" data-testid="known-words">
            {latest.known.toLocaleString('en')}
          </p>
        )}
        <Link to="/memories/words" className="ml-auto text-sm font-medium text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          Vocabulary
        </Link>
      </div>
      {history.isPending ? (
        <Spinner className="mx-auto my-10 h-6 w-6 text-indigo-600" label="Loading known words" />
      ) : history.isError ? (
        <p role="alert" className="py-6 text-center text-sm text-red-600">
          {failureLine('Failed to load known words', history.error)}
        </p>
      ) : history.data.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">No change to your known words in the selected period</p>
      ) : (
        <KnownWordsChart days={history.data} start={start} end={end} />
      )}
    </section>
  )
}

/** The statistics screen at /memories/stats (spec 001 s2). Lazy-loaded with Chart.js. */
export default function StatsScreen() {
  const navigate = useNavigate()
  const [days, setDays] = useState<number>(DEFAULT_STATS_DAYS)
  const { start, end } = periodRange(days, new Date())
  const stats = useQuery(statsQuery(start, end))
  const range = rangeLabel(start, end)

  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => navigate('/memories/deck')} aria-label="Back" className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </button>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Statistics</h1>
        <label htmlFor="stats-period" className="sr-only">
          Period
        </label>
        <select id="stats-period" value={days} onChange={(e) => setDays(Number(e.target.value))} className="ml-auto rounded-lg border-0 bg-white px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-500">
          {STATS_PERIODS.map((p) => (
            <option key={p.days} value={p.days}>
              {p.label}
            </option>
          ))}
        </select>
      </header>

      {stats.isPending ? (
        <div className="flex justify-center py-16 text-indigo-600">
          <Spinner className="h-8 w-8" label="Loading statistics" />
        </div>
      ) : stats.isError ? (
        <p role="alert" className="text-center text-red-600">
          {failureText(MEMORIES_MSG.statsFailed, stats.error)}
        </p>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <SummaryCard title={MEMORIES_TEXT.totalAdded} value={stats.data.summary.total_added} range={range} tone="text-indigo-600" testId="total-added" />
            <SummaryCard title={MEMORIES_TEXT.totalReviewed} value={stats.data.summary.total_reviewed} range={range} tone="text-green-600" testId="total-reviewed" />
          </div>
          <div className={card}>
            {activeDays(stats.data.stats).length === 0 ? (
              <p className="py-16 text-center text-sm text-slate-500">{MEMORIES_TEXT.noChartData}</p>
            ) : (
              <ActivityChart stats={stats.data.stats} />
            )}
          </div>
          <KnownWordsCard start={start} end={end} />
          <div className={card}>
            <h2 className="mb-3 text-base font-semibold text-slate-900">{MEMORIES_TEXT.dailyActivity}</h2>
            {activeDays(stats.data.stats).length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-500">{MEMORIES_TEXT.noTableData}</p>
            ) : (
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <thead>
                  <tr className="text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
                    <th className="py-2">{MEMORIES_TEXT.date}</th>
                    <th className="py-2">{MEMORIES_TEXT.cardsAdded}</th>
                    <th className="py-2">{MEMORIES_TEXT.cardsReviewed}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {activeDays(stats.data.stats).map((s) => (
                    <tr key={s.date}>
                      <td className="py-2">{s.date}</td>
                      <td className="py-2 tabular-nums">{s.cards_added}</td>
                      <td className="py-2 tabular-nums">{s.cards_reviewed}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </>
      )}
    </section>
  )
}
