import type { DailyStat } from '@lingocast/contract'
import { CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Title, Tooltip, type ChartOptions } from 'chart.js'
import { Line } from 'react-chartjs-2'
import { MEMORIES_TEXT } from '../messages'
import { monthDay } from '../stats-period'

// Only what a line chart needs: Chart.js is tree-shaken to these parts.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Title, Tooltip, Legend)

const INDIGO = 'rgb(79, 70, 229)'
const GREEN = 'rgb(22, 163, 74)'

const options: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: {
    legend: { position: 'top' },
    title: { display: true, text: MEMORIES_TEXT.chartTitle },
  },
  scales: {
    x: { title: { display: true, text: 'Date (month/day)' } },
    y: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'Cards' } },
  },
}

/** Flashcard Activity: Cards Added (indigo) and Cards Reviewed (green), tension 0.1 (spec 001 s2). */
export function ActivityChart({ stats }: { stats: readonly DailyStat[] }) {
  const added = stats.reduce((n, s) => n + s.cards_added, 0)
  const reviewed = stats.reduce((n, s) => n + s.cards_reviewed, 0)
  const data = {
    labels: stats.map((s) => monthDay(s.date)),
    datasets: [
      { label: MEMORIES_TEXT.cardsAdded, data: stats.map((s) => s.cards_added), borderColor: INDIGO, backgroundColor: 'rgba(79, 70, 229, 0.5)', tension: 0.1 },
      { label: MEMORIES_TEXT.cardsReviewed, data: stats.map((s) => s.cards_reviewed), borderColor: GREEN, backgroundColor: 'rgba(22, 163, 74, 0.5)', tension: 0.1 },
    ],
  }
  return (
    <div className="h-80">
      <Line options={options} data={data} role="img" aria-label={`${MEMORIES_TEXT.chartTitle}: ${added} cards added and ${reviewed} reviewed in the period`} />
    </div>
  )
}
