/**
 * The player's state outside React: an external store that the media element
 * (or the YouTube iframe) writes into, up to once per animation frame while
 * playing, and that small components read through selectors
 * (`usePlayerValue`). A selector that returns the same primitive as before
 * costs no render, so the time ticking re-renders only what shows it: the
 * clock once a second, the subtitle line when the spoken word changes.
 */

export interface PlayerState {
  /** Seconds. */
  time: number
  /** Seconds; 0 while unknown. */
  duration: number
  playing: boolean
  rate: number
  /** Bumped on every seek the user asks for, so watchers can react to jumps. */
  seeks: number
}

/** What a concrete medium (<audio>, <video>, YouTube) does for the player. */
export interface MediaBackend {
  play(): void
  pause(): void
  seek(seconds: number): void
  setRate(rate: number): void
  /** The medium's own clock, in seconds: more current than the last frame's state. */
  currentTime(): number
}

type Listener = () => void

export class Player {
  private state: PlayerState
  private readonly listeners = new Set<Listener>()
  private backend: MediaBackend | null = null

  constructor(initial: Partial<PlayerState> = {}) {
    this.state = { time: 0, duration: 0, playing: false, rate: 1, seeks: 0, ...initial }
  }

  getState = (): PlayerState => this.state

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Applies a change and tells the listeners, unless nothing actually changed. */
  update(patch: Partial<PlayerState>): void {
    let changed = false
    for (const key of Object.keys(patch) as Array<keyof PlayerState>) {
      if (patch[key] !== undefined && !Object.is(patch[key], this.state[key])) {
        changed = true
        break
      }
    }
    if (!changed) return
    this.state = { ...this.state, ...patch }
    for (const listener of this.listeners) listener()
  }

  /** The medium that plays; returns the detach for an effect cleanup. */
  attach(backend: MediaBackend): () => void {
    this.backend = backend
    backend.setRate(this.state.rate)
    return () => {
      if (this.backend === backend) this.backend = null
    }
  }

  get attached(): boolean {
    return this.backend !== null
  }

  /** Current time in seconds, from the medium when there is one. */
  currentTime(): number {
    const t = this.backend?.currentTime()
    return t !== undefined && Number.isFinite(t) ? t : this.state.time
  }

  play(): void {
    this.backend?.play()
  }

  pause(): void {
    this.backend?.pause()
  }

  toggle(): void {
    if (this.state.playing) this.pause()
    else this.play()
  }

  /** Seeks within [0, duration] and shows the new time at once, before the medium confirms it. */
  seek(seconds: number): void {
    const max = this.state.duration > 0 ? this.state.duration : Number.POSITIVE_INFINITY
    const target = Math.min(Math.max(0, Number.isFinite(seconds) ? seconds : 0), max)
    this.backend?.seek(target)
    this.update({ time: target, seeks: this.state.seeks + 1 })
  }

  setRate(rate: number): void {
    this.backend?.setRate(rate)
    this.update({ rate })
  }
}
