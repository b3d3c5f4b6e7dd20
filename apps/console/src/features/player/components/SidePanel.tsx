import { FileText, MessageCircle, NotebookPen, ScrollText } from 'lucide-react'
import { useId, useMemo, type ReactNode } from 'react'
import { Tabs, tabPanelProps, type TabItem } from '../../../components/ui/Tabs'
import { sanitizeDescription } from '../description'

export type SideTab = 'description' | 'transcript' | 'notes' | 'chat'
type Tab = SideTab

const TABS: ReadonlyArray<TabItem<Tab>> = [
  { value: 'description', label: 'Description', icon: <FileText /> },
  { value: 'transcript', label: 'Transcript', icon: <ScrollText /> },
  { value: 'notes', label: 'Notes', icon: <NotebookPen /> },
  { value: 'chat', label: 'Chat', icon: <MessageCircle /> },
]

interface Props {
  description: string
  /** The whole text, following the playing line. */
  transcript: ReactNode
  notes: ReactNode
  chat: ReactNode
  /** The open tab, controlled so that Explain can open the chat. */
  tab: Tab
  onTabChange: (tab: Tab) => void
}

/** The right pane (spec 000 s2): Description (default), Notes and Chat; and the Transcript. */
export function SidePanel({ description, transcript, notes, chat, tab, onTabChange: setTab }: Props) {
  const base = useId()
  return (
    <div className="@container overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:sticky md:top-6">
      {/* Four tabs in a narrow pane (a phone, the divider moved): their names alone, then their icons alone. */}
      <Tabs
        base={base}
        label="Article panels"
        tabs={TABS}
        value={tab}
        onChange={setTab}
        className="border-b border-slate-200 px-2 @max-md:[&_[data-tab-icon]]:hidden @max-md:[&_[role=tab]]:px-2 @max-[19rem]:[&_[data-tab-icon]]:inline @max-[19rem]:[&_[data-tab-label]]:sr-only"
      />
      <div {...tabPanelProps(base, tab)} className="focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500">
        {tab === 'description' ? (
          <Description html={description} />
        ) : tab === 'transcript' ? (
          transcript
        ) : tab === 'notes' ? (
          notes
        ) : (
          chat
        )}
      </div>
    </div>
  )
}

const looksLikeHtml = (text: string) => /<[a-z][^>]*>/i.test(text)

function Description({ html }: { html: string }) {
  const clean = useMemo(() => (looksLikeHtml(html) ? sanitizeDescription(html) : undefined), [html])
  if (!html.trim()) return <p className="px-5 py-8 text-center text-sm text-slate-500">No description.</p>
  if (clean === undefined) return <p className="whitespace-pre-line break-words px-5 py-4 text-sm leading-relaxed text-slate-700">{html}</p>
  return (
    <div
      data-testid="description"
      className="max-h-[70vh] overflow-y-auto break-words px-5 py-4 text-sm leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-indigo-600 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-indigo-500 [&_blockquote]:border-l-2 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h1]:mt-4 [&_h1]:text-base [&_h1]:font-semibold [&_h1]:text-slate-900 [&_h2]:mt-4 [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-3 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-3 [&_p:first-child]:mt-0 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5"
      // Sanitised by DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  )
}
