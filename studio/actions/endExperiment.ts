import { blockSchemas } from '../../web/blocks/schemas'
import { armChangesPage, replacedIndex, withArm, type ArmOverrides } from '../../web/content/arms'

/**
 * The pure part of the "End A/B test" document action (EndExperimentAction.tsx): whether a page's
 * test can be ended, the choices the editor is offered, and the patch an outcome makes. The page the
 * winning version showed in the test comes from the same withArm() the site rendered it with.
 */

/** A section as stored in the page document. */
export interface StoredSection {
  _key: string
  _type: string
  [field: string]: unknown
}

/** A version ("arm") of the page's A/B test as stored. */
export interface StoredArm {
  _key?: string
  key?: string
  heroTitle?: string
  heroSubtitle?: string
  heroButtonLabel?: string
  replaceSection?: number
  section?: StoredSection[]
}

/** The fields of a page document the action reads. */
export interface PageWithExperiment {
  blocks?: StoredSection[]
  experiment?: { name?: { current?: string }; start?: string; stop?: string; kept?: string; arms?: StoredArm[] }
}

/** What the editor keeps: the page as it is, or one version's changes. */
export type Outcome = { keep: 'page' } | { keep: 'version'; key: string }

/** One patch of a Sanity mutation, as useDocumentOperation's patch.execute() takes them. */
export type PagePatch =
  | { set: Record<string, unknown> }
  | { unset: string[] }
  | { insert: { replace: string; items: StoredSection[] } }

/** One choice in the dialog. */
export interface EndingChoice {
  id: string
  outcome: Outcome
  label: string
  /** What picking it does to the page, one plain sentence each. */
  details: string[]
}

/** Whether the page has a test that has not stopped yet (it may not have started): the action is shown then. */
export function hasOpenExperiment(doc: PageWithExperiment | null | undefined, now: number = Date.now()): boolean {
  const experiment = doc?.experiment
  if (!experiment || (experiment.arms?.length ?? 0) === 0) return false
  return !experiment.stop || Date.parse(experiment.stop) > now
}

function overridesOf(arm: StoredArm): ArmOverrides<StoredSection> {
  return {
    heroTitle: arm.heroTitle,
    heroSubtitle: arm.heroSubtitle,
    heroButtonLabel: arm.heroButtonLabel,
    replaceSection: arm.replaceSection,
    section: arm.section?.[0] ?? null,
  }
}

function sectionName(section: StoredSection | undefined): string {
  const title = blockSchemas.find((schema) => schema.name === section?._type)?.title ?? section?._type ?? 'section'
  return `“${title}”`
}

/** The sentences that say what a version changes on the page. */
function describeVersion(arm: StoredArm, blocks: StoredSection[]): string[] {
  const details: string[] = []
  if (arm.heroTitle) details.push(`Hero headline becomes “${arm.heroTitle}”.`)
  if (arm.heroSubtitle) details.push(`Hero subheadline becomes “${arm.heroSubtitle}”.`)
  if (arm.heroButtonLabel) details.push(`Hero call button says “${arm.heroButtonLabel}”.`)
  const section = arm.section?.[0]
  const index = replacedIndex(overridesOf(arm), blocks.length)
  if (section && index !== undefined) {
    details.push(`Section ${index + 1} (${sectionName(blocks[index])}) is replaced by the version’s ${sectionName(section)} section.`)
  } else if (section && arm.replaceSection !== undefined) {
    details.push(`Its new section is left out: the page has no section ${arm.replaceSection}.`)
  }
  if (!armChangesPage(overridesOf(arm), blocks.length)) details.push('This version changes nothing on the page.')
  return details
}

/**
 * The dialog's choices: keep the page as it is, or make a version the page. The first version is
 * the control (the page itself); it is offered as a version of its own only when it changes something.
 */
export function endingChoices(doc: PageWithExperiment): EndingChoice[] {
  const blocks = doc.blocks ?? []
  const arms = doc.experiment?.arms ?? []
  const control = arms[0]?.key
  const versions = arms.filter((arm, index): arm is StoredArm & { key: string } => Boolean(arm.key) && (index > 0 || armChangesPage(overridesOf(arm), blocks.length)))
  return [
    {
      id: 'page',
      outcome: { keep: 'page' },
      label: control ? `Keep the current page (version ${control})` : 'Keep the current page',
      details: ['Every visitor sees the page as it is now. The other versions’ changes are not used.'],
    },
    ...versions.map(
      (arm): EndingChoice => ({
        id: `version-${arm.key}`,
        outcome: { keep: 'version', key: arm.key },
        label: `Make version ${arm.key} the page`,
        details: describeVersion(arm, blocks),
      }),
    ),
  ]
}

/** A copy without null fields: the Studio stores an empty field as a missing one. */
function withoutNulls(section: StoredSection): StoredSection {
  return Object.fromEntries(Object.entries(section).filter(([, value]) => value !== null && value !== undefined)) as StoredSection
}

const at = (key: string) => `blocks[_key=="${key}"]`

/**
 * The patches that end the test with an outcome: a winning version's changes written into the page
 * (its hero texts, its section in place of the one it replaced, at the same position), and in every
 * case the test's stop set to now. The test itself stays on the page as the record of what ran.
 */
export function endExperimentPatches(doc: PageWithExperiment, outcome: Outcome, now: Date): PagePatch[] {
  const patches: PagePatch[] = []
  const arm = outcome.keep === 'version' ? doc.experiment?.arms?.find((candidate) => candidate.key === outcome.key) : undefined
  if (outcome.keep === 'version' && !arm) throw new Error(`The page has no version named “${outcome.key}”.`)
  if (arm) {
    const blocks = doc.blocks ?? []
    const result = withArm(blocks, overridesOf(arm))
    blocks.forEach((before, index) => {
      const after = result[index]
      if (!after || after === before) return
      if (after._key === before._key && after._type === before._type) {
        const set: Record<string, unknown> = {}
        const unset: string[] = []
        for (const [field, value] of Object.entries(after)) {
          if (value === before[field]) continue
          if (value === null || value === undefined) {
            if (field in before) unset.push(`${at(before._key)}.${field}`)
          } else set[`${at(before._key)}.${field}`] = value
        }
        for (const field of Object.keys(before)) if (!(field in after)) unset.push(`${at(before._key)}.${field}`)
        if (Object.keys(set).length > 0) patches.push({ set })
        if (unset.length > 0) patches.push({ unset })
        return
      }
      // A new section in the old one's place: it keeps its own key unless another section has it.
      const taken = blocks.some((other, otherIndex) => otherIndex !== index && other._key === after._key)
      patches.push({ insert: { replace: at(before._key), items: [{ ...withoutNulls(after), _key: taken ? before._key : after._key }] } })
    })
  }
  // Which version became the page is kept with the test, so the ended test can say so ("Ended …: b became the page").
  const kept = outcome.keep === 'version' ? outcome.key : doc.experiment?.arms?.[0]?.key
  patches.push({ set: { 'experiment.stop': now.toISOString(), ...(kept ? { 'experiment.kept': kept } : {}) } })
  return patches
}

/** When a test ended and which version became the page ("Ended November 23, 2026: b became the page"); null while it runs. */
export function endedTitle(experiment: PageWithExperiment['experiment'] | null | undefined, now: number = Date.now()): string | null {
  if (!experiment?.stop || Date.parse(experiment.stop) > now) return null
  const day = new Date(experiment.stop).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
  const kept = experiment.kept ?? experiment.arms?.[0]?.key
  return `Ended ${day}: ${kept ? `${kept} became the page` : 'every visitor sees the page'}`
}

/** What an ended test says in its place on the page; null while it runs. */
export function endedSummary(experiment: PageWithExperiment['experiment'] | null | undefined, now: number = Date.now()): string | null {
  const title = endedTitle(experiment, now)
  return title && `${title}. Its numbers stay in the Calls tool.`
}
