import { useEffect, useRef, useState, type ReactNode } from 'react'

interface Props {
  /** Undefined: nothing to load, the placeholder shows. */
  src: string | undefined
  /** Shown while nothing is loaded: no image, not yet visible, loading, or broken. */
  placeholder: ReactNode
  alt?: string
  className?: string
  children?: ReactNode
}

/** spec 000 s9: a thumbnail starts loading once 10 percent of it is visible. */
export const LAZY_THRESHOLD = 0.1

/**
 * A 16:9 image that gets its src only when it scrolls into view, fades in
 * when loaded, and is hidden (placeholder instead) when it fails to load.
 * `children` are drawn over it (badges).
 */
export function Thumbnail({ src, placeholder, alt = '', className = '', children }: Props) {
  const box = useRef<HTMLDivElement>(null)
  const [visible, setVisible] = useState(false)
  // Keyed by src, so a new address starts clean.
  const [state, setState] = useState<{ src?: string; status: 'loading' | 'loaded' | 'failed' }>({ src, status: 'loading' })
  const status = state.src === src ? state.status : 'loading'

  useEffect(() => {
    if (!src || visible) return
    const el = box.current
    if (!el) return
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= LAZY_THRESHOLD)) {
          setVisible(true)
          observer.disconnect()
        }
      },
      { threshold: LAZY_THRESHOLD },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [src, visible])

  const showImage = Boolean(src) && visible && status !== 'failed'
  return (
    <div ref={box} className={`relative aspect-video overflow-hidden bg-slate-100 ${className}`}>
      {status !== 'loaded' || !showImage ? <div className="absolute inset-0">{placeholder}</div> : null}
      {showImage && (
        <img
          src={src}
          alt={alt}
          decoding="async"
          draggable={false}
          onLoad={() => setState({ src, status: 'loaded' })}
          onError={() => setState({ src, status: 'failed' })}
          className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-300 ${status === 'loaded' ? 'opacity-100' : 'opacity-0'}`}
        />
      )}
      {children}
    </div>
  )
}
