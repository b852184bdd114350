import { comparisonTableSchema } from './comparisonTable/schema'
import { costComparisonSchema } from './costComparison/schema'
import { badgesSchema } from './badges/schema'
import { zipSearchSchema } from './zipSearch/schema'
import { faqListSchema } from './faqList/schema'
import { callBannerSchema } from './callBanner/schema'
import { caseStorySchema } from './caseStory/schema'
import { contactFormSchema } from './contactForm/schema'
import { serviceAreaSchema } from './serviceArea/schema'
import { testimonialSchema } from './testimonial/schema'
import { bannerSchema } from './banner/schema'
import { localBusinessSchema } from './localBusiness/schema'
import { templateHeaderSchema } from './templateHeader/schema'
import { templateHeroSchema } from './templateHero/schema'
import { templateFooterSchema } from './templateFooter/schema'
import { bulletListSchema } from './bulletList/schema'
import { callToActionSchema } from './callToAction/schema'
import { cardGridSchema } from './cardGrid/schema'
import { heroSchema } from './hero/schema'
import { pestImageSchema } from './pestImage/schema'
import { pestListSchema } from './pestList/schema'
import { stepsSchema } from './steps/schema'
import { textSectionSchema } from './textSection/schema'
import { urgencySchema } from './urgency/schema'

/** Every page-builder block's Studio schema. BlockRenderer.tsx switches over the same type names (typegen checks it is exhaustive). */
export const blockSchemas = [
  heroSchema,
  pestImageSchema,
  pestListSchema,
  textSectionSchema,
  cardGridSchema,
  bulletListSchema,
  stepsSchema,
  urgencySchema,
  callToActionSchema,
  comparisonTableSchema,
  costComparisonSchema,
  badgesSchema,
  zipSearchSchema,
  faqListSchema,
  callBannerSchema,
  caseStorySchema,
  contactFormSchema,
  serviceAreaSchema,
  testimonialSchema,
  bannerSchema,
  localBusinessSchema,
  templateHeaderSchema,
  templateHeroSchema,
  templateFooterSchema,
]

export const pageBuilderBlockTypes = blockSchemas.map((schema) => schema.name)
