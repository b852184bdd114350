import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { DocumentValidationMarker } from '@sanity/validation'
import { isValidElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createSchema } from 'sanity'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { developerWords, developerWordsIn } from '../../studio/developerWords'
import { STRUCTURE_WORDS } from '../../studio/editorWords'
import { schemaTypes } from '../../studio/schemas'
import { pageBuilderBlockTypes } from '../../web/blocks/schemas'
import { bundledDocuments } from '../../web/lib/sanity/localDataset'
import { startStudioValidator, type StudioValidator } from '../support/studioValidator'

/**
 * Everything the Studio says to an editor, in the business's words: every label, help text and list
 * option of the compiled schema, every sentence written in the Studio's sources (validation messages,
 * tools, dialogs) and the messages Sanity's validator gives for broken values are checked against the
 * developer words kept in studio/developerWords.ts. A failure names the field (or file and line) and the word.
 */
const root = join(import.meta.dirname, '..', '..')

function offences(where: string, text: string): string[] {
  return developerWordsIn(text).map(({ word, instead }) => `${where}: “${word}” in “${text}” — write ${instead}`)
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (!isValidElement(value)) return null
  return renderToStaticMarkup(value as ReactNode).replace(/<[^>]+>/g, ' ')
}

type SchemaNode = { name?: string; title?: unknown; description?: unknown; placeholder?: unknown; fields?: { name: string; type: SchemaNode }[]; of?: SchemaNode[]; options?: { list?: unknown[] }; fieldsets?: { name?: string; title?: unknown; description?: unknown }[]; groups?: { name?: string; title?: unknown }[]; type?: SchemaNode }

/** The names of the types a field is built on: ["slug", "object"] for an Address field. */
function typeNames(node: SchemaNode): string[] {
  const names: string[] = []
  for (let base: SchemaNode | undefined = node; base; base = base.type) if (base.name) names.push(base.name)
  return names
}

/**
 * Sanity's own parts of its built-in types, which the form never shows as labels (an address field is one
 * input; an image's stored file and a text's marks are kept out of sight).
 */
const SANITY_INNER = new Set(['slug.current', 'image.asset', 'image.media', 'span.marks', 'reference._ref'])

/** Every title, description, placeholder, option, fieldset and tab of the compiled schema, named by its path. */
function schemaTexts(): [string, string][] {
  const schema = createSchema({ name: 'default', types: schemaTypes })
  const found: [string, string][] = []
  const seen = new Set<SchemaNode>()
  const add = (where: string, value: unknown) => {
    const text = textOf(value)
    if (text) found.push([where, text])
  }
  const walk = (node: SchemaNode | undefined, where: string) => {
    if (!node || seen.has(node)) return
    seen.add(node)
    add(`${where} (label)`, node.title)
    add(`${where} (help text)`, node.description)
    add(`${where} (placeholder)`, node.placeholder)
    for (const option of node.options?.list ?? []) add(`${where} (option)`, typeof option === 'object' && option ? (option as { title?: unknown }).title : option)
    for (const set of node.fieldsets ?? []) {
      add(`${where} › fieldset ${set.name} (label)`, set.title)
      add(`${where} › fieldset ${set.name} (help text)`, set.description)
    }
    for (const group of node.groups ?? []) add(`${where} › tab ${group.name} (label)`, group.title)
    for (const field of node.fields ?? []) if (!typeNames(node).some((name) => SANITY_INNER.has(`${name}.${field.name}`))) walk(field.type, `${where}.${field.name}`)
    for (const member of node.of ?? []) walk(member, `${where}[${member.name}]`)
  }
  for (const name of schemaTypes.map((type) => type.name)) walk(schema.get(name) as SchemaNode, name)
  return found
}

const SOURCE_ROOTS = ['studio', 'web/blocks', 'sanity.config.ts', 'web/lib/phoneProblem.ts', 'web/lib/launch/phoneRange.ts', 'web/lib/calls/settings.ts', 'web/lib/tracking/settings.ts']

function sourceFiles(path: string): string[] {
  const full = join(root, path)
  if (statSync(full).isFile()) return [full]
  return readdirSync(full).flatMap((name) => sourceFiles(join(path, name)))
}

const isStudioSource = (file: string) =>
  /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('developerWords.ts') && (!file.includes('/web/blocks/') || /(schema|schemaHelpers)\.ts$/.test(file))

/** A sentence someone reads (words with a space), not a query, an import or a log line. */
function isProse(node: ts.Node, text: string, source: ts.SourceFile): boolean {
  if (!/[A-Za-z]{2,}\s+\S/.test(text) || /\*\[|==|->/.test(text)) return false
  if (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)) return false
  const leading = source.text.slice(Math.max(0, node.getStart(source) - 12), node.getStart(source))
  if (leading.includes('groq')) return false
  for (let up: ts.Node | undefined = node.parent; up; up = up.parent) {
    if (ts.isCallExpression(up)) {
      const callee = up.expression.getText(source)
      if (/^console\.|defineQuery|groq/.test(callee)) return false
    }
    if (ts.isTaggedTemplateExpression(up) && /groq/.test(up.tag.getText(source))) return false
  }
  return true
}

/** Every sentence written in the Studio's sources, named by file and line. */
function sourceTexts(): [string, string][] {
  const found: [string, string][] = []
  for (const file of SOURCE_ROOTS.flatMap(sourceFiles).filter(isStudioSource)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
    const visit = (node: ts.Node) => {
      let text: string | null = null
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text
      else if (ts.isTemplateExpression(node)) text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' … ')
      else if (ts.isJsxText(node)) text = node.text.trim()
      if (text && (ts.isJsxText(node) ? /[A-Za-z]/.test(text) : isProse(node, text, source))) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
        found.push([`${relative(root, file)}:${line}`, text])
      }
      if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit)
      else node.templateSpans.forEach((span) => visit(span.expression))
    }
    visit(source)
  }
  return found
}

describe('the developer words list', () => {
  it('holds the words an office manager does not use', () => {
    const words = developerWords.map(({ word }) => word)
    for (const word of ['document', 'dataset', 'slug', 'GROQ', 'stega', 'kw', 'slkw', 'headline1', 'lease', 'keyed hash', 'SHA-256', 'IANA', 'E.164', 'bucket', 'cookie', 'bot', 'request', 'npm run', 'self-signed', 'String'])
      expect(words).toContain(word)
  })

  it('finds a word as a word, plural included, and leaves proper names alone', () => {
    expect(developerWordsIn('1 document refers to it').map(({ word }) => word)).toEqual(['document'])
    expect(developerWordsIn('Stored as the SHA-256 of its +1 form').map(({ word }) => word)).toEqual(['SHA-256'])
    expect(developerWordsIn('Expected type String').map(({ word }) => word)).toEqual(['String'])
    expect(developerWordsIn('Robots and cookies').map(({ word }) => word)).toEqual(['cookie'])
    expect(developerWordsIn('A string of lights, about, botany, leases').map(({ word }) => word)).toEqual(['lease'])
    expect(developerWordsIn('Structured data for schema.org; calls through Twilio')).toEqual([])
  })
})

describe('what the Studio says uses no developer word', () => {
  it('every label, help text, option and tab of the schema', () => {
    expect(schemaTexts().flatMap(([where, text]) => offences(where, text))).toEqual([])
  })

  it('Sanity’s own words the Studio replaces (publishing, deleting, restoring)', () => {
    expect(Object.entries(STRUCTURE_WORDS).flatMap(([key, text]) => offences(`Sanity’s “${key}”`, text))).toEqual([])
  })

  it('every sentence in the Studio’s sources (validation messages, tools, dialogs)', () => {
    expect(sourceTexts().flatMap(([where, text]) => offences(where, text))).toEqual([])
  })
})

describe('Sanity’s validator over broken values says no developer word', () => {
  let validator: StudioValidator
  beforeAll(async () => {
    validator = await startStudioValidator()
  })
  afterAll(() => validator?.close())

  const said = (markers: DocumentValidationMarker[], what: string) =>
    markers.flatMap((marker) => offences(`${what} ${marker.path.map(String).join('.')} (message)`, marker.message))

  /** Broken values an editor can make: new documents left empty, every section added empty, a taken address, a fictional phone number. */
  function broken(): [string, Record<string, unknown>][] {
    const docs = bundledDocuments()
    const documentTypes = schemaTypes.filter((type) => type.type === 'document').map((type) => type.name)
    const empties = documentTypes.map((type) => [`a new ${type}`, { _id: `drafts.empty-${type}`, _type: type }] as [string, Record<string, unknown>])
    const home = docs.find((doc) => doc._id === 'page-home')!
    const settings = docs.find((doc) => doc._id === 'siteSettings')!
    return [
      ...empties,
      ['empty sections', { ...structuredClone(home), _id: 'drafts.sections', slug: { _type: 'slug', current: 'sections-test' }, blocks: pageBuilderBlockTypes.map((type, index) => ({ _type: type, _key: `k${index}` })) }],
      ['a page at a taken address', { ...structuredClone(home), _id: 'drafts.taken', slug: { _type: 'slug', current: 'ants' } }],
      ['settings with a fictional and a malformed number', { ...structuredClone(settings), phone: '+12125550142', callTracking: { ...(settings.callTracking as object), enabled: true, businessLine: '212-555', timeZone: 'Chicago' } }],
    ]
  }

  it('for empty documents and sections, a taken address and bad phone numbers', async () => {
    const found: string[] = []
    const messages: string[] = []
    for (const [what, document] of broken()) {
      const markers = await validator.markersOf(document)
      messages.push(...markers.map((marker) => marker.message))
      found.push(...said(markers, what))
    }
    expect(found).toEqual([])
    // The broken values were judged: the taken address and the malformed line were refused, in these words.
    expect(messages).toContain('The page “Ants” already has the address /ants: choose another, e.g. “ants-2”.')
    expect(messages.length).toBeGreaterThan(schemaTypes.filter((type) => type.type === 'document').length)
  })
})
