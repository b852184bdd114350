export const costComparisonFields = /* groq */ `
  heading,
  intro,
  options[]{_key, title, price, recurring, successRate, points, recommended},
  buttonLabel
`
