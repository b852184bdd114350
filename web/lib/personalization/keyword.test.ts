import { describe, expect, it } from 'vitest'
import { LOOK_ALIKE_CONTACTS } from '../../../tests/support/lookAlikes'
import { foldLookAlikes } from './contacts'
import { cleanKeyword, decodeOnceMore, keywordFrom, MAX_KEYWORD_LENGTH, normalizeHeadline, normalizeKeyword } from './keyword'
import { titleCase } from './titleCase'

/** Real ad keywords and headlines, as an advertiser writes them → the hero title shown. */
export const AD_PHRASES: [string, string][] = [
  ['24/7 exterminator', '24/7 Exterminator'],
  ['$99 pest control', '$99 Pest Control'],
  ['st. louis exterminator', 'St. Louis Exterminator'],
  ['Ants? Roaches? Call Us', 'Ants? Roaches? Call Us'],
  ['bed bug treatment near me', 'Bed Bug Treatment'],
  ['Same-Day Service, Licensed & Insured', 'Same-Day Service, Licensed & Insured'],
  ['20% off termite inspection', '20% Off Termite Inspection'],
  ['Free Inspection!', 'Free Inspection!'],
  ["Don't Let Pests Win", "Don't Let Pests Win"],
  ['Don’t wait – call today', "Don't Wait - Call Today"],
  ['mice removal: fast, safe', 'Mice Removal: Fast, Safe'],
  ['pest control + free follow-up', 'Pest Control + Free Follow-Up'],
  ['U.S. pest experts', 'U.S. Pest Experts'],
  ['wasp nest removal $149', 'Wasp Nest Removal $149'],
  ['since 1985. 100% guaranteed', 'Since 1985. 100% Guaranteed'],
  ['offer ends 12/31/2026', 'Offer Ends 12/31/2026'],
  ['$1,000,000 termite warranty', '$1,000,000 Termite Warranty'],
  ['rodent control in my area', 'Rodent Control'],
  ['exterminador de cucarachas', 'Exterminador de Cucarachas'],
  ['Ant Killer!!!', 'Ant Killer!!!'],
  ['800 sq ft pest control', '800 Sq Ft Pest Control'],
  ['since 1800 pest control', 'Since 1800 Pest Control'],
  ['st.louis ants', 'St.louis Ants'],
]

/** Contact details planted in an ad parameter: the rest of the phrase shows, the detail never does. */
export const PLANTED_CONTACTS: [string, string][] = [
  ['call 1-800-555-0199 not this company', 'Call Not This Company'],
  ['call+1-800-555-0199+not+this+company', 'Call Not+this+company'],
  ['ants (555) 555-0199', 'Ants'],
  ['ants 555.555.0199', 'Ants'],
  ['ants 5555550199', 'Ants'],
  ['ants +1 555 555 0199 today', 'Ants Today'],
  ['call 555-0199, 24/7', 'Call 24/7'],
  ['ants +44 20 7946 0958', 'Ants'],
  ['call l-800-555-Ol99 now', 'Call Now'],
  ['1-800-GOT-ANTS exterminator', 'Exterminator'],
  ['ants call5550199now', 'Ants Call Now'],
  ['ants １８００５５５０１９９', 'Ants'],
  ['visit www.cheap-pests.com today', 'Visit Today'],
  ['pest https://evil.example/x?y=1 control', 'Pest Control'],
  ['bestpest.com ants', 'Ants'],
  ['evil dot com ants', 'Ants'],
  ['evil[.]net ants', 'Ants'],
  ['email joe@bad.co now', 'Email Now'],
  ['ants & joe (at) bad (dot) com', 'Ants'],
  // Vanity numbers (letters for digits), look-alike characters, any registrable domain.
  ['call 1-800-PEST-NOW', 'Call'],
  ['call+1-800-PEST-NOW+today', 'Call Today'],
  ['ants 1 800 pest now today', 'Ants Today'],
  ['ants 1-800-EXTERMINATE now', 'Ants Now'],
  ['212-555-Bugs ants', 'Ants'],
  ['rats (212) 555 bugs now', 'Rats Now'],
  ['8oo 5s5 O199 ants', 'Ants'],
  ['Pestdeals.support ants', 'Ants'],
  ['Pest.win roaches', 'Roaches'],
  ['ants пример.рф', 'Ants'],
  ['evil dot win ants', 'Ants'],
  ['mail joe@pest.win now', 'Mail Now'],
]

const title = (raw: string) => titleCase(normalizeKeyword(raw))

describe('keyword cleaning (spec §2.3)', () => {
  it('strips one trailing "near me", "in my area" or "local" and title-cases', () => {
    expect(title('wasp removal near me')).toBe('Wasp Removal')
    expect(title('exterminator in my area')).toBe('Exterminator')
    expect(title('pest control local')).toBe('Pest Control')
    expect(title('ANT KILLER')).toBe('Ant Killer')
  })

  it('is tolerant of case, extra spaces and punctuation around the filler', () => {
    expect(title('  Bed   Bug  Treatment   NEAR   ME!!  ')).toBe('Bed Bug Treatment')
    expect(title('roach control, near me?')).toBe('Roach Control')
    // One phrase, not every one: the one before it is the visitor's.
    expect(title('mice removal local near me')).toBe('Mice Removal Local')
    expect(title('exterminator near me near me')).toBe('Exterminator Near Me')
  })

  it('only strips the filler at the end, as whole words', () => {
    expect(title('local pest control')).toBe('Local Pest Control')
    expect(title('near me exterminators')).toBe('Near Me Exterminators')
    expect(title('pest control locally')).toBe('Pest Control Locally')
  })

  it('leaves nothing when the keyword is only filler, so the default title shows', () => {
    expect(normalizeKeyword('near me')).toBe('')
    expect(normalizeKeyword('   ')).toBe('')
    expect(normalizeKeyword(null)).toBe('')
  })

  it('keeps hyphenated and possessive words readable', () => {
    expect(title("yellow-jacket nest o'fallon")).toBe("Yellow-Jacket Nest O'fallon")
    expect(title('termite & ant control')).toBe('Termite & Ant Control')
  })

  it.each(AD_PHRASES)('keeps ad copy as written: %s → %s', (raw, shown) => {
    expect(title(raw)).toBe(shown)
  })

  it('prefers slkw over kw, and falls back to kw when slkw has nothing usable', () => {
    expect(keywordFrom('rodent control', 'ants')).toBe('rodent control')
    expect(keywordFrom('near me', 'ants')).toBe('ants')
    expect(keywordFrom(null, 'ants')).toBe('ants')
  })
})

describe('hostile keywords', () => {
  it('drops markup, keeping the words between tags', () => {
    const cleaned = normalizeKeyword('<script>alert("x")</script><img src=x onerror=alert(1)>ants')
    expect(cleaned).not.toMatch(/[<>"=]/)
    // Brackets are copy (rendered as text): the words between the tags keep theirs.
    expect(cleaned).toBe('alert(x) ants')
    expect(normalizeKeyword('<b>24/7</b> <!-- x --> ants')).toBe('24/7 ants')
  })

  it.each(PLANTED_CONTACTS)('drops phone numbers, web addresses and e-mail addresses: %s → %s', (raw, shown) => {
    expect(title(raw)).toBe(shown)
  })

  it('never shows seven digits in a row of a phone number, however it is split', () => {
    for (const separator of [' ', '-', '.', ' - ', ')', '(', '  ']) {
      const cleaned = normalizeKeyword(`ants ${['555', '555', '0199'].join(separator)} now`)
      expect(cleaned.replace(/\D/g, '').length).toBeLessThan(7)
    }
  })

  it('caps huge values at a word boundary, fast', () => {
    for (const size of [10_000, 100_000]) {
      const started = performance.now()
      const cleaned = normalizeKeyword('termite '.repeat(size / 8))
      expect(performance.now() - started).toBeLessThan(200)
      expect(cleaned.length).toBeLessThanOrEqual(MAX_KEYWORD_LENGTH)
      expect(cleaned.endsWith(' ')).toBe(false)
      expect(cleaned.split(' ').every((word) => word === 'termite')).toBe(true)
    }
  })

  it('keeps letters of any script and emoji, and drops control and direction characters', () => {
    expect(normalizeKeyword('cucarachas ñandú')).toBe('cucarachas ñandú')
    expect(normalizeKeyword('ants 🐜\u0000\u202e\u200f')).toBe('ants 🐜')
    // Joiners and tags inside an emoji are the emoji's; outside one they are invisible, and go.
    expect(normalizeKeyword('👨\u200d👩\u200d👧 pest control')).toBe('👨\u200d👩\u200d👧 pest control')
    expect(normalizeKeyword('an\u200dts')).toBe('ants')
    // Keycap digits and letters drawn as emoji are read as what they show: no phone number, no domain.
    expect(normalizeKeyword('call 1️⃣8️⃣0️⃣0️⃣5️⃣5️⃣5️⃣0️⃣1️⃣9️⃣9️⃣ now')).toBe('call now')
    expect(normalizeKeyword('ants 🇧🇪🇸🇹🇵🇪🇸🇹.🇨🇴🇲')).toBe('ants')
    expect(normalizeKeyword('ｗａｓｐ')).toBe('wasp')
  })

  it('drops invisible and direction characters inside words', () => {
    expect(normalizeKeyword('an\u200bts\u2066 \u202econtrol')).toBe('ants control')
  })

  it('drops stray punctuation that is not inside a word', () => {
    expect(normalizeKeyword("--- ' & ants & -")).toBe('ants')
  })
})

describe('idempotence (decodeVariant re-normalizes cache keys)', () => {
  const once = (raw: string) => cleanKeyword(raw)

  it('holds over the phrase tables, and a title\'s keyword is a clean one', () => {
    for (const [raw] of [...AD_PHRASES, ...PLANTED_CONTACTS]) {
      expect(once(once(raw))).toBe(once(raw))
      expect(once(normalizeKeyword(raw))).toBe(normalizeKeyword(raw))
    }
  })

  it('holds over generated strings', () => {
    // A seeded generator: failures are reproducible.
    let seed = 20261123
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    const pieces = [
      ...'abcilo018 /$%.,?!&+\'-:@<>"()[]#*_=|~`^\u200b\u202e\u0000\n\t\u00a0ñÉ１',
      'near me', ' local', 'in my area', 'www.', '.com', ' dot ', 'http://', '<b>', '</b>', '<!--', '555', '0199',
      '1-800-', '(555) ', 'st. ', '24/7', '$99', 'l-8oo', '🐜', '👨\u200d👩', '1️⃣', '🇺', '¿', '¡', ')', '[', ']', '!!',
    ]
    for (let run = 0; run < 3000; run++) {
      const length = 1 + Math.floor(random() * 40)
      let raw = ''
      for (let i = 0; i < length; i++) raw += pieces[Math.floor(random() * pieces.length)]
      const cleaned = once(raw)
      expect(once(cleaned), JSON.stringify(raw)).toBe(cleaned)
      // The title's keyword (one trailing phrase off the clean one) is clean too.
      const titled = normalizeKeyword(cleaned)
      expect(once(titled), JSON.stringify(raw)).toBe(titled)
      expect(cleaned.length).toBeLessThanOrEqual(MAX_KEYWORD_LENGTH)
      expect(cleaned).not.toMatch(/[<>@"\p{C}]/u)
    }
  })
})


describe('look-alike characters (TR39 confusables after NFKC)', () => {
  it.each(LOOK_ALIKE_CONTACTS)('reads contact details as they look: %s → %s', (raw, shown) => {
    const title = titleCase(normalizeKeyword(raw))
    expect(title).toBe(shown)
    const folded = foldLookAlikes(title)
    expect(folded.replace(/\D/g, '').length).toBeLessThan(7)
    expect(folded).not.toMatch(/@|\.(?:com|win|example)\b/i)
  })

  it('keeps a keyword in another script as written when it holds no contact detail', () => {
    expect(normalizeKeyword('κατσαρίδες')).toBe('κατσαρίδες')
    expect(normalizeKeyword('тараканы')).toBe('тараканы')
    expect(normalizeKeyword('araña de rincón')).toBe('araña de rincón')
  })

  it('folds compatibility forms and look-alikes to ASCII, keeping ASCII digits', () => {
    expect(foldLookAlikes('8оо ５５５ Ο142')).toBe('8oo 555 O142')
    expect(foldLookAlikes('0 1 l')).toBe('0 1 l')
  })
})

describe('real ad keywords up to 80 characters (Google Ads)', () => {
  it('shows a keyword of up to 80 characters whole and matches on all of it', () => {
    const raw = 'licensed and insured family owned local exterminator for bed bugs'
    expect(titleCase(normalizeKeyword(raw))).toBe('Licensed and Insured Family Owned Local Exterminator for Bed Bugs')
    const eighty = 'same day termite inspection and treatment for older homes with crawl spaces ok'
    expect(eighty.length).toBe(78)
    expect(normalizeKeyword(eighty)).toBe(eighty)
    expect(normalizeKeyword(`${eighty}x`)).toBe(`${eighty}x`)
  })

  it('shortens a longer one at a word boundary', () => {
    const raw = 'affordable same day termite inspection and treatment for older homes with crawl spaces in texas'
    const cleaned = normalizeKeyword(raw)
    expect(cleaned).toBe('affordable same day termite inspection and treatment for older homes with crawl')
    expect(cleaned.length).toBeLessThanOrEqual(MAX_KEYWORD_LENGTH)
    expect(normalizeKeyword('x'.repeat(200))).toHaveLength(MAX_KEYWORD_LENGTH)
  })

  it('decodes a value encoded twice once more, and only once', () => {
    expect(keywordFrom(null, 'wasp%20nest%20removal')).toBe('wasp nest removal')
    expect(keywordFrom('hornet%2Bnest', null)).toBe('hornet+nest')
    expect(decodeOnceMore('bed%2520bugs')).toBe('bed%20bugs')
    expect(decodeOnceMore('50% off')).toBe('50% off')
    expect(decodeOnceMore('ants %E2%80%94 %ZZ %C3')).toBe('ants — %ZZ %C3')
    expect(keywordFrom(null, 'ara%C3%B1a%20control')).toBe('araña control')
  })

  it('keeps words an advertiser capitalised inside, title-casing the rest', () => {
    const title = (raw: string) => titleCase(normalizeKeyword(raw))
    expect(title('DIY vs Pro')).toBe('DIY vs Pro')
    expect(title('McDonald farm iPhone deals')).toBe('McDonald Farm iPhone Deals')
    expect(title('pest control NYC')).toBe('Pest Control NYC')
    expect(title('eBay bug spray vs the exterminator')).toBe('eBay Bug Spray vs the Exterminator')
    expect(title('WASP NEST REMOVAL')).toBe('Wasp Nest Removal')
    expect(title('HVAC and ATTIC rodent proofing')).toBe('HVAC and Attic Rodent Proofing')
    expect(title('EXTERMINATOR for DIY fails')).toBe('Exterminator for DIY Fails')
    // Case alone never makes another keyword (one cached page).
    expect(normalizeKeyword('Wasp Removal')).toBe(normalizeKeyword('wasp removal'))
  })

  it('falls back to the default title when no word carries meaning', () => {
    for (const raw of ['The And Of In', 'a the', 'de la y el', 'for the near me', 'of of of']) expect(normalizeKeyword(raw), raw).toBe('')
    expect(normalizeKeyword('the ants')).toBe('the ants')
  })

  it('keeps a headline\'s trailing "near me" (the rule is the keyword\'s)', () => {
    expect(normalizeHeadline('Exterminator Near Me')).toBe('Exterminator Near Me')
    expect(normalizeKeyword('Exterminator Near Me')).toBe('exterminator')
    expect(normalizeHeadline('call 888 555 Ο142 near me')).toBe('call near me')
  })
})
