import { CategoryScale, Chart as ChartJS, Filler, LinearScale, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js'
import { Line } from 'react-chartjs-2'
import { monthDay } from '../../memories/stats-period'
import { knownSeries, type KnownDay } from '../known-history'
import { formatCount } from '../../../lib/format'

// Only what this line needs; registering twice (the activity chart does too) is harmless.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Filler)

const EMERALD = 'rgb(5, 150, 105)'

const options: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: { legend: { display: false } },
  scales: {
    x: { title: { display: true, text: 'Date (month/day)' } },
    y: { beginAtZero: false, ticks: { precision: 0 }, title: { display: true, text: 'Known words' } },
  },
}

/** Known lemmas at the end of each day of the period (the last change carried forward). */
export function KnownWordsChart({ days, start, end }: { days: readonly KnownDay[]; start: string; end: string }) {
  const series = knownSeries(days, start, end)
  const last = series.at(-1)?.known ?? 0
  const first = series.find((d) => d.known !== null)?.known ?? last
  const data = {
    labels: series.map((d) => monthDay(d.date)),
    datasets: [{ label: 'Known words', data: series.map((d) => d.known), borderColor: EMERALD, backgroundColor: 'rgba(5, 150, 105, 0.12)', fill: true, tension: 0.1, pointRadius: 0 }],
  }
  return (
    <div className="h-64">
      <Line options={options} data={data} role="img" aria-label={`Known words: from ${formatCount(first)} to ${formatCount(last)} in the period`} />
    </div>
  )
}
