import { Fragment, type ReactNode } from 'react'
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
    default: {
      const unknownBlock: never = block
      return unknownBlock
    }
  }
}

export function BlockRenderer({ blocks, context }: { blocks: ReadonlyArray<Block | null>; context: BlockContext }) {
  return (
    <>
      {blocks.map((block, index) =>
        block ? <Fragment key={block._key ?? `${block._type}-${index}`}>{renderBlock(block, { ...context, isFirst: index === 0 })}</Fragment> : null,
      )}
    </>
  )
}
