import type { LakeDocument } from './document.ts'

/**
 * A Content Source Map for a query's answer (the `resultSourceMap` the Content Lake adds when asked):
 * for each text in the answer, the document and field it came from. next-sanity encodes those into the
 * preview's copy (stega), which is how the Presentation tool lists the documents on a page and opens
 * a field when the editor clicks its text.
 *
 * The Content Lake tracks each value's origin while it evaluates GROQ; groq-js does not, so the local
 * lake reconstructs it from the answer: an object with a document's `_id` starts that document; below
 * it, a field maps where the document has the same field (array items by `_key`, else by position), a
 * section projected from a fixed field (a pest page's hero) maps to the document's field of the same
 * `_type`, and a text maps only when it equals the document's value there. A text the query computed
 * (coalesce, concatenation) or took from a document without its `_id` maps nowhere: it is shown
 * as it is, not editable by a click.
 */
export interface ContentSourceMap {
  documents: { _id: string; _type: string }[]
  paths: string[]
  mappings: Record<string, { type: 'value'; source: { type: 'documentValue'; document: number; path: number } }>
}

type Segment = string | number | { _key: string }
interface Source {
  doc: LakeDocument
  /** Where in the document, or null: inside the document, but at no field of it. */
  path: Segment[] | null
  node: unknown
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function jsonPath(path: readonly Segment[]): string {
  return `$${path
    .map((segment) =>
      typeof segment === 'number' ? `[${segment}]` : typeof segment === 'string' ? `['${segment.replace(/['\\]/g, '\\$&')}']` : `[?(@._key=='${segment._key.replace(/['\\]/g, '\\$&')}')]`,
    )
    .join('')}`
}

/** `documents`: what the query saw, by the `_id` it answered with (a draft under its published id). */
export function sourceMapOf(result: unknown, documents: ReadonlyMap<string, LakeDocument>): ContentSourceMap {
  const map: ContentSourceMap = { documents: [], paths: [], mappings: {} }
  const documentIndex = new Map<LakeDocument, number>()
  const pathIndex = new Map<string, number>()

  function record(resultPath: (string | number)[], source: Source) {
    let document = documentIndex.get(source.doc)
    if (document === undefined) {
      document = map.documents.push({ _id: (source.doc._originalId as string | undefined) ?? source.doc._id, _type: source.doc._type }) - 1
      documentIndex.set(source.doc, document)
    }
    const path = jsonPath(source.path!)
    let index = pathIndex.get(path)
    if (index === undefined) {
      index = map.paths.push(path) - 1
      pathIndex.set(path, index)
    }
    map.mappings[jsonPath(resultPath)] = { type: 'value', source: { type: 'documentValue', document, path: index } }
  }

  /** The document field an answer's array item or object key comes from. */
  function child(source: Source | null, segment: string | number, value: unknown): Source | null {
    if (!source) return null
    const { doc, path, node } = source
    if (path && typeof segment === 'number' && Array.isArray(node)) {
      const key = isRecord(value) && typeof value._key === 'string' ? value._key : null
      const at = key !== null ? node.findIndex((item) => isRecord(item) && item._key === key) : segment
      if (at >= 0 && at < node.length) return { doc, path: [...path, key !== null ? { _key: key } : at], node: node[at] }
    }
    if (path && typeof segment === 'string' && isRecord(node) && segment in node) return { doc, path: [...path, segment], node: node[segment] }
    // A section the query lined up from one of the document's own fields (e.g. [hero, explainer][defined(@)]).
    if (typeof segment === 'number' && isRecord(value) && typeof value._type === 'string') {
      const field = Object.entries(doc).find(([, fieldValue]) => isRecord(fieldValue) && fieldValue._type === value._type)
      if (field) return { doc, path: [field[0]], node: field[1] }
    }
    return { doc, path: null, node: undefined }
  }

  function walk(value: unknown, resultPath: (string | number)[], source: Source | null) {
    if (isRecord(value) && typeof value._id === 'string' && documents.has(value._id)) {
      const doc = documents.get(value._id)!
      source = { doc, path: [], node: doc }
    }
    if (typeof value === 'string') {
      if (source?.path && source.node === value) record(resultPath, source)
      return
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, [...resultPath, index], child(source, index, item)))
      return
    }
    if (isRecord(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key.startsWith('_')) continue
        walk(item, [...resultPath, key], child(source, key, item))
      }
    }
  }

  walk(result, [], null)
  return map
}
