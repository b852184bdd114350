/**
 * Loopback ports of the browser tests. Two files run at once (vitest.e2e.config.ts), so every port a
 * file listens on is its own: no two files name the same one, and none falls in another's block.
 *
 * - The shared servers, one per worker (tests/e2e/server.ts): 3107 (E2E_PORT) and 4007.
 * - Derived from the worker's shared server (so 31xx beside 3107, 40xx beside 4007): abuse +43,
 *   edge +33, calls +50…+52.
 * - Fixed, per file: publish 4317/3127, personalization 3117/3118, buildFaults 3109, cluster
 *   4337/6391/3443/3141/3142/5443, store 5453/4377/3187/3188, voice 3361/3362, callsReport 4357/3167,
 *   hosts 4381/3181/3182/6181/6182, specRows 3213, sharedCaches 4393/3193/3194/6493/6494/6395–6398,
 *   abPace 4090–4092, copyCoverage 4037, studio 3137, editorGuards 3147, outsiders 4201/4202, editorSafety 4510,
 *   serviceAreas 4061/4062, portal 4075–4078, devServer 4008/4009 (`npm run dev` and its lake).
 * - The local Content Lake the production build's Studio talks to (3334, as `npm run dev`):
 *   studio, editorGuards and editorSafety, one at a time (tests/e2e/exclusive.ts).
 * A new file takes ports no one else names, and lists them here.
 */
export const SHARED_SITE_PORTS = [Number(process.env.E2E_PORT || 3107), 4007]
