import type { Segment, ShadowTake } from '@lingocast/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '../../components/ui/Button'
import { Dialog } from '../../components/ui/Dialog'
import type { Player } from '../player/player'
import { takeQuery, takesQuery, useDeleteTake, useUploadTake } from './api'
import { playSegment } from './play-segment'
import { TakeList } from './TakeList'
import { TakeResult, VerdictLegend } from './TakeResult'
import { useTakeRecorder } from './useTakeRecorder'

type Phase = 'ready' | 'listening' | 'recording' | 'uploading'

/**
 * The shadowing dialog for one segment: Start plays the speaker's sentence,
 * then records the learner (the microphone is asked for only then), uploads
 * the take and shows its score once the server's job has it.
 */
export function ShadowPanel({ articleId, segment, player, onClose }: { articleId: number; segment: Segment; player: Player; onClose: () => void }) {
  const client = useQueryClient()
  const takes = useQuery(takesQuery(articleId, segment.start))
  const upload = useUploadTake(articleId, segment.start)
  const remove = useDeleteTake(articleId, segment.start)
  const [phase, setPhase] = useState<Phase>('ready')
  const [selectedId, setSelectedId] = useState<number>()
  const [problem, setProblem] = useState<string>()
  const listening = useRef<AbortController | undefined>(undefined)
  const takeAudio = useRef<HTMLAudioElement>(null)

  const recorder = useTakeRecorder(
    useCallback(
      (recording: Blob) => {
        setPhase('uploading')
        upload.mutate(recording, {
          onSuccess: (take) => {
            setSelectedId(take.id)
            client.setQueryData(takeQuery(take.id).queryKey, take)
          },
          onError: (error) => setProblem(error.message),
          onSettled: () => setPhase('ready'),
        })
      },
      [upload, client],
    ),
  )

  const list = takes.data ?? []
  // The take shown: the one picked (or just uploaded), else the newest; read on its own, polled while it is scored.
  const currentId = selectedId ?? list[0]?.id
  const polled = useQuery({ ...takeQuery(currentId ?? 0), enabled: currentId !== undefined })
  const selected: ShadowTake | undefined = polled.data?.id === currentId ? polled.data : list.find((t) => t.id === currentId)
  // Once scored, the list shows the score too.
  const settled = polled.data?.status !== undefined && polled.data.status !== 'scoring'
  useEffect(() => {
    if (settled) void client.invalidateQueries({ queryKey: takesQuery(articleId, segment.start).queryKey })
  }, [settled, currentId, client, articleId, segment.start])

  useEffect(() => () => listening.current?.abort(), [])

  const start = async () => {
    setProblem(undefined)
    takeAudio.current?.pause()
    const abort = new AbortController()
    listening.current = abort
    setPhase('listening')
    await playSegment(player, segment, abort.signal)
    if (abort.signal.aborted) return
    setPhase('recording')
    if (!(await recorder.start())) setPhase('ready')
  }

  const playSpeaker = () => {
    takeAudio.current?.pause()
    listening.current?.abort()
    const abort = new AbortController()
    listening.current = abort
    void playSegment(player, segment, abort.signal)
  }

  const playTake = () => {
    const audio = takeAudio.current
    if (!audio || !selected) return
    listening.current?.abort()
    player.pause()
    if (!audio.src.endsWith(selected.audio_url)) audio.src = selected.audio_url
    audio.currentTime = 0
    void audio.play().catch(() => setProblem('Your take could not be played.'))
  }

  const busy = phase !== 'ready'
  const status =
    phase === 'listening'
      ? 'Listen to the speaker…'
      : phase === 'recording'
        ? 'Recording: say the sentence now. It stops by itself when you are done.'
        : phase === 'uploading'
          ? 'Uploading your take…'
          : 'Press Start: you hear the sentence, then you say it the same way.'

  return (
    <Dialog
      title="Shadow this sentence"
      onClose={() => {
        listening.current?.abort()
        recorder.cancel()
        takeAudio.current?.pause()
        onClose()
      }}
      size="wide"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-4">
        <blockquote className="border-l-4 border-indigo-200 pl-3 text-base text-slate-800">{segment.text}</blockquote>

        <div className="flex min-h-10 flex-wrap items-center gap-3">
          {phase === 'recording' ? (
            <Button variant="primary" onClick={recorder.stop} data-autofocus>
              Stop
            </Button>
          ) : (
            <Button onClick={() => void start()} loading={busy} data-autofocus>
              {list.length > 0 ? 'Start again' : 'Start'}
            </Button>
          )}
          <Button variant="secondary" onClick={playSpeaker} disabled={busy}>
            Play speaker
          </Button>
          <Button variant="secondary" onClick={playTake} disabled={busy || !selected}>
            Play your take
          </Button>
        </div>

        <div className="flex min-h-6 items-center gap-3 text-sm text-slate-600">
          <p aria-live="polite" className="flex-1">
            {status}
          </p>
          <LevelMeter level={phase === 'recording' ? recorder.level : 0} visible={phase === 'recording'} />
        </div>
        {(recorder.error ?? problem) && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {recorder.error ?? problem}
          </p>
        )}

        {/* While a new take is made, the last one's result makes way for it. */}
        <TakeResult take={busy ? undefined : selected} />
        <VerdictLegend />
        <TakeList takes={list} selectedId={selected?.id} onSelect={(t) => setSelectedId(t.id)} onDelete={(t) => remove.mutate(t, { onSuccess: () => t.id === selected?.id && setSelectedId(undefined) })} />
        <audio ref={takeAudio} preload="none" className="hidden" data-testid="take-audio" />
      </div>
    </Dialog>
  )
}

/** The microphone's level while recording: a bar that always takes its room, so nothing moves when it appears. */
function LevelMeter({ level, visible }: { level: number; visible: boolean }) {
  // Speech sits around 0.02-0.3 RMS: a square root spreads it over the bar.
  const percent = Math.min(100, Math.round(Math.sqrt(level) * 180))
  return (
    <div
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-hidden={!visible}
      className={`h-2 w-32 overflow-hidden rounded-full bg-slate-200 ${visible ? '' : 'invisible'}`}
    >
      <div className="h-full rounded-full bg-emerald-500 transition-[width] duration-75" style={{ width: `${percent}%` }} />
    </div>
  )
}
