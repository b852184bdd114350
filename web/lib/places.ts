import { readServerFile } from './serverFiles.ts'

/**
 * The place names of the bundled location table (web/data/locations.tsv, code → place → state), for reading ad
 * keywords: which states a place name belongs to ("portland" → OR, ME, …) and whether a run-together word is a
 * place ("beeville", "grantspass"). Read on first use; empty where there is no file (the Studio in a browser).
 */
let states: Map<string, Set<string>> | undefined
let joined: Set<string> | undefined

/** Place name (lower case, words spaced as in the table) → the lower-case state codes it is a place of. */
export function placeStates(): Map<string, Set<string>> {
  if (states) return states
  states = new Map()
  for (const line of (readServerFile('web', 'data', 'locations.tsv') ?? '').split('\n')) {
    if (line.startsWith('#')) continue
    const [, place, state] = line.split('\t')
    if (!place || !state) continue
    const key = place.toLowerCase()
    states.set(key, (states.get(key) ?? new Set()).add(state.toLowerCase()))
  }
  return states
}

/** Whether a word, lower case and without accents, is a place name of the table written as one word. */
export function isPlaceWord(word: string): boolean {
  joined ??= new Set(
    [...placeStates().keys()].map((place) =>
      place
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .replace(/[^\p{L}\p{N}]+/gu, ''),
    ),
  )
  return joined.has(word)
}
