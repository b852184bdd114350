/**
 * The Studio, embedded at /studio so editors and developers run one app (`npm run dev`). With no
 * Sanity project it edits the local Content Lake, after a first-run check that this browser can
 * reach it (Studio.tsx, studio/firstRun).
 */
import { Studio } from './Studio'

export const dynamic = 'force-static'

export default function StudioPage() {
  return <Studio />
}
