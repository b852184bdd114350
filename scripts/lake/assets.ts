import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { readBody, send, type LakeAddress, type LakeRoute } from './http.ts'
import { imageSize } from './imageSize.ts'
import { LakeError, type DocumentStore, type LakeDocument } from './store.ts'

/**
 * Image assets: uploads (`assets/images/<dataset>`) stored as files named by their content's hash,
 * each with its `sanity.imageAsset` document, and served as uploaded from `/images/<project>/<dataset>/<file>`.
 */
export interface AssetStore extends LakeAddress {
  store: DocumentStore
  /** The folder the image files are kept in. */
  assetsDir: string
}

/** Stores an uploaded image and answers its asset document (the same one again for the same bytes). */
async function uploadImage(assets: AssetStore, request: IncomingMessage, url: URL): Promise<LakeDocument> {
  const { store, assetsDir, projectId, dataset } = assets
  const bytes = await readBody(request)
  const { width, height, extension, mimeType } = imageSize(bytes)
  const sha1 = createHash('sha1').update(bytes).digest('hex')
  const fileName = `${sha1}-${width}x${height}.${extension}`
  mkdirSync(assetsDir, { recursive: true })
  writeFileSync(path.join(assetsDir, fileName), bytes)
  const id = `image-${sha1}-${width}x${height}-${extension}`
  const existing = store.get(id)
  if (existing) return existing
  const asset = {
    _id: id,
    _type: 'sanity.imageAsset',
    assetId: sha1,
    sha1hash: sha1,
    extension,
    mimeType,
    size: bytes.length,
    originalFilename: url.searchParams.get('filename') ?? fileName,
    path: `images/${projectId}/${dataset}/${fileName}`,
    url: `${assets.baseUrl()}/images/${projectId}/${dataset}/${fileName}`,
    uploadId: randomUUID(),
    metadata: { _type: 'sanity.imageMetadata', dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: width / height }, hasAlpha: extension === 'png', isOpaque: extension !== 'png' },
  }
  store.commit(new Map([[id, asset]]), [{ create: asset }])
  return store.get(id)!
}

/** The upload route (`POST assets/images/<dataset>`): images only, the lake stores no other files. */
export function uploadRoute(assets: AssetStore): LakeRoute {
  return async (request, response, url, route) => {
    const asset = /^assets\/(images|files)\/[^/]+$/.exec(route)
    if (!asset || request.method !== 'POST') return false
    if (asset[1] !== 'images') throw new LakeError(400, 'unsupported', 'The local Content Lake stores images only')
    return send(response, 200, { document: await uploadImage(assets, request, url) })
  }
}

/** Serves an image file when the path is one (`/images/<project>/<dataset>/<file>`); false otherwise. */
export function serveImage(assetsDir: string, url: URL, response: ServerResponse): boolean {
  const imageFile = /^\/images\/[^/]+\/[^/]+\/([^/]+)$/.exec(url.pathname)
  if (!imageFile) return false
  const file = path.join(assetsDir, path.basename(imageFile[1]!))
  if (!existsSync(file)) return send(response, 404, { error: 'Not found', statusCode: 404 })
  const ext = path.extname(file).slice(1)
  response.writeHead(200, { 'content-type': ext === 'jpg' ? 'image/jpeg' : `image/${ext === 'svg' ? 'svg+xml' : ext}`, 'cache-control': 'max-age=31536000' })
  createReadStream(file).pipe(response)
  return true
}
