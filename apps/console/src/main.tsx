import './index.css'

/** When the console's own code starts running: the files of every stage were asked for before it (e2e/first-frame). */
performance.mark('lingocast:console-start')

// The console starts in stages, each module graph evaluated in a task of its own (decision 0031): React
// DOM, the API contract, then the console itself (with its router) (app/boot.tsx). Evaluated as one
// graph, the entry's modules were the longest task a phone ran while the first screen came (hundreds of
// milliseconds at 4x CPU, nearly all of it blocking); between the stages the page answers a tap. The
// files are fetched at once all the same: index.html names them all (early-entry.ts).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

void import('./app/boot-react')
  .then(nextTask)
  .then(() => import('./app/boot-contract'))
  .then(nextTask)
  .then(() => import('./app/boot'))
  .catch((error: unknown) => console.error('The console could not start:', error))
