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

/** Blocks whose headline is always the page's H1. */
const HERO_TYPES = new Set<Block['_type']>(['hero', 'templateHero'])

/** How many leading blocks fill a phone's first screen (a hero and what follows it). */
const FIRST_SCREEN_BLOCKS = 2

export function BlockRenderer({ blocks, context }: { blocks: ReadonlyArray<Block | null>; context: BlockContext }) {
  // One H1 per page: the hero's; without a hero, the first block's heading.
  const hasHero = blocks.some((block) => block !== null && HERO_TYPES.has(block._type))
  return (
    <>
      {blocks.map((block, index) =>
        block ? <Fragment key={block._key ?? `${block._type}-${index}`}>{renderBlock(block, { ...context, isPageTitle: !hasHero && index === 0, isFirstScreen: index < FIRST_SCREEN_BLOCKS })}</Fragment> : null,
      )}
    </>
  )
}
