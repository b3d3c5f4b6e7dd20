import { execFile } from 'node:child_process'
import { mkdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type { FeedServer } from '../test/feed-server'
import { makeEpisode, type SyntheticEpisode } from '../test/speech'

const run = promisify(execFile)

/** The loopback podcast host: feeds, mp3 enclosures with byte ranges, transcripts and cover art. */
export { startFeedServer as startFixtureHost, type FeedServer as FixtureHost } from '../test/feed-server'

export interface SpokenEpisode extends SyntheticEpisode {
  /** The speech as MP3, as podcast enclosures are. */
  mp3: string
  bytes: number
}

/** Known speech (espeak-ng) of at least `minutes`, as an MP3 in its own folder under `dir`. */
export async function makeSpokenMp3(dir: string, name: string, minutes: number): Promise<SpokenEpisode> {
  const own = path.join(dir, name)
  mkdirSync(own, { recursive: true })
  const episode = await makeEpisode(own, minutes)
  const mp3 = path.join(own, `${name}.mp3`)
  await run('ffmpeg', ['-v', 'error', '-y', '-i', episode.file, '-codec:a', 'libmp3lame', '-b:a', '48k', mp3], { timeout: 60_000 })
  return { ...episode, mp3, bytes: statSync(mp3).size }
}

/** A plain square picture for the channel's cover. */
export async function makeCover(dir: string): Promise<string> {
  const file = path.join(dir, 'cover.png')
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x4f46e5:s=320x320', '-frames:v', '1', file], { timeout: 60_000 })
  return file
}

const stampOf = (ms: number) => {
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`
}

/** The cues as a WebVTT file, what <podcast:transcript type="text/vtt"> points at. */
export function webVtt(cues: SyntheticEpisode['cues']): string {
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${stampOf(c.start)} --> ${stampOf(c.end)}\n${c.text}\n`).join('\n')}`
}

export interface FixtureItem {
  guid: string
  title: string
  pubDate: string
  /** Seconds, written as itunes:duration. */
  duration: number
  audio: string
  audioBytes: number
  /** HTML, sent in CDATA as publishers do. */
  description: string
  transcript?: string
}

/** An RSS 2.0 podcast feed with iTunes and Podcasting 2.0 tags. */
export function rssFeed(channel: { title: string; description: string; link: string; image: string; category: string; items: FixtureItem[] }): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  const items = channel.items
    .map(
      (i) => `    <item>
      <title>${esc(i.title)}</title>
      <guid isPermaLink="false">${esc(i.guid)}</guid>
      <pubDate>${i.pubDate}</pubDate>
      <enclosure url="${esc(i.audio)}" type="audio/mpeg" length="${i.audioBytes}"/>
      <itunes:duration>${Math.round(i.duration)}</itunes:duration>
      <description><![CDATA[${i.description}]]></description>${i.transcript ? `\n      <podcast:transcript url="${esc(i.transcript)}" type="text/vtt"/>` : ''}
    </item>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
  <channel>
    <title>${esc(channel.title)}</title>
    <link>${esc(channel.link)}</link>
    <description>${esc(channel.description)}</description>
    <language>en</language>
    <itunes:image href="${esc(channel.image)}"/>
    <itunes:category text="${esc(channel.category)}"/>
${items}
  </channel>
</rss>`
}

/**
 * A channel of one episode, `river.mp3` playing `file`, with a cover: what
 * `host` serves at /feed.xml for the tests that take one episode along
 * (the lock screen, offline).
 */
export async function serveOneEpisodeChannel(host: FeedServer, dir: string, channel: { title: string; description: string }, episode: { title: string; file: string }): Promise<void> {
  host.set('/media/river.mp3', { file: episode.file, type: 'audio/mpeg' })
  host.set('/cover.png', { file: await makeCover(dir), type: 'image/png' })
  host.set('/feed.xml', {
    type: 'application/rss+xml; charset=utf-8',
    body: rssFeed({
      ...channel,
      link: `${host.url}/`,
      image: `${host.url}/cover.png`,
      category: 'Education',
      items: [{ guid: 'river', title: episode.title, pubDate: 'Tue, 02 Jan 2024 12:00:00 GMT', duration: 27, audio: `${host.url}/media/river.mp3`, audioBytes: 1, description: '<p>By the river.</p>' }],
    }),
  })
}
