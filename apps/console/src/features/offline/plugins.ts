/**
 * The features' parts of the offline layer (outbox senders, download parts, account stores) register
 * themselves from one module the console loads after its first screen (app/shell/offline-plugins.ts), not
 * with the first screen's code. Whatever uses a registry first waits here until they are all in: a
 * sign-out then forgets every store, and a flush finds every sender.
 */
let load: (() => Promise<unknown>) | undefined
let loaded: Promise<void> | undefined

/** Where the registrations come from; the console sets it before it renders anything (app/boot.tsx). */
export function offlinePluginsFrom(loader: () => Promise<unknown>): void {
  load = loader
  loaded = undefined
}

/**
 * Resolves once every feature's part is registered. Without a loader (a unit test that imports the parts it
 * needs) at once. A load that fails (the code could not be fetched) is tried again by the next call, and
 * lets the caller go on with the parts already registered: a sign-out still happens.
 */
export function offlinePlugins(): Promise<void> {
  if (!load) return Promise.resolve()
  loaded ??= load().then(
    () => undefined,
    (error: unknown) => {
      loaded = undefined
      console.warn('The offline parts of the console could not be loaded:', error)
    },
  )
  return loaded
}
