import { Film, Headphones } from 'lucide-react'

/** What a thumbnail shows while there is no image: a film or headphones icon on a soft gradient. */
export function MediaPlaceholder({ video, size = 'lg' }: { video: boolean; size?: 'sm' | 'lg' }) {
  const Icon = video ? Film : Headphones
  return (
    <div className="flex h-full w-full items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200/80">
      <Icon className={`${size === 'lg' ? 'h-9 w-9' : 'h-5 w-5'} text-slate-400`} strokeWidth={1.5} aria-hidden="true" />
    </div>
  )
}
