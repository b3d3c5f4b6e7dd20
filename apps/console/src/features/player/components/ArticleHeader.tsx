import type { Article, Comprehension } from '@lingocast/contract'
import { ArrowLeft, CircleCheck, EllipsisVertical, FolderPlus, RotateCcw, Trash } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from '../../../lib/routing/navigation'
import { Menu } from '../../../components/ui/Menu'
import { formatDuration } from '../../../lib/format'
import { comprehensionTitle } from '../../vocabulary/comprehension'
import { comprehensionText } from '../../vocabulary/lookup/lookup-text'
import { AddToCollectionDialog } from '../../playlists/components/AddToCollectionDialog'
import { useDeleteArticle, useMarkFinished } from '../api'
import { AFTER_DELETE_PATH, deleteConfirmText, deleteErrorMessage, markErrorMessage, PLAYER_TEXT } from '../messages'

interface Props {
  article: Article
  /** Another user's article (from a public playlist): nothing to mark, delete or file away. */
  readOnly?: boolean
  /** How much of the transcript the user knows; nothing shows without it. */
  comprehension?: Comprehension
  /** After a successful Mark as Finished: the player offers to mark the remaining new words. */
  onFinished?: () => void
}

/** Title row (spec 000 s2): the title, a Finished badge, and the actions menu. */
export function ArticleHeader({ article, readOnly = false, comprehension, onFinished }: Props) {
  const navigate = useNavigate()
  const [collectionOpen, setCollectionOpen] = useState(false)
  const mark = useMarkFinished({ onError: (error, finished) => window.alert(markErrorMessage(error, finished)) })
  const remove = useDeleteArticle({
    onSuccess: () => navigate(AFTER_DELETE_PATH),
    onError: (error) => window.alert(deleteErrorMessage(error)),
  })

  const items = [
    article.IsFinished
      ? { label: PLAYER_TEXT.markActive, icon: <RotateCcw />, onSelect: () => mark.mutate({ article, finished: false }) }
      : { label: PLAYER_TEXT.markFinished, icon: <CircleCheck />, onSelect: () => mark.mutate({ article, finished: true }, { onSuccess: () => onFinished?.() }) },
    { label: PLAYER_TEXT.addToCollection, icon: <FolderPlus />, onSelect: () => setCollectionOpen(true) },
    {
      label: PLAYER_TEXT.deleteItem,
      icon: <Trash />,
      danger: true,
      onSelect: () => {
        if (window.confirm(deleteConfirmText(article.Title))) remove.mutate(article)
      },
    },
  ]

  return (
    <header className="flex items-start gap-2 sm:gap-3">
      <Link
        to="/"
        aria-label="Back to Learning"
        className="mt-0.5 shrink-0 rounded-lg p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <ArrowLeft className="h-5 w-5" aria-hidden="true" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="min-w-0 text-xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-2xl">{article.Title}</h1>
          {article.IsFinished && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-inset ring-emerald-600/20">
              <CircleCheck className="h-3.5 w-3.5" aria-hidden="true" />
              {PLAYER_TEXT.finished}
            </span>
          )}
        </div>
        {article.Duration || comprehension ? (
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm tabular-nums text-slate-500">
            {article.Duration ? <span>{formatDuration(article.Duration)}</span> : null}
            {comprehension && (
              <span data-testid="article-comprehension" title={comprehensionTitle(comprehension)}>
                {comprehensionText(comprehension)}
              </span>
            )}
          </p>
        ) : null}
      </div>
      {!readOnly && (
        <Menu
          label={`More actions for ${article.Title}`}
          trigger={<EllipsisVertical className="h-5 w-5" aria-hidden="true" />}
          triggerClassName="p-2"
          items={items}
        />
      )}
      {collectionOpen && <AddToCollectionDialog article={article} onClose={() => setCollectionOpen(false)} />}
    </header>
  )
}
