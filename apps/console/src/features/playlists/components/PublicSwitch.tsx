import { Globe, Lock } from 'lucide-react'

/** The owner's public switch: a public playlist can be opened and kept by other signed-in users. */
export function PublicSwitch({ checked, onChange }: { checked: boolean; onChange: (next: boolean) => void }) {
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label="Public"
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 ${checked ? 'bg-indigo-600' : 'bg-slate-300'}`}
      >
        <span className={`inline-block h-4 w-4 rounded-full bg-white shadow transition ${checked ? 'translate-x-4.5' : 'translate-x-0.5'}`} />
      </button>
      <span className="inline-flex items-center gap-1" aria-hidden="true">
        {checked ? <Globe className="h-4 w-4" /> : <Lock className="h-4 w-4" />}
        {checked ? 'Public: signed-in users with the link can open and keep it' : 'Private'}
      </span>
    </span>
  )
}
