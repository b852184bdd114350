/**
 * Two rules of the code that a linter does not check, printed by `npm run check:source` (part of `test:static`):
 *   - no comment in web/, studio/ or scripts/ names an issue number (the word issue or a # followed by a number):
 *     comments say what and why, and history lives in git;
 *   - no hand-written source file is over 300 lines (tests, `*.generated.*`, web/sanity.types.ts and
 *     studio/schema.json aside).
 * Comments are read with the TypeScript compiler's own scanner (every comment a parse of the file attaches to a
 * node), so a string or a colour like `#111827` in code is never taken for one.
 * The files that broke a rule when it was added are listed in KNOWN_OFFENDERS: printed, not failing. Any other
 * offender exits 1. Setting SOURCE_RULES=strict fails on the known ones too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const root = path.resolve(import.meta.dirname, '..')
const MAX_LINES = 300
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|css)$/
const NOT_HAND_WRITTEN = /(^|\/)(sanity\.types\.ts|schema\.json|next-env\.d\.ts)$|\.generated\./
const TEST = /\.(test|e2e|probe)\.tsx?$|^tests\//
const ISSUE_NUMBER = /\b(?:issues?|pull request|PR)\s*#?\d+|(?:^|[\s([])#\d+\b/i

/** Files known to break a rule when the check was added; remove each entry once its file keeps the rules. */
const KNOWN_OFFENDERS: Record<string, 'lines' | 'issue number' | 'lines and issue number'> = {
  'web/server/front.ts': 'lines and issue number',
  'scripts/lake/server.ts': 'lines',
  'web/lib/personalization/variant.ts': 'lines',
  'web/app/(site)/not-found.tsx': 'issue number',
  'web/app/global-not-found.tsx': 'issue number',
  'web/app/globals.css': 'issue number',
  'web/app/layout.tsx': 'issue number',
  'web/components/CallLink.tsx': 'issue number',
  'web/components/CallTrackerScript.tsx': 'issue number',
  'web/components/RichText.tsx': 'issue number',
  'web/components/Stars.tsx': 'issue number',
  'web/components/icons.tsx': 'issue number',
  'web/lib/personalization/keyword.test.ts': 'issue number',
  'web/lib/securityHeaders.ts': 'issue number',
  'web/server/frontEdge.test.ts': 'issue number',
  'web/server/scriptsAfterPaint.ts': 'issue number',
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) walk(full, out)
    else if (SOURCE.test(name)) out.push(path.relative(root, full))
  }
  return out
}

/** Every comment of a TypeScript, JavaScript or CSS file, with the line it starts on. */
function commentsOf(file: string, text: string): { line: number; text: string }[] {
  const lineOf = (position: number) => text.slice(0, position).split('\n').length
  if (file.endsWith('.css')) return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({ line: lineOf(match.index), text: match[0] }))
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const seen = new Map<number, { line: number; text: string }>()
  const jsxText: [number, number][] = []
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (jsxText.some(([start, end]) => range.pos >= start && range.pos < end)) continue
      seen.set(range.pos, { line: lineOf(range.pos), text: text.slice(range.pos, range.end) })
    }
  }
  // Every token's leading and trailing comments: together they are every comment of the file. Text between JSX
  // tags is not code, so a `//` there is no comment.
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) jsxText.push([node.getFullStart(), node.getEnd()])
    for (const child of node.getChildren(source)) visit(child)
  }
  const collectAround = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()))
    collect(ts.getTrailingCommentRanges(text, node.getEnd()))
    for (const child of node.getChildren(source)) collectAround(child)
  }
  visit(source)
  collectAround(source)
  return [...seen.values()].sort((a, b) => a.line - b.line)
}

const files = ['web', 'studio', 'scripts', 'bench'].flatMap((dir) => walk(path.join(root, dir)))
const offenders = new Map<string, string[]>()
const report = (file: string, finding: string) => offenders.set(file, [...(offenders.get(file) ?? []), finding])
for (const file of files) {
  if (NOT_HAND_WRITTEN.test(file)) continue
  const text = readFileSync(path.join(root, file), 'utf8')
  const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length
  if (lines > MAX_LINES && !TEST.test(file)) report(file, `${lines} lines (at most ${MAX_LINES})`)
  if (file.startsWith('bench/')) continue
  for (const comment of commentsOf(file, text)) {
    const match = ISSUE_NUMBER.exec(comment.text)
    if (match) {
      const line = comment.line + comment.text.slice(0, match.index).split('\n').length - 1
      report(file, `line ${line}: a comment names an issue number ("${match[0].trim()}")`)
    }
  }
}

const strict = process.env.SOURCE_RULES === 'strict'
let failing = 0
console.log(`source rules over ${files.length} files: ${offenders.size} break one`)
for (const [file, findings] of [...offenders].sort()) {
  const known = file in KNOWN_OFFENDERS
  if (!known || strict) failing++
  console.log(`  ${file}${known ? '  (known: KNOWN_OFFENDERS)' : ''}`)
  for (const finding of findings) console.log(`    ${finding}`)
}
for (const file of Object.keys(KNOWN_OFFENDERS)) {
  if (!offenders.has(file)) console.log(`  KNOWN_OFFENDERS lists ${file}, which keeps the rules now: remove it`)
}
if (failing > 0) {
  console.log(`${failing} file(s) break the rules${strict ? ' (SOURCE_RULES=strict)' : ''}`)
  process.exitCode = 1
}
