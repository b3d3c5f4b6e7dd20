import type { FeedItem } from '@lingocast/contract'
import { useCallback, useState } from 'react'
import { useNavigate } from '../../lib/routing/navigation'
import { playerPath } from '../library/items'
import { useCollectEpisode, useMarkPlayed } from './api'
import { addToStudyErrorText, playedErrorText } from './messages'

/** What the mini player needs of an episode (a My Feed row, or a channel card's latest episode). */
export interface MiniEpisode {
  id: number
  rss_id: number
  title: string
  channel: string
  audio: string | null
  video: string | null
  duration: number | null
  /** The episode's picture, else its channel's: the lock screen shows it. */
  image?: string | null | undefined
}

export function miniEpisodeOf(item: FeedItem, channelImage?: string | null): MiniEpisode {
  return { id: item.id, rss_id: item.rss_id, title: item.title, channel: item.rss_channel_name, audio: item.audio, video: item.video, duration: item.duration, image: item.thumbnail ?? channelImage }
}

/**
 * The mini player's state: the episode in the bar, and a counter that asks
 * the bar to (re)start playing, so Play on the same row starts it again.
 */
export function useMiniPlayer() {
  const [state, setState] = useState<{ episode: MiniEpisode; request: number }>()
  const play = useCallback((episode: MiniEpisode) => setState((s) => ({ episode, request: (s?.request ?? 0) + 1 })), [])
  const close = useCallback(() => setState(undefined), [])
  return { episode: state?.episode, request: state?.request ?? 0, play, close }
}

/**
 * Add to study (spec 001 s2, s7): collect the episode as an article, then
 * open it in the player (the video route when it has a video). Failures alert
 * the catalogue's texts (spec 001 s8).
 */
export function useAddToStudy() {
  const navigate = useNavigate()
  const collect = useCollectEpisode()
  const add = (episode: Pick<FeedItem, 'id' | 'rss_id' | 'video'>) => {
    if (collect.isPending) return
    collect.mutate(episode, {
      onSuccess: (hashId) => navigate(playerPath({ HashID: hashId, Video: episode.video?.trim() || null })),
      onError: (error) => window.alert(addToStudyErrorText(error)),
    })
  }
  return { add, pendingId: collect.isPending ? collect.variables?.id : undefined }
}

/** Mark played / unplayed; a failure puts the mark back and says why. */
export function usePlayedToggle() {
  const mark = useMarkPlayed({ onError: (error, { played }) => window.alert(playedErrorText(error, played)) })
  return (item: Pick<FeedItem, 'id' | 'rss_id'>, played: boolean) => mark.mutate({ item, played })
}

/** An episode played to its end is marked played; a failure here is only logged. */
export function useMarkEnded() {
  const mark = useMarkPlayed({ onError: (error) => console.warn(playedErrorText(error, true)) })
  return useCallback((episode: Pick<MiniEpisode, 'id' | 'rss_id'>) => mark.mutate({ item: { id: episode.id, rss_id: episode.rss_id }, played: true }), [mark])
}
