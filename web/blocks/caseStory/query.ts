export const caseStoryFields = /* groq */ `
  eyebrow,
  heading,
  story,
  facts[]{_key, label, value},
  buttonLabel
`
