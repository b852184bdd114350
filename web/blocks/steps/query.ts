export const stepsFields = /* groq */ `
  heading,
  intro,
  steps[]{_key, title, text},
  buttonLabel
`
