import { useQuery } from '@tanstack/react-query'
import { Gauge, X } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button } from '../../../components/ui/Button'
import { readStored, writeStored } from '../../../lib/local-storage'
import { useAuth } from '../../../lib/auth-context'
import { wordsQuery } from '../api'
import { VOCABULARY_TEXT } from '../messages'
import { markedWords, placementDismissedKey } from '../words'

// Its own chunk: the Learning screen (in the first load) carries only this offer.
const PlacementDialog = lazy(() => import('./PlacementDialog'))

/**
 * The placement, offered on the Learning screen to a user who has no marked
 * word yet (a new user), until they set their level or dismiss it for good.
 * An offer, not a dialog that opens by itself: the library stays usable.
 */
export default function PlacementOffer() {
  const { account } = useAuth()
  const key = placementDismissedKey(account)
  const [dismissedNow, setDismissedNow] = useState<string>()
  // Not before the account is known: a dismissal is remembered for that account only.
  const dismissed = account === undefined || dismissedNow === key || readStored(key) === '1'
  const [open, setOpen] = useState(false)
  const words = useQuery({ ...wordsQuery({ limit: 1 }), enabled: !dismissed })
  // Unknown (loading, failed) or anything marked: no offer.
  const offer = !dismissed && words.data !== undefined && markedWords(words.data.counts) === 0

  const dismiss = () => {
    writeStored(key, '1')
    setDismissedNow(key)
  }

  return (
    <>
      {offer && (
        <aside aria-label={VOCABULARY_TEXT.setLevel} className="mt-6 flex flex-col gap-3 rounded-xl bg-indigo-50 px-4 py-3 ring-1 ring-indigo-100 sm:flex-row sm:items-center">
          <Gauge className="hidden h-6 w-6 shrink-0 text-indigo-600 sm:block" aria-hidden="true" />
          <p className="min-w-0 flex-1 text-sm text-indigo-950">{VOCABULARY_TEXT.offer}</p>
          <div className="flex shrink-0 items-center gap-2">
            <Button onClick={() => setOpen(true)}>{VOCABULARY_TEXT.setLevel}</Button>
            <Button variant="ghost" onClick={dismiss}>
              <X className="h-4 w-4" aria-hidden="true" />
              {VOCABULARY_TEXT.noThanks}
            </Button>
          </div>
        </aside>
      )}
      {open && (
        <Suspense fallback={null}>
          <PlacementDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
