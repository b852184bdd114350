/**
 * Licences where states ask for them: Florida's rules on pest-control advertising (F.A.C. 5E-14.106: the
 * licensee's name, no "blind" numbers, advertised numbers reaching the licensed location) and California's
 * (Bus. & Prof. Code § 8550) reach whoever offers pest-control work there without a licence. Site settings →
 * Call tracking → "States that require a provider licence" (default FL and CA) lists them; a provider without a
 * licence number for such a state is never routed a caller located there — the next provider gets the call.
 * Browser-safe (the Studio warns with the same rule).
 */
export interface LicenceFields {
  state?: string | null
  number?: string | null
}

/** A provider's licences by state: each state's licence number (a blank number is no licence). */
export function licencesOf(list: readonly (LicenceFields | null)[] | null | undefined): Map<string, string> {
  const licences = new Map<string, string>()
  for (const licence of list ?? []) {
    const state = licence?.state?.trim().toUpperCase() ?? ''
    const number = licence?.number?.trim() ?? ''
    if (/^[A-Z]{2}$/.test(state) && number) licences.set(state, number)
  }
  return licences
}

/**
 * May this provider be routed a caller located in `state`? Yes when the state asks for no licence, or the
 * provider has one for it; an unknown state asks for none (nothing says the caller is there).
 */
export function licensedFor(provider: { licences: ReadonlyMap<string, string> }, state: string | null | undefined, requiredStates: ReadonlySet<string>): boolean {
  if (!state || !requiredStates.has(state)) return true
  return provider.licences.has(state)
}

/** What a provider's area reaches, as far as the licence rule reads it: its states, or everywhere. */
export interface LicenceArea {
  states?: readonly (string | null)[] | null
  everywhere?: boolean | null
  licences?: readonly (LicenceFields | null)[] | null
}

/**
 * The licence-requiring states a provider serves without a licence for: its own states among them, or every one
 * of them for a provider working everywhere. Callers there never reach it; the Studio warns and the launch check
 * lists each gap.
 */
export function licenceGaps(provider: LicenceArea, requiredStates: Iterable<string>): string[] {
  const licences = licencesOf(provider.licences)
  const served = new Set((provider.states ?? []).filter((state): state is string => typeof state === 'string'))
  return [...requiredStates].filter((state) => (provider.everywhere === true || served.has(state)) && !licences.has(state)).sort()
}
