export const bulletListFields = /* groq */ `
  heading,
  body,
  listHeading,
  items
`
