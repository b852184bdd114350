/**
 * Contact details written with look-alike characters (Greek, Cyrillic, full-width and mathematical
 * digits, mixed): none may reach the title. Each row: the raw keyword, and the title shown.
 */
export const LOOK_ALIKE_CONTACTS: [string, string][] = [
  ['call 888 555 Ο142', 'Call'], // Greek capital omicron
  ['Call 8оо 555-О199', 'Call'], // Cyrillic о and О
  ['Call Bugzapper.соm', 'Call'], // Cyrillic с and о
  ['ants 1-8ΟΟ-555-Ο1ЗЗ today', 'Ants Today'], // Greek Ο, Cyrillic З for 3
  ['call ８８８ ５５５ ０１４２ now', 'Call Now'], // full-width digits
  ['call 𝟖𝟖𝟖 𝟓𝟓𝟓 𝟎𝟏𝟒𝟐', 'Call'], // mathematical bold digits
  ['roaches ⑧⓪⓪5550199', 'Roaches'], // circled digits
  ['mice 888.555.ΟΙ42', 'Mice'], // Greek capital iota for 1
  ['wasps 8Ꮾ8 555 0142', 'Wasps'], // Cherokee look-alike of 6
  ['email jое@bugzapper.cоm now', 'Email Now'], // Cyrillic е, о
  ['joe＠pest.win ants', 'Ants'], // full-width @
  ['visit bugzappеr.com', 'Visit'], // Cyrillic е inside a domain
  ['visit ｗｗｗ．ｂｕｇｓ．ｃｏｍ today', 'Visit Today'], // full-width web address
  ['ants bugs．win', 'Ants'], // full-width full stop
  ['call ΟΟΟ 555 Ο142 ants', 'Call Ants'], // Greek omicrons for every zero
  ['call 888 ԜԜԜ 555 0142', 'Call 888 ԜԜԜ'], // Cyrillic Ԝ between the groups: what is left is no number
  ['rats +Ι 8ОО 555 О142', 'Rats'], // Greek Ι for 1, Cyrillic О
  ['ants l-8ΟΟ-PΕSΤ-ΝΟW', 'Ants'], // vanity number in Greek capitals
  ['termites bugs.ᴄᴏ', 'Termites'], // small capitals
  ['call 8𝟶𝟶 5５5 0l42 fast', 'Call Fast'], // monospace, full-width and letters for digits mixed
  ['ants hτtрs://evil.example/x', 'Ants'], // Greek tau, Cyrillic р in the scheme
  ['wasps evil dοt com', 'Wasps'], // Greek ο in " dot "
]
