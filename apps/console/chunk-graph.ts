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
