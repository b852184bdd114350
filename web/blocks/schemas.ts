import { bulletListSchema } from './bulletList/schema'
import { callToActionSchema } from './callToAction/schema'
import { cardGridSchema } from './cardGrid/schema'
import { heroSchema } from './hero/schema'
import { pestImageSchema } from './pestImage/schema'
import { pestListSchema } from './pestList/schema'
import { stepsSchema } from './steps/schema'
import { textSectionSchema } from './textSection/schema'
import { urgencySchema } from './urgency/schema'

/** Every page-builder block's Studio schema. The renderer's registry (./registry.tsx) is keyed by the same names. */
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
]

export const pageBuilderBlockTypes = blockSchemas.map((schema) => schema.name)
