import { readFileSync } from 'node:fs'
import path from 'node:path'
import { validateXML } from 'xmllint-wasm'

/** A sitemap or sitemap index checked against the sitemap protocol's schema by libxml2 (xmllint-wasm). */
const SCHEMAS = path.resolve(import.meta.dirname, '../fixtures/sitemaps')

export async function validateSitemap(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const index = /<sitemapindex[\s>]/.test(xml)
  const schema = readFileSync(path.join(SCHEMAS, index ? 'siteindex.xsd' : 'sitemap.xsd'), 'utf8')
  const result = await validateXML({ xml: [{ fileName: 'sitemap.xml', contents: xml }], schema: [schema], maxMemoryPages: 16_384 })
  return { valid: result.valid, errors: result.errors.map((error) => error.rawMessage) }
}
