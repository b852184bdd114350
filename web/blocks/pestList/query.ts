export const pestListFields = /* groq */ `
  heading,
  intro,
  pests,
  showImages,
  closingText
`
