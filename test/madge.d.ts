/** The part of madge (no types of its own) the house rules use. */
declare module 'madge' {
  interface MadgeResult {
    /** Each cycle as the files in it, relative to the base directory. */
    circular(): string[][]
    /** File -> the files it imports, relative to the base directory. */
    obj(): Record<string, string[]>
    warnings(): { skipped: string[] }
  }
  export default function madge(path: string, config?: { fileExtensions?: string[]; tsConfig?: string; baseDir?: string }): Promise<MadgeResult>
}
