export const cardGridFields = /* groq */ `
  heading,
  intro,
  cards[]{_key, title, text},
  buttonLabel,
  cardButtonLabel
`
