/**
 * A data file of the checkout read on the server, from the repository root whether the process runs there
 * (`next build web`, `npm start`) or in web/ (tools). Node's fs and path are taken at run time
 * (process.getBuiltinModule), not imported: modules that read data files on the server (the word list, the
 * location table) are also bundled into the Studio's browser code, where there is no file to read and this
 * answers undefined.
 */
export function readServerFile(...segments: string[]): string | undefined {
  const getBuiltinModule = globalThis.process?.getBuiltinModule
  if (typeof getBuiltinModule !== 'function') return undefined
  const fs = getBuiltinModule('node:fs')
  const path = getBuiltinModule('node:path')
  const root = path.basename(process.cwd()) === 'web' ? path.resolve('..') : process.cwd()
  return fs.readFileSync(path.join(root, ...segments), 'utf8')
}
