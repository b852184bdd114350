import { describe, expect, it } from 'vitest'
import { pestsQuery } from '../content/queries'
import type { PestsQueryResult } from '../sanity.types'
import { foldForMatching, matchPest, matchPestName, pestOrDefault } from './pestMatch'
import { bundledDocuments, queryDocuments } from './sanity/localDataset'

const pests = [
  { imageFile: 'ant', matchWords: ['ant', 'ants', 'carpenter ant'] },
  { imageFile: 'bee', matchWords: ['bee', 'bees', 'carpenter bee'] },
  { imageFile: 'beetle', matchWords: ['beetle', 'beetles', 'carpet beetle'] },
  { imageFile: 'mouse', matchWords: ['mouse', 'mice', 'rat', 'rats', 'rodent'] },
  { imageFile: 'termite', matchWords: ['termite', 'termites'] },
  { imageFile: 'dust-mite', matchWords: ['mite', 'mites', 'dust mite'] },
  { imageFile: 'boxelder-bug', matchWords: ['boxelder bug', 'box elder bug', 'elder bug'] },
]

describe('matchPest', () => {
  it('lower-cases and trims the name before matching', () => {
    expect(matchPest('  CARPENTER Ants  ', pests)?.imageFile).toBe('ant')
  })

  it('prefers the longer, more specific word over a word it contains', () => {
    expect(matchPest('Carpenter Bee', pests)?.imageFile).toBe('bee')
    expect(matchPest('Beetles', pests)?.imageFile).toBe('beetle')
    expect(matchPest('Termites', pests)?.imageFile).toBe('termite')
    expect(matchPest('Dust mites', pests)?.imageFile).toBe('dust-mite')
  })

  it('maps mice and rats to the mouse photo', () => {
    expect(matchPest('Mice', pests)?.imageFile).toBe('mouse')
    expect(matchPest('Rats', pests)?.imageFile).toBe('mouse')
  })

  it('finds boxelder bugs written with and without a space', () => {
    expect(matchPest('boxelder bug', pests)?.imageFile).toBe('boxelder-bug')
    expect(matchPest('box elder bugs', pests)?.imageFile).toBe('boxelder-bug')
  })

  it('matches whole words only, plural endings included', () => {
    expect(matchPest('exterminator rates', pests)).toBeUndefined()
    expect(matchPest('pest control warranty', pests)).toBeUndefined()
    expect(matchPest('giant ants', pests)?.imageFile).toBe('ant')
    expect(matchPest('rat-proofing', pests)?.imageFile).toBe('mouse')
    expect(matchPest('(termites)', pests)?.imageFile).toBe('termite')
  })

  it('ignores accents and case on both sides', () => {
    expect(matchPest('RATÓN', [{ matchWords: ['raton'] }])).toBeDefined()
    expect(matchPest('raton', [{ matchWords: ['ratón'] }])).toBeDefined()
    expect(matchPest('Araña', [{ matchWords: ['arana'] }])).toBeDefined()
  })

  it('takes Spanish plurals: -s after a vowel, -es after a consonant, on every word of a phrase', () => {
    const spanish = [
      { imageFile: 'mouse', matchWords: ['ratón'] },
      { imageFile: 'scorpion', matchWords: ['alacrán'] },
      { imageFile: 'wasp', matchWords: ['avispa'] },
      { imageFile: 'yellow-jacket', matchWords: ['avispa amarilla'] },
    ]
    expect(matchPest('ratones', spanish)?.imageFile).toBe('mouse')
    expect(matchPest('alacranes', spanish)?.imageFile).toBe('scorpion')
    expect(matchPest('avispas', spanish)?.imageFile).toBe('wasp')
    expect(matchPest('avispas amarillas', spanish)?.imageFile).toBe('yellow-jacket')
    expect(matchPest('ratonas', spanish)).toBeUndefined()
    expect(matchPest('avispaes', spanish)).toBeUndefined()
  })

  it('never reads "-es" after a t: "rates" is not rats, "antes" is not ants', () => {
    expect(matchPest('exterminator rates', pests)).toBeUndefined()
    expect(matchPest('llame antes de las 5', pests)).toBeUndefined()
  })

  it('treats regular-expression characters in match words literally', () => {
    expect(matchPest('a.b bug', [{ matchWords: ['a.b'] }])).toBeDefined()
    expect(matchPest('axb bug', [{ matchWords: ['a.b'] }])).toBeUndefined()
  })

  it('returns nothing for an empty name or no match', () => {
    expect(matchPest('   ', pests)).toBeUndefined()
    expect(matchPest('Scorpions', pests)).toBeUndefined()
  })
})

describe('pestOrDefault', () => {
  it('falls back to the ant photo when nothing matches or there is no text', () => {
    expect(pestOrDefault('lawn care', pests)?.imageFile).toBe('ant')
    expect(pestOrDefault(undefined, pests)?.imageFile).toBe('ant')
  })

  it('uses the matched pest when there is one', () => {
    expect(pestOrDefault('rodent control near me', pests)?.imageFile).toBe('mouse')
  })
})

/** The pests as the site loads them without Sanity: the words editors maintain, Spanish included. */
const bundledPests = (await queryDocuments(bundledDocuments(), pestsQuery)) as PestsQueryResult

describe('matchPest with the bundled dataset’s pests', () => {
  it.each([
    ['exterminador de cucarachas', 'cockroach'],
    ['Exterminador+De+Cucarachas', 'cockroach'],
    ['control de hormigas', 'ant'],
    ['hormigas carpinteras', 'ant'],
    ['chinches de cama', 'bed-bug'],
    ['chinches apestosas', 'stink-bug'],
    ['exterminador de ratones', 'mouse'],
    ['ratas', 'mouse'],
    ['control de roedores', 'mouse'],
    ['arañas', 'spider'],
    ['aranas', 'spider'],
    ['ALACRÁN', 'scorpion'],
    ['escorpiones', 'scorpion'],
    ['termitas', 'termite'],
    ['comejenes', 'termite'],
    ['avispas', 'wasp'],
    ['avispas amarillas', 'yellow-jacket'],
    ['garrapata', 'tick'],
    ['mosquitos', 'mosquito'],
    ['zancudos', 'mosquito'],
    ['moscas de la fruta', 'fruit-fly'],
    ['roach exterminator', 'cockroach'],
    ['carpenter bees', 'bee'],
    ['rodent control near me', 'mouse'],
  ])('"%s" shows the %s picture', (keyword, imageFile) => {
    expect(matchPest(keyword, bundledPests)?.imageFile).toBe(imageFile)
  })

  it('picks the longer match word when a keyword names two pests: "garrapata" is longer than "pulga"', () => {
    expect(matchPest('pulgas y garrapatas', bundledPests)?.imageFile).toBe('tick')
  })

  it('finds no pest in Spanish or English words that merely start like one', () => {
    for (const keyword of ['en un rato', 'llame antes de las 5', 'exterminator rates', 'pest control warranty', 'control de plagas']) {
      expect(matchPest(keyword, bundledPests), keyword).toBeUndefined()
    }
  })

  it('lists each match word, accents aside, under one pest only', () => {
    const owners = new Map<string, string[]>()
    for (const pest of bundledPests) {
      for (const word of pest.matchWords) owners.set(foldForMatching(word), [...(owners.get(foldForMatching(word)) ?? []), pest.imageFile])
    }
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([])
  })
})

describe('matchPestName (spec §9: the first mapping key contained in the name)', () => {
  it('matches a key anywhere in the name, specific keys before the keys inside them', () => {
    expect(matchPestName('Carpenter Ants', bundledPests)?.imageFile).toBe('ant')
    expect(matchPestName('Termites', bundledPests)?.imageFile).toBe('termite')
    expect(matchPestName('Beetles', bundledPests)?.imageFile).toBe('beetle')
    expect(matchPestName('German Cockroaches', bundledPests)?.imageFile).toBe('cockroach')
    expect(matchPestName('Bald-Faced Hornets', bundledPests)?.imageFile).toBe('hornet')
    expect(matchPestName('Yellowjackets', bundledPests)?.imageFile).toBe('yellow-jacket')
    expect(matchPestName('Fire-ants', bundledPests)?.imageFile).toBe('ant')
    expect(matchPestName('Mice', bundledPests)?.imageFile).toBe('mouse')
    expect(matchPestName('Rats', bundledPests)?.imageFile).toBe('mouse')
    expect(matchPestName('Boxelder Bugs', bundledPests)?.imageFile).toBe('boxelder-bug')
    expect(matchPestName('Box Elder Bugs', bundledPests)?.imageFile).toBe('boxelder-bug')
    // Contained, not a whole word: the spec's rule for names.
    expect(matchPestName('Cockroachlike Pests', bundledPests)?.imageFile).toBe('cockroach')
    expect(matchPestName('  WASPS  ', bundledPests)?.imageFile).toBe('wasp')
  })

  it('gives every name of the spec\'s pest list the picture its key names', () => {
    const expected: Record<string, string | undefined> = {
      Ants: 'ant', 'Ash Borers': 'beetle', 'Bed Bugs': 'bed-bug', Bees: 'bee', Beetles: 'beetle', Centipedes: 'centipede',
      Cockroaches: 'cockroach', Crickets: 'cricket', Earwigs: 'earwig', 'Elder Bugs': 'boxelder-bug', Fleas: 'flea', Gnats: 'gnat',
      Hornets: 'hornet', Flies: 'fly', Ladybugs: 'beetle', Millipedes: 'millipede', Mites: 'dust-mite', Mosquitoes: 'mosquito',
      Moths: 'moth', 'Mud Daubers': 'wasp', Scorpions: 'scorpion', Silverfish: 'silverfish', Spiders: 'spider', 'Stinging Pests': 'wasp',
      'Stink Bugs': 'stink-bug', Termites: 'termite', Ticks: 'tick', Wasps: 'wasp', 'Yellow Jackets': 'yellow-jacket', Weevils: 'weevil',
      Rodents: 'mouse', Mice: 'mouse', Rats: 'mouse', Moles: 'vole', Voles: 'vole', 'And More...': undefined,
    }
    for (const [name, file] of Object.entries(expected)) expect(matchPestName(name, bundledPests)?.imageFile, name).toBe(file)
  })

  it('returns nothing for an empty name', () => {
    expect(matchPestName('  ', bundledPests)).toBeUndefined()
  })
})

describe('matchPest for ad keywords: whole words first, else a key written together with another word', () => {
  it.each([
    ['hornetnestremoval', 'hornet'],
    ['cockroachexterminator', 'cockroach'],
    ['waspnest', 'wasp'],
    ['ratexterminator', 'mouse'],
    ['bedbugexterminator', 'bed-bug'],
    ['termitecontrol company', 'termite'],
    ['exterminatorspiders', 'spider'],
    ['pestcontrolants', 'ant'],
    ['yellowjacketnest removal', 'yellow-jacket'],
    ['licensed and insured family owned local exterminator for bed bugs', 'bed-bug'],
    ['licensed and insured family owned local exterminator for german cockroaches', 'cockroach'],
    ['how do i get rid of mice in my attic fast without poison', 'mouse'],
  ])('"%s" shows the %s picture', (keyword, imageFile) => {
    expect(matchPest(keyword, bundledPests)?.imageFile).toBe(imageFile)
  })

  it('prefers a whole word over a key written together: "waspnest hornets" is the hornet', () => {
    expect(matchPest('waspnest hornets', bundledPests)?.imageFile).toBe('hornet')
  })

  it('reads no pest into a word that only begins or ends like one', () => {
    for (const keyword of ['exterminator rates', 'llame antes', 'en un rato', 'cheap plants spray', 'pestcontrol']) {
      expect(matchPest(keyword, bundledPests), keyword).toBeUndefined()
    }
  })
})

/** tests/fixtures/pictures.json: real keywords, half of them ordinary words that hold a pest's name (the table in docs/personalization.md). */
describe('the picture table: a picture only for a pest word', async () => {
  const { default: table } = await import('../../tests/fixtures/pictures.json', { with: { type: 'json' } })

  it('holds at least 40 keywords, half of them ordinary words that contain a pest name', () => {
    expect(table.length).toBeGreaterThanOrEqual(40)
    const ordinary = table.filter((row) => row.picture === null)
    expect(ordinary.length * 2).toBeGreaterThanOrEqual(table.length - 2)
    // Each holds a pest's name inside an ordinary word: what plain containment would read as that pest.
    const names = bundledPests.flatMap((pest) => pest.matchWords).filter((word) => /^[a-z]{3,}$/.test(word))
    for (const { keyword } of ordinary) expect(names.some((name) => keyword.includes(name)), keyword).toBe(true)
  })

  it.each(table.map((row) => [row.keyword, row.picture ?? 'generic (ant)', row.picture] as const))('"%s" shows the %s picture', (keyword, _shown, picture) => {
    expect(matchPest(keyword, bundledPests)?.imageFile ?? null).toBe(picture)
    expect(pestOrDefault(keyword, bundledPests)?.imageFile).toBe(picture ?? 'ant')
  })
})
