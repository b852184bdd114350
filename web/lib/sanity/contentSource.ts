import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { serverConfig, type Config } from '../config.ts'

const DATASET_FILE = path.join('studio', 'dataset', 'production.ndjson')

/** The NDJSON file the site serves: CONTENT_DATASET_FILE, else the bundled studio/dataset/production.ndjson. */
export function datasetPath(datasetFile = serverConfig().datasetFile): string {
  if (datasetFile) return path.resolve(datasetFile)
  // `next build web` runs from the repository root; tools run from web/ resolve one level up.
  return path.basename(process.cwd()) === 'web' ? path.resolve('..', DATASET_FILE) : path.resolve(DATASET_FILE)
}

/**
 * Which content a server reads, as one short string: the Content Lake project, dataset and host when a
 * Sanity project is configured, else a hash of the bundled dataset it serves.
 *
 * The content source is read when the server starts, not baked into the build, so one build can serve the
 * bundled dataset, a dataset copy or a Content Lake. A build's prerendered pages were made from the content
 * of the build's environment: the ISR cache serves them only when this string is the build's
 * (web/server/cache/cacheHandler.ts), else each page is rendered afresh on its first request.
 */
export function contentSourceId(config: Pick<Config, 'sanity' | 'datasetFile'>, readDataset: (file: string) => Buffer = readFileSync): string {
  if (config.sanity) {
    const { projectId, dataset, apiHost } = config.sanity
    return `sanity:${projectId}/${dataset}@${apiHost ?? 'https://api.sanity.io'}`
  }
  // By what the file holds, not where it is: a build made in one folder (CI, a container) serves from another.
  try {
    return `bundled:${createHash('sha256').update(readDataset(datasetPath(config.datasetFile))).digest('hex').slice(0, 16)}`
  } catch {
    // No file: nothing to match; the site itself says what is missing when it reads content.
    return 'bundled:missing'
  }
}
