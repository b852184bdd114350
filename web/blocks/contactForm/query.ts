export const contactFormFields = /* groq */ `
  heading,
  intro,
  firstNameLabel,
  lastNameLabel,
  phoneLabel,
  issueLabel,
  buttonLabel,
  note
`
