// The cost of reading ad keywords with the common-English word list (web/lib/commonWords.ts) and the place names
// (web/lib/location/places.ts): the one-time load on the first run-together keyword, the heap it keeps, and the
// time per keyword afterwards. Usage: npm run bench:words
import { performance } from 'node:perf_hooks'
import { pestsQuery } from '../web/content/queries.ts'
import { commonWords } from '../web/lib/commonWords.ts'
import { isPlaceWord } from '../web/lib/places.ts'
import { matchPest } from '../web/lib/pestMatch.ts'
import { bundledDocuments, queryDocuments } from '../web/lib/sanity/localDataset.ts'
import type { PestsQueryResult } from '../web/sanity.types.ts'

const pests = (await queryDocuments(bundledDocuments(), pestsQuery)) as PestsQueryResult
const gc = (globalThis as { gc?: () => void }).gc
gc?.()
const heapBefore = process.memoryUsage().heapUsed
let started = performance.now()
const size = commonWords().size
const wordsMs = performance.now() - started
started = performance.now()
isPlaceWord('beeville')
const placesMs = performance.now() - started
gc?.()
const heapAfter = process.memoryUsage().heapUsed

const keywords = ['hornetnestremoval', 'mouseproofingservice', 'subterraneantermiteexterminators', 'exterminator ratings', 'pest control beeville tx', 'ants in kitchen', 'pest control warranty']
const rounds = 2000
started = performance.now()
for (let round = 0; round < rounds; round++) for (const keyword of keywords) matchPest(keyword, pests)
const perKeywordUs = ((performance.now() - started) * 1000) / (rounds * keywords.length)

console.log(`common words: ${size} loaded in ${wordsMs.toFixed(1)} ms; place names: ${placesMs.toFixed(1)} ms`)
console.log(`heap kept: ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MiB${gc ? '' : ' (run with --expose-gc for a settled figure)'}`)
console.log(`matchPest after loading: ${perKeywordUs.toFixed(1)} µs per keyword (mean over ${keywords.length} keywords × ${rounds})`)
