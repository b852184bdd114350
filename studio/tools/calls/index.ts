import { ChartUpwardIcon } from '@sanity/icons/ChartUpward'
import type { Tool } from 'sanity'
import { CallsTool } from './CallsTool'

/** The "Calls" tool in the Studio's top bar (see CallsTool.tsx). */
export const callsTool: Tool = {
  name: 'calls',
  title: 'Calls',
  icon: ChartUpwardIcon,
  component: CallsTool,
}
