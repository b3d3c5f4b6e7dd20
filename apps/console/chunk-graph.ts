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
