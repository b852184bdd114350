/**
 * The source rules `npm run check:source` applies (scripts/sourceRules.ts runs them over the repository): a comment
 * names no issue number, a hand-written source file outside the tests is at most 300 lines, and no file of web/,
 * studio/ or scripts/ outside the configuration modules reads a named environment variable.
 * Comments are read with the TypeScript compiler's own parser (every comment before or after a token), so a `#…`
 * inside a string or a colour like `#111827` in code is never taken for one.
 */
import ts from 'typescript'
import { envSchema } from '../../web/lib/config/env.ts'

export const MAX_LINES = 300
export const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|css)$/
const NOT_HAND_WRITTEN = /(^|\/)(sanity\.types\.ts|schema\.json|next-env\.d\.ts)$|\.generated\./
const TEST = /\.(test|e2e|probe)\.tsx?$|^tests\//
/** The word issue, PR or pull request and a number, or a # and up to five digits (a six-digit colour is not one). */
const ISSUE_NUMBER = /\b(?:issues?|pull request|PR)\s*#?\d+|(?:^|[\s([])#\d{1,5}\b/i
/** Folders whose comments are checked for issue numbers. */
const COMMENT_RULE_FOLDERS = ['web/', 'studio/', 'scripts/']

/** The configuration modules: the only files that read named environment variables. */
const CONFIG_MODULES = /^(web\/lib\/config\.ts|web\/lib\/config\/[^/]+\.ts|studio\/env\.ts)$/
/** Folders whose files must read the environment through the configuration modules. */
const ENV_RULE_FOLDERS = ['web/', 'studio/', 'scripts/']
/** Next's own variables, which its code and the framework read where they are used. */
const FRAMEWORK_ENV = new Set(['NODE_ENV', 'NEXT_PHASE', 'NEXT_RUNTIME'])

const isProcessEnv = (node: ts.Node): boolean =>
  ts.isPropertyAccessExpression(node) &&
  node.name.text === 'env' &&
  ((ts.isIdentifier(node.expression) && node.expression.text === 'process') || (ts.isMetaProperty(node.expression) && node.expression.name.text === 'meta'))

/** Assigned to, not read (`process.env.X = …`, `env.X = …`). */
const isWrittenTo = (node: ts.Node): boolean =>
  ts.isBinaryExpression(node.parent) && node.parent.left === node && node.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken

/**
 * Named reads of the environment outside the configuration modules, one line each: `process.env.X`,
 * `process.env['X']`, `import.meta.env.X`, `const { X } = process.env`, and a variable of the site's
 * configuration read off any object (`env.SITE_SECRET` of an environment passed around). The framework's
 * NODE_ENV, NEXT_PHASE and NEXT_RUNTIME aside.
 */
export function envReadsOf(file: string, text: string): string[] {
  if (CONFIG_MODULES.test(file) || TEST.test(file) || !ENV_RULE_FOLDERS.some((folder) => file.startsWith(folder)) || file.endsWith('.css')) return []
  if (!/\benv\b|[A-Z][A-Z0-9]*_[A-Z0-9_]+/.test(text)) return []
  const configured = new Set(Object.keys(envSchema().shape))
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const findings: string[] = []
  const note = (node: ts.Node, name: string, how: string) => {
    if (FRAMEWORK_ENV.has(name)) return
    findings.push(`line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: reads ${name} ${how}: read it through web/lib/config (studio/env.ts for the Studio)`)
  }
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && !isWrittenTo(node)) {
      if (isProcessEnv(node.expression)) note(node, node.name.text, 'from the environment')
      else if (configured.has(node.name.text) && !isProcessEnv(node)) note(node, node.name.text, 'from an environment object')
    }
    if (ts.isElementAccessExpression(node) && isProcessEnv(node.expression) && ts.isStringLiteralLike(node.argumentExpression) && !isWrittenTo(node)) {
      note(node, node.argumentExpression.text, 'from the environment')
    }
    if (ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name) && node.initializer && isProcessEnv(node.initializer)) {
      for (const element of node.name.elements) note(element, (element.propertyName ?? element.name).getText(source), 'from the environment')
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return findings
}

/** Every comment of a TypeScript, JavaScript or CSS file, with the line it starts on. */
export function commentsOf(file: string, text: string): { line: number; text: string }[] {
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
  // Text between JSX tags is not code, so a `//` there is no comment.
  const findJsxText = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) jsxText.push([node.getFullStart(), node.getEnd()])
    for (const child of node.getChildren(source)) findJsxText(child)
  }
  // Every token's leading and trailing comments: together they are every comment of the file.
  const collectAround = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()))
    collect(ts.getTrailingCommentRanges(text, node.getEnd()))
    for (const child of node.getChildren(source)) collectAround(child)
  }
  findJsxText(source)
  collectAround(source)
  return [...seen.values()].sort((a, b) => a.line - b.line)
}

/** A file's lines, as `wc -l` counts them for a file ending in a newline. */
export function lineCount(text: string): number {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length
}

/** What breaks the rules in one file (its path relative to the repository root), one line per finding. */
export function findingsOf(file: string, text: string): string[] {
  if (NOT_HAND_WRITTEN.test(file) || !SOURCE.test(file)) return []
  const findings: string[] = []
  const lines = lineCount(text)
  if (lines > MAX_LINES && !TEST.test(file)) findings.push(`${lines} lines (at most ${MAX_LINES})`)
  findings.push(...envReadsOf(file, text))
  if (!COMMENT_RULE_FOLDERS.some((folder) => file.startsWith(folder))) return findings
  for (const comment of commentsOf(file, text)) {
    const match = ISSUE_NUMBER.exec(comment.text)
    if (!match) continue
    const line = comment.line + comment.text.slice(0, match.index).split('\n').length - 1
    findings.push(`line ${line}: a comment names an issue number ("${match[0].trim()}")`)
  }
  return findings
}

export const README_MAX_LINES = 150

/** What breaks the README rule: at most README_MAX_LINES lines, and every file in docs/ linked from it. */
export function readmeFindings(readme: string, docsFiles: readonly string[]): string[] {
  const findings: string[] = []
  const lines = lineCount(readme)
  if (lines > README_MAX_LINES) findings.push(`${lines} lines (at most ${README_MAX_LINES}): move a topic to docs/`)
  const linked = new Set([...readme.matchAll(/\]\((?:\.\/)?(docs\/[^)#\s]+)/g)].map((match) => match[1]))
  for (const file of docsFiles) if (!linked.has(file)) findings.push(`${file} is not linked: add a line for it to the README's documentation list`)
  return findings
}
