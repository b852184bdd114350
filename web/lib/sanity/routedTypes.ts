/**
 * The document types that are pages with an address of their own (/<slug>): written once, here.
 * GROQ needs the list inside its query strings and `sanity typegen` only reads string literals, so
 * the filter is the literal and the list is read out of it.
 */
export const ROUTED_TYPES_FILTER = '_type in ["page", "pestPage", "legalPage"]'

export const ROUTED_TYPES: readonly string[] = JSON.parse(ROUTED_TYPES_FILTER.slice(ROUTED_TYPES_FILTER.indexOf('[')))
