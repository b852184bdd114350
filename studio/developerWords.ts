/**
 * Words an office manager does not use, kept out of everything the Studio says to an editor: labels, help
 * text, list options and validation messages (tests/unit/editorWords.test.ts reads them all). Each entry is
 * matched as a whole word, case-insensitively unless `caseSensitive`, plural included; `instead` is what to
 * write. Proper names (schema.org, Twilio, Google) are not on the list.
 */
export interface DeveloperWord {
  word: string
  instead: string
  caseSensitive?: boolean
}

export const developerWords: DeveloperWord[] = [
  { word: 'document', instead: 'name the thing: a page, a question, a pest, the settings' },
  { word: 'dataset', instead: 'the site’s content' },
  { word: 'slug', instead: 'address' },
  { word: 'GROQ', instead: 'say what is looked up' },
  { word: 'stega', instead: 'click-to-edit' },
  { word: 'kw', instead: 'the ad’s keyword' },
  { word: 'slkw', instead: 'the ad’s keyword' },
  { word: 'headline1', instead: 'the ad’s headline' },
  { word: 'lease', instead: 'how long a number stays with one visitor' },
  { word: 'keyed hash', instead: 'a scrambled copy' },
  { word: 'hash', instead: 'a scrambled copy' },
  { word: 'SHA-256', instead: 'a scrambled copy' },
  { word: 'IANA', instead: 'time zone, e.g. America/New_York' },
  { word: 'E.164', instead: '+1 followed by the 10-digit number' },
  { word: 'bucket', instead: 'photo storage' },
  { word: 'cookie', instead: 'remembered on the visitor’s browser' },
  { word: 'bot', instead: 'automated visit' },
  { word: 'request', instead: 'visit, tap or call' },
  { word: 'npm run', instead: 'ask the developer' },
  { word: 'self-signed', instead: 'this computer’s own certificate' },
  { word: 'String', instead: 'text', caseSensitive: true },
  { word: 'Reference to', instead: 'name what is chosen: “Question”, “Pest”' },
  { word: 'array', instead: 'list' },
  { word: 'boolean', instead: 'yes/no' },
  { word: 'UTM', instead: 'campaign' },
  { word: 'URL parameter', instead: 'what the ad brings' },
  { word: 'regex', instead: 'describe the pattern' },
  { word: 'API', instead: 'name the service' },
  { word: 'webhook', instead: 'say what happens' },
  { word: 'env', instead: 'ask the developer' },
]

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')

/** The developer words a text uses, in the list's order. */
export function developerWordsIn(text: string): DeveloperWord[] {
  return developerWords.filter(({ word, caseSensitive }) =>
    new RegExp(`(?<![\\w.-])${escaped(word)}(?:s|es)?(?![\\w-]|\\.\\w)`, caseSensitive ? '' : 'i').test(text),
  )
}
