/** The modules of the console's start stages: src/main.tsx imports them one by one (decision 0031). */
export const CONSOLE_START_STAGE = /[\\/]src[\\/]app[\\/]boot(-[a-z]+)?\.tsx?$/

interface ChunkLike {
  fileName: string
  imports: string[]
}

/** Adds `fileName` and every chunk it imports statically, directly or through others, to `into`. */
export function addWithImports(chunks: readonly ChunkLike[], fileName: string, into: Set<string>): void {
  if (into.has(fileName)) return
  into.add(fileName)
  for (const imported of chunks.find((c) => c.fileName === fileName)?.imports ?? []) addWithImports(chunks, imported, into)
}

/** The screens a visit most often opens first (Learning, and the sign-in before it): the budget of initial JavaScript counts them (bench/initial-js.bench.ts). */
export const FIRST_SCREENS = /[\\/]src[\\/]features[\\/](auth[\\/]LoginScreen|library[\\/]LearningScreen)\.tsx$/

interface ModuleLike {
  isEntry: boolean
  importers: readonly string[]
}

/**
 * Whether `moduleId` is statically imported, directly or through others, by an entry, a start stage or one
 * of the first screens: whether the console's first load runs it.
 */
export function loadedFirst(moduleId: string, getModuleInfo: (id: string) => ModuleLike | null, seen = new Set<string>()): boolean {
  if (seen.has(moduleId)) return false
  seen.add(moduleId)
  const info = getModuleInfo(moduleId)
  if (!info) return false
  if (info.isEntry || CONSOLE_START_STAGE.test(moduleId) || FIRST_SCREENS.test(moduleId)) return true
  return info.importers.some((importer) => loadedFirst(importer, getModuleInfo, seen))
}

/**
 * The chunks the console imports after its first screen (app/boot.tsx: the offline parts once the page is
 * idle, the new-version prompt beside the first render). Nothing waits on them, so their files come as the
 * browser finds them in the import graph, without a `<link rel="modulepreload">` for each: inserting those
 * links cost a phone tens of milliseconds of main thread on the way to the first screen (decision 0037).
 */
const IMPORTED_AFTER_FIRST_SCREEN = /^assets\/(offline-plugins|UpdatePrompt)-[\w-]+\.js$/

/** Vite's `build.modulePreload.resolveDependencies`: what a dynamic import of `fileName` preloads. */
export function preloadsOf(fileName: string, deps: string[]): string[] {
  return IMPORTED_AFTER_FIRST_SCREEN.test(fileName) ? [] : deps
}
