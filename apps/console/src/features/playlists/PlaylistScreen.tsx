import type { PlaylistArticle } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, BookmarkPlus, ListMusic, Trash } from 'lucide-react'
import { useState } from 'react'
import { useNavigate, useParams } from '../../lib/routing/navigation'
import { BackButton, useBack } from '../../components/ui/BackButton'
import { Button } from '../../components/ui/Button'
import { BACK_LINK_CLASS, LoadErrorScreen, NotFoundScreen, SkeletonRows, SkeletonScreen } from '../../components/ui/StatusScreen'
import { playlistDetailQuery, useDeletePlaylist, useKeepPlaylist, useModifyPlaylist, useRemoveItem, type PlaylistView } from './api'
import { PlaylistItems } from './components/PlaylistItems'
import { PlaylistPlayerBar } from './components/PlaylistPlayerBar'
import { PlaylistTitle } from './components/PlaylistTitle'
import { PublicSwitch } from './components/PublicSwitch'
import { deleteErrorMessage, detailErrorMessage, isNotFound, PLAYLIST_TEXT, removeItemErrorMessage, sharingErrorMessage, titleErrorMessage } from './messages'

// Room at the bottom for the fixed player bar.
const PAGE = 'mx-auto max-w-5xl px-4 pb-32 pt-5 sm:px-6 lg:pt-7'

/** The playlist detail screen at /playlist/{hash_id} (spec 000 s2). */
export default function PlaylistScreen() {
  const { hashId = '' } = useParams()
  const detail = useQuery(playlistDetailQuery(hashId))

  if (detail.isPending) return <PlaylistSkeleton />
  if (detail.isError) {
    if (isNotFound(detail.error)) return <NotFoundState />
    return <ErrorState message={detailErrorMessage(detail.error)} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
  }
  if (!detail.data.title && detail.data.articles.length === 0) return <NotFoundState />
  return <PlaylistBody key={hashId} hashId={hashId} view={detail.data} />
}

function PlaylistBody({ hashId, view }: { hashId: string; view: PlaylistView }) {
  const navigate = useNavigate()
  const [playingId, setPlayingId] = useState<number>()
  const modify = useModifyPlaylist(hashId, {
    onError: (error, patch) => window.alert(patch.title !== undefined ? titleErrorMessage(error) : sharingErrorMessage(error)),
  })
  const removeItem = useRemoveItem(hashId, { onError: (error) => window.alert(removeItemErrorMessage(error)) })
  const keep = useKeepPlaylist(hashId)
  const remove = useDeletePlaylist(hashId, {
    onDeleted: (wasMine) => {
      window.alert(wasMine ? PLAYLIST_TEXT.deleted : PLAYLIST_TEXT.removed)
      navigate('/')
    },
    onError: (error) => window.alert(deleteErrorMessage(error)),
  })

  const onDelete = () => {
    if (window.confirm(view.is_mine ? PLAYLIST_TEXT.confirmDelete : PLAYLIST_TEXT.confirmRemove)) remove.mutate(view.is_mine)
  }
  const onRemoveItem = (item: PlaylistArticle) => removeItem.mutate(item.ArticleID)
  const deleteLabel = view.is_mine ? 'Delete playlist' : 'Remove from my library'

  return (
    <section className={PAGE}>
      <header className="flex items-start gap-2 sm:gap-3">
        <BackButton fallback="/" className="mt-0.5" />
        <PlaylistTitle title={view.title} editable={view.is_mine} onSave={(title) => modify.mutate({ title })} />
        <div className="flex shrink-0 items-center gap-2">
          {!view.in_library && (
            <Button variant="secondary" loading={keep.isPending} onClick={() => keep.mutate()}>
              {!keep.isPending && <BookmarkPlus className="h-4 w-4" aria-hidden="true" />}
              Keep in my library
            </Button>
          )}
          {view.in_library && (
            // On phones only the icon shows; the name stays the same for assistive tech.
            <Button variant="secondary" loading={remove.isPending} onClick={onDelete} aria-label={deleteLabel} title={deleteLabel} className="px-2.5 text-red-600! sm:px-4">
              {!remove.isPending && <Trash className="h-4 w-4" aria-hidden="true" />}
              <span className="hidden sm:inline">{deleteLabel}</span>
            </Button>
          )}
        </div>
      </header>

      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 pl-11 text-sm text-slate-500">
        <span className="inline-flex items-center gap-1.5">
          <ListMusic className="h-4 w-4" aria-hidden="true" />
          {view.articles.length === 1 ? '1 item' : `${view.articles.length} items`}
        </span>
        {view.is_mine ? (
          <PublicSwitch checked={view.public} onChange={(next) => modify.mutate({ public: next })} />
        ) : (
          <span>Shared with you by its owner · you cannot change it</span>
        )}
        {keep.isError && (
          <span role="alert" className="text-red-600">
            {deleteErrorMessage(keep.error)}
          </span>
        )}
      </div>

      <div className="mt-6">
        {view.articles.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white/60 px-6 py-14 text-center text-sm text-slate-500">{PLAYLIST_TEXT.empty}</p>
        ) : (
          <PlaylistItems items={view.articles} playingId={playingId} onRemove={view.is_mine ? onRemoveItem : undefined} />
        )}
      </div>

      <PlaylistPlayerBar items={view.articles} currentId={playingId} onCurrentChange={setPlayingId} show={view.title} />
    </section>
  )
}

function PlaylistSkeleton() {
  return (
    <SkeletonScreen label="Loading playlist" className={PAGE}>
      <div className="h-8 w-1/2 max-w-sm rounded-lg bg-slate-200" />
      <SkeletonRows className="mt-8" />
    </SkeletonScreen>
  )
}

function NotFoundState() {
  return <NotFoundScreen title={PLAYLIST_TEXT.notFoundOrEmpty} hint="It may have been deleted or made private, or the link is wrong." back={<BackLink />} />
}

function ErrorState({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return <LoadErrorScreen message={message} onRetry={onRetry} retrying={retrying} back={<BackLink />} />
}

function BackLink() {
  const back = useBack('/')
  return (
    <button type="button" onClick={back} className={BACK_LINK_CLASS}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back
    </button>
  )
}
