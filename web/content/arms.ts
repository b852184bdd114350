/**
 * What an A/B version (an "arm" of the page's test) changes on the page, as a pure function over the
 * page's sections. The site renders a version with it (RoutedPage), and the Studio's "End A/B test"
 * action (studio/actions/endExperiment.ts) writes the same result into the page when a version wins,
 * so the page a visitor saw in the test is the page that stays.
 */

/** The version's changes; every one is optional ("leave empty to keep the page’s"). */
export interface ArmOverrides<Section> {
  heroTitle?: string | null
  heroSubtitle?: string | null
  heroButtonLabel?: string | null
  /** Which section the version replaces, 1-based as the editor counts them in the Page builder list. */
  replaceSection?: number | null
  /** The section shown there instead. */
  section?: Section | null
}

/** The section index (0-based) a version replaces, or undefined when it replaces none or the number is outside the page. */
export function replacedIndex(arm: ArmOverrides<unknown>, sectionCount: number): number | undefined {
  const number = arm.replaceSection
  if (!arm.section || typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > sectionCount) return undefined
  return number - 1
}

/** Whether a version changes anything on a page with this many sections. */
export function armChangesPage(arm: ArmOverrides<unknown>, sectionCount: number): boolean {
  return Boolean(arm.heroTitle || arm.heroSubtitle || arm.heroButtonLabel) || replacedIndex(arm, sectionCount) !== undefined
}

/**
 * The page's sections as a version shows them: its section in place of the one it replaces (same
 * position; a number outside the page is ignored), then its hero texts on every hero section, the
 * new one included. Sections it does not change are returned as the same objects.
 */
export function withArm<Blocks extends readonly ({ _type: string } | null)[]>(
  blocks: Blocks,
  arm: ArmOverrides<NonNullable<Blocks[number]>> | undefined,
): Blocks[number][] {
  if (!arm) return [...blocks]
  const replaced = replacedIndex(arm, blocks.length)
  const heroChanges = {
    ...(arm.heroTitle ? { title: arm.heroTitle, titleTemplate: null } : {}),
    ...(arm.heroSubtitle ? { subtitle: arm.heroSubtitle } : {}),
    ...(arm.heroButtonLabel ? { buttonLabel: arm.heroButtonLabel } : {}),
  }
  const changesHero = Object.keys(heroChanges).length > 0
  return blocks.map((original, index) => {
    const block = index === replaced && arm.section ? arm.section : original
    return changesHero && block?._type === 'hero' ? { ...block, ...heroChanges } : block
  })
}
