import type { BlockProps } from '../types'
import { ZipSearch } from './ZipSearch'

/** Server side of the block: passes only the strings the client component needs. */
export function ZipSearchBlock({ block }: BlockProps<'zipSearch'>) {
  const { heading, inputLabel, placeholder, buttonLabel, toastTitle, toastMessage } = block
  return <ZipSearch {...{ heading, inputLabel, placeholder, buttonLabel, toastTitle, toastMessage }} />
}
