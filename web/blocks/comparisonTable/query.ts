export const comparisonTableFields = /* groq */ `
  heading,
  intro,
  methodLabel,
  rateLabel,
  noteLabel,
  rows[]{_key, method, failureRate, note},
  footnote
`
