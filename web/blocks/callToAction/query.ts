export const callToActionFields = /* groq */ `
  heading,
  text,
  buttonLabel,
  showCallLabel
`
