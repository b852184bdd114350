/**
 * What a page's sections must keep for the rest of the page to work: the ad inputs the page reads
 * (Ads tab) and an A/B test's hero changes are shown by its Hero section, so a page that reads them
 * cannot be published without one. Each message names the problem and the two ways out.
 */
export const HERO_INPUTS = {
  keyword: 'the ad’s keyword',
  location: 'the visitor’s city from the ad',
  headline: 'the ad’s headline',
  question: 'the ad’s “ask it as a question” setting',
} as const

type Guarded = {
  adInputs?: string[] | null
  blocks?: { _type?: string }[] | null
  experiment?: { arms?: { key?: string; heroTitle?: string | null; heroSubtitle?: string | null; heroButtonLabel?: string | null }[] | null } | null
}

/** "a", "a and b", "a, b and c". */
export function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/** Why the page's sections leave what the page reads or tests without a place to show it, or true. */
export function heroProblem(page: Guarded | undefined): string | true {
  if (!page || (page.blocks ?? []).some((block) => block._type === 'hero')) return true
  const inputs = (page.adInputs ?? []).filter((input): input is keyof typeof HERO_INPUTS => input in HERO_INPUTS).map((input) => HERO_INPUTS[input])
  if (inputs.length > 0)
    return `This page reads ${listed(inputs)} (Ads tab), and only a Hero section shows ${inputs.length === 1 ? 'it' : 'them'}: add a Hero section back (Add item → Hero), or untick ${inputs.length === 1 ? 'that input' : 'those inputs'} on the Ads tab.`
  const heroVersions = (page.experiment?.arms ?? []).filter((arm) => arm.heroTitle || arm.heroSubtitle || arm.heroButtonLabel).map((arm) => `“${arm.key ?? '?'}”`)
  if (heroVersions.length > 0)
    return `The A/B test’s ${heroVersions.length === 1 ? 'version' : 'versions'} ${listed(heroVersions)} ${heroVersions.length === 1 ? 'changes' : 'change'} the hero, and this page has no Hero section: add a Hero section back (Add item → Hero), or clear the hero fields of ${heroVersions.length === 1 ? 'that version' : 'those versions'} on the Ads tab.`
  return true
}
