// Client JS per route (gzip) from the production build, against the floor (a legal page: framework and site layout).
// Usage: npm run build && npm run bench:js
import { clientJsPerRoute, FLOOR_ROUTE } from './jsSizes.ts'

const rows = clientJsPerRoute()
const floor = rows.find((row) => row.route === FLOOR_ROUTE)!.jsBytes
const kib = (bytes: number) => (bytes / 1024).toFixed(1)
console.log(`Client JS per route, gzip; floor (${FLOOR_ROUTE}) = ${kib(floor)} KiB`)
console.table(
  rows.map((row) => ({
    route: row.route,
    scripts: row.scripts,
    'JS KiB': kib(row.jsBytes),
    'over floor KiB': kib(row.jsBytes - floor),
    'CSS KiB': kib(row.cssBytes),
  })),
)
