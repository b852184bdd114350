export const templateFooterFields = /* groq */ `
  brand,
  text,
  columns[]{_key, heading, items},
  contactLines,
  copyright
`
