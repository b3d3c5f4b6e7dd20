import { openDatabase } from '../db/client'
import { buildTemplate, TEMPLATE_DIR } from '../db/template'

/**
 * Part of `npm run build`: a migrated embedded data dir (db/template.ts) that a first start copies
 * instead of creating and migrating a cluster. Skipped when the one there matches this PGlite and
 * these migrations.
 */
const started = performance.now()
const made = await buildTemplate(async (dataDir) => {
  const database = await openDatabase({ dataDir, lock: false, template: false })
  await database.close()
})
console.log(made ? `Made the embedded database template in ${Math.round(performance.now() - started)} ms: ${TEMPLATE_DIR}` : `The embedded database template is up to date: ${TEMPLATE_DIR}`)
