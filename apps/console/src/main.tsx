import './index.css'

/**
 * The console starts in stages, each module graph evaluated in a task of its
 * own: React DOM, the router, the API contract (with zod), then the console itself (app/boot.tsx). Run as
 * one graph, the evaluation of every module of the entry was the longest task
 * a phone ran while the first screen came (hundreds of milliseconds at 4x CPU,
 * all of it counted as blocking); each stage is a fraction of it, and the
 * page answers a tap between them. The files are fetched at once all the same:
 * index.html names them all (early-entry.ts).
 */
/** When the console's own code starts running: the files of every stage were asked for before it (e2e/first-frame). */
performance.mark('lingocast:console-start')

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

void import('./app/boot-react')
  .then(nextTask)
  .then(() => import('./app/boot-router'))
  .then(nextTask)
  .then(() => import('./app/boot-contract'))
  .then(nextTask)
  .then(() => import('./app/boot'))
