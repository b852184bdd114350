/** The call tracker (entry.ts) with its number-pool part, for the pages of a site with a number pool. */
import { startTracker } from './core.ts'
import { loadGoogleTag } from './googleTag.ts'
import { startNumberPool } from './numberPool.ts'

const visit = startTracker()
startNumberPool(visit)
loadGoogleTag(visit.settings)
