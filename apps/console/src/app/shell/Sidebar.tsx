import { useQuery } from '@tanstack/react-query'
import { BookOpen, Brain, Compass, GraduationCap, HardDriveDownload, ListMusic, LogOut, Plus, Rss } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { NavLink, useNavigate } from '../../lib/routing/navigation'
import { Button } from '../../components/ui/Button'
import { Dialog } from '../../components/ui/Dialog'
import { Spinner } from '../../components/ui/Spinner'
import { useAuth } from '../../lib/auth-context'
import { DueBadge } from '../../features/memories/components/DueBadge'
import { OFFLINE_MSG } from '../../features/offline/messages'
import { pendingEntries } from '../../features/offline/outbox'
import { forgetOfflineData } from '../../features/offline/owner-data'
import { playlistsQuery, useCreatePlaylist } from '../../features/playlists/api'
import { createErrorMessage, PLAYLIST_TEXT } from '../../features/playlists/messages'

const MARKETING_SITE = 'https://lingocast.app'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-400">{title}</h2>
      <div className="space-y-0.5">{children}</div>
    </section>
  )
}

function Collections({ onNavigate }: { onNavigate?: () => void }) {
  const playlists = useQuery(playlistsQuery())
  const create = useCreatePlaylist()

  return (
    <>
      {playlists.isPending ? (
        <p className="px-3 py-2 text-sm text-slate-400">Loading...</p>
      ) : !playlists.data?.length ? (
        <p className="px-3 py-2 text-sm text-slate-400">{PLAYLIST_TEXT.noPlaylists}</p>
      ) : (
        <ul aria-label="Playlists" className="max-h-80 space-y-0.5 overflow-y-auto">
          {playlists.data.map((p) => (
            <li key={p.hash_id}>
              <NavLink to={`/playlist/${encodeURIComponent(p.hash_id)}`} className={linkClass} onClick={onNavigate} title={p.title}>
                <ListMusic className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{p.title}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        onClick={() => create.mutate()}
        disabled={create.isPending}
        aria-busy={create.isPending || undefined}
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-indigo-600 transition hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-60"
      >
        {create.isPending ? <Spinner /> : <Plus className="h-4 w-4" aria-hidden="true" />}
        {create.isPending ? PLAYLIST_TEXT.creating : PLAYLIST_TEXT.newPlaylist}
      </button>
      {create.isError && (
        <p role="alert" className="px-3 pb-1 text-xs text-red-600">
          {createErrorMessage(create.error)}
        </p>
      )}
    </>
  )
}

/** The sidebar's content; the shell places it fixed on desktop and in a drawer on phones. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const auth = useAuth()
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  /** Changes made offline that signing out would delete: asked about first. */
  const [unsent, setUnsent] = useState(0)

  const leave = async () => {
    setUnsent(0)
    setLeaving(true)
    if (auth.account !== undefined) await forgetOfflineData(auth.account)
    await auth.signOut()
    navigate('/login', { replace: true })
  }

  const logout = async () => {
    const waiting = auth.account === undefined ? 0 : await pendingEntries(auth.account).then((e) => e.length, () => 0)
    if (waiting > 0) setUnsent(waiting)
    else await leave()
  }

  return (
    <div className="flex h-full flex-col">
      <a
        href={MARKETING_SITE}
        target="_blank"
        rel="noopener"
        className="m-2 flex items-center gap-2 self-start rounded-lg px-3 py-3 text-xl font-bold tracking-tight text-indigo-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <GraduationCap className="h-7 w-7" aria-hidden="true" />
        Lingocast
      </a>
      <nav aria-label="Main" className="flex-1 space-y-6 overflow-y-auto px-3 pb-4">
        <Section title="Library">
          <NavLink to="/" end className={linkClass} onClick={onNavigate}>
            <BookOpen className="h-4 w-4" aria-hidden="true" />
            Learning
          </NavLink>
          <NavLink to="/feeds" className={linkClass} onClick={onNavigate}>
            <Rss className="h-4 w-4" aria-hidden="true" />
            My Feed
          </NavLink>
          <NavLink to="/discover" className={linkClass} onClick={onNavigate}>
            <Compass className="h-4 w-4" aria-hidden="true" />
            Discover
          </NavLink>
          <NavLink to="/downloads" className={linkClass} onClick={onNavigate}>
            <HardDriveDownload className="h-4 w-4" aria-hidden="true" />
            Downloads
          </NavLink>
        </Section>
        <Section title="Collections">
          <Collections onNavigate={onNavigate} />
        </Section>
        <Section title="Tools">
          {/* The badge sits beside the link, not inside it: a link cannot hold another link. */}
          <div className="flex items-center gap-1">
            <NavLink to="/memories" className={(state) => `${linkClass(state)} flex-1`} onClick={onNavigate}>
              <Brain className="h-4 w-4" aria-hidden="true" />
              Memories
            </NavLink>
            <DueBadge onNavigate={onNavigate} />
          </div>
        </Section>
      </nav>
      <div className="flex items-center justify-between gap-2 border-t border-slate-200 px-5 py-4">
        <span className="truncate text-sm font-medium text-slate-700" title={auth.username}>
          {auth.username}
        </span>
        <button
          type="button"
          onClick={() => void logout()}
          disabled={leaving}
          aria-busy={leaving || undefined}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-60"
        >
          {leaving ? <Spinner /> : <LogOut className="h-4 w-4" aria-hidden="true" />}
          Logout
        </button>
      </div>
      {unsent > 0 && (
        <Dialog
          title={OFFLINE_MSG.signOutTitle}
          onClose={() => setUnsent(0)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setUnsent(0)}>
                {OFFLINE_MSG.stay}
              </Button>
              <Button onClick={() => void leave()}>{OFFLINE_MSG.signOutAnyway}</Button>
            </>
          }
        >
          <p className="text-sm text-slate-700">{OFFLINE_MSG.signOutBody(unsent)}</p>
        </Dialog>
      )}
    </div>
  )
}
