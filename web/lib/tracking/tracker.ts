/**
 * The call tracker's two inline scripts: without and with the number-pool part (only pages of a site with a pool
 * carry it, so every other page's first flight stays small). Written as typed source in web/lib/tracking/client/
 * (entry.ts says what it does), bundled into tracker.generated.ts by `npm run build:tracker`.
 */
export { CALL_TRACKER_SCRIPT, CALL_TRACKER_SCRIPT_WITH_POOL } from './tracker.generated.ts'
