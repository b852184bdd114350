/**
 * The call tracker: one small inline script at the top of every page's body, so it runs before any call link exists
 * and a tap in the first second counts; it does not wait for React (hydration comes after the first paint, see
 * web/server/scriptsAfterPaint.ts). scripts/buildTracker.ts bundles this file into web/lib/tracking/tracker.generated.ts,
 * static text that the front's hash policy allows like Next's own inline scripts. Its parts:
 * - core.ts: click IDs, Consent Mode defaults, call taps (the call log, the conversion, the `call-click` events), and
 *   "kept its version" for A/B tests;
 * - numberPool.ts: a pool number of its own for an ad visit (entryWithPool.ts only);
 * - googleTag.ts: the Google tag, when one is configured, after the page.
 */
import { startTracker } from './core.ts'
import { loadGoogleTag } from './googleTag.ts'

loadGoogleTag(startTracker().settings)
