import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentSourceId, datasetPath } from './contentSource'

const lake = { projectId: 'standin', dataset: 'production', apiVersion: '2025-06-01', apiHost: 'http://127.0.0.1:4317', token: undefined }

describe('contentSourceId: which content a server reads (a build serves its prerendered pages only to the same)', () => {
  it('names a Content Lake by project, dataset and host, whatever the dataset file', () => {
    const read = () => {
      throw new Error('a lake source never reads the bundled file')
    }
    expect(contentSourceId({ sanity: lake, datasetFile: undefined }, read)).toBe('sanity:standin/production@http://127.0.0.1:4317')
    expect(contentSourceId({ sanity: { ...lake, apiHost: undefined }, datasetFile: 'x.ndjson' }, read)).toBe('sanity:standin/production@https://api.sanity.io')
    expect(contentSourceId({ sanity: { ...lake, dataset: 'staging' }, datasetFile: undefined }, read)).not.toBe(contentSourceId({ sanity: lake, datasetFile: undefined }, read))
  })

  it('names the bundled dataset by what it holds, not where it lies', () => {
    const files: Record<string, string> = { [path.resolve('a.ndjson')]: '{"_id":"a"}\n', [path.resolve('b.ndjson')]: '{"_id":"a"}\n', [path.resolve('c.ndjson')]: '{"_id":"c"}\n' }
    const read = (file: string) => Buffer.from(files[file] ?? '')
    const a = contentSourceId({ sanity: null, datasetFile: 'a.ndjson' }, read)
    expect(a).toMatch(/^bundled:[0-9a-f]{16}$/)
    expect(contentSourceId({ sanity: null, datasetFile: 'b.ndjson' }, read)).toBe(a)
    expect(contentSourceId({ sanity: null, datasetFile: 'c.ndjson' }, read)).not.toBe(a)
  })

  it('says "missing" when there is no dataset file, rather than throwing while the cache starts', () => {
    const read = () => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' })
    }
    expect(contentSourceId({ sanity: null, datasetFile: 'nowhere.ndjson' }, read)).toBe('bundled:missing')
  })

  it('reads CONTENT_DATASET_FILE when set, else studio/dataset/production.ndjson', () => {
    expect(datasetPath('copy.ndjson')).toBe(path.resolve('copy.ndjson'))
    expect(datasetPath(undefined)).toBe(path.resolve('studio/dataset/production.ndjson'))
  })
})
