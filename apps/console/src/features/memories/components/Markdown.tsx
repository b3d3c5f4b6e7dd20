import { LazyMarkdown } from '../../../components/ui/LazyMarkdown'

const NO_IMAGES = ['img']

/**
 * Card content and tutor replies as markdown. react-markdown builds React
 * elements and skips raw HTML, so nothing in a card can run script. Images
 * are dropped: a card or a model's reply could name any address, and an
 * image would report the reader to it (or carry data out in its URL).
 */
export function Markdown({ children, className = '' }: { children: string; className?: string }) {
  return (
    <div className={`space-y-2 text-sm leading-relaxed text-slate-800 [&_a]:text-indigo-600 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-50 [&_pre]:p-3 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-5 ${className}`}>
      <LazyMarkdown disallowedElements={NO_IMAGES}>{children}</LazyMarkdown>
    </div>
  )
}
