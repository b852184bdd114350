/**
 * The Studio, embedded at /studio so editors and developers run one app (`npm run dev`).
 * Offline it shows Sanity's "couldn't reach the servers" screen: it needs a real project to edit.
 */
import { NextStudio } from 'next-sanity/studio'
import config from '../../../../../sanity.config'

export const dynamic = 'force-static'

export default function StudioPage() {
  return <NextStudio config={config} />
}
