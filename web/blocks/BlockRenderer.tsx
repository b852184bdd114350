import { Fragment, type ReactNode } from 'react'
import { ComparisonTable } from './comparisonTable/ComparisonTable'
import { CostComparison } from './costComparison/CostComparison'
import { Badges } from './badges/Badges'
import { ZipSearchBlock } from './zipSearch/ZipSearchBlock'
import { FaqList } from './faqList/FaqList'
import { CallBanner } from './callBanner/CallBanner'
import { CaseStory } from './caseStory/CaseStory'
import { ContactForm } from './contactForm/ContactForm'
import { ServiceArea } from './serviceArea/ServiceArea'
import { Testimonial } from './testimonial/Testimonial'
import { Banner } from './banner/Banner'
import { LocalBusiness } from './localBusiness/LocalBusiness'
import { TemplateHeader } from './templateHeader/TemplateHeader'
import { TemplateHero } from './templateHero/TemplateHero'
import { TemplateFooter } from './templateFooter/TemplateFooter'
import { BulletList } from './bulletList/BulletList'
import { CallToAction } from './callToAction/CallToAction'
import { CardGrid } from './cardGrid/CardGrid'
import { Hero } from './hero/Hero'
import { PestImageBlock } from './pestImage/PestImageBlock'
import { PestList } from './pestList/PestList'
import { Steps } from './steps/Steps'
import { TextSection } from './textSection/TextSection'
import type { Block, BlockContext } from './types'
import { Urgency } from './urgency/Urgency'

/**
 * One block to its component. The switch is exhaustive over the typegen union: renaming or adding
 * a block type in the schema fails the build here until the renderer knows it.
 */
function renderBlock(block: Block, context: BlockContext): ReactNode {
  switch (block._type) {
    case 'hero':
      return <Hero block={block} context={context} />
    case 'pestImage':
      return <PestImageBlock block={block} context={context} />
    case 'pestList':
      return <PestList block={block} context={context} />
    case 'textSection':
      return <TextSection block={block} context={context} />
    case 'cardGrid':
      return <CardGrid block={block} context={context} />
    case 'bulletList':
      return <BulletList block={block} context={context} />
    case 'steps':
      return <Steps block={block} context={context} />
    case 'urgency':
      return <Urgency block={block} context={context} />
    case 'callToAction':
      return <CallToAction block={block} context={context} />
    case 'comparisonTable':
      return <ComparisonTable block={block} context={context} />
    case 'costComparison':
      return <CostComparison block={block} context={context} />
    case 'badges':
      return <Badges block={block} context={context} />
    case 'zipSearch':
      return <ZipSearchBlock block={block} context={context} />
    case 'faqList':
      return <FaqList block={block} context={context} />
    case 'callBanner':
      return <CallBanner block={block} context={context} />
    case 'caseStory':
      return <CaseStory block={block} context={context} />
    case 'contactForm':
      return <ContactForm block={block} context={context} />
    case 'serviceArea':
      return <ServiceArea block={block} context={context} />
    case 'testimonial':
      return <Testimonial block={block} context={context} />
    case 'banner':
      return <Banner block={block} context={context} />
    case 'localBusiness':
      return <LocalBusiness block={block} context={context} />
    case 'templateHeader':
      return <TemplateHeader block={block} context={context} />
    case 'templateHero':
      return <TemplateHero block={block} context={context} />
    case 'templateFooter':
      return <TemplateFooter block={block} context={context} />
    default: {
      const unknownBlock: never = block
      return unknownBlock
    }
  }
}

/**
 * Which blocks draw a heading that can be the page's H1 when the page has no hero: a hero always
 * draws the H1 itself. Every block type is listed, so a new block has to decide.
 */
const TITLE_CAPABLE: Record<Block['_type'], 'hero' | boolean> = {
  hero: 'hero',
  templateHero: 'hero',
  textSection: true,
  cardGrid: true,
  bulletList: true,
  steps: true,
  comparisonTable: true,
  costComparison: true,
  badges: true,
  faqList: true,
  caseStory: true,
  contactForm: true,
  serviceArea: true,
  banner: true,
  pestList: true,
  pestImage: false,
  urgency: false,
  callToAction: false,
  zipSearch: false,
  callBanner: false,
  testimonial: false,
  localBusiness: false,
  templateHeader: false,
  templateFooter: false,
}

/** How many leading blocks fill a phone's first screen (a hero and what follows it). */
const FIRST_SCREEN_BLOCKS = 2

/** `afterFirst`: drawn after the first block (a service-area page's place section, after the pest page's hero). */
export function BlockRenderer({ blocks, context, afterFirst }: { blocks: ReadonlyArray<Block | null>; context: BlockContext; afterFirst?: ReactNode }) {
  const shown = blocks.filter((block): block is Block => block !== null)
  // One H1 per page: the hero's; without a hero, the first heading that can be one.
  const hasHero = shown.some((block) => TITLE_CAPABLE[block._type] === 'hero')
  const title = hasHero ? undefined : shown.find((block) => TITLE_CAPABLE[block._type] === true)
  return (
    <>
      {shown.map((block, index) => (
        <Fragment key={block._key ?? `${block._type}-${index}`}>
          {renderBlock(block, { ...context, isPageTitle: block === title, isFirstScreen: index < FIRST_SCREEN_BLOCKS })}
          {index === 0 ? afterFirst : null}
        </Fragment>
      ))}
    </>
  )
}
