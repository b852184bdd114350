import { EnvelopeIcon } from '@sanity/icons/Envelope'
import { defineField, defineType } from 'sanity'
import { optionalString, previewWith, requiredString } from '../schemaHelpers'

export const contactFormSchema = defineType({
  name: 'contactForm',
  title: 'Contact form',
  type: 'object',
  icon: EnvelopeIcon,
  description: 'Name, phone and pest issue fields. Nothing is sent anywhere: the page asks visitors to call.',
  fields: [
    requiredString('heading', 'Heading'),
    defineField({ name: 'intro', title: 'Intro', type: 'text', rows: 2 }),
    requiredString('firstNameLabel', 'First name label'),
    requiredString('lastNameLabel', 'Last name label'),
    requiredString('phoneLabel', 'Phone number label'),
    requiredString('issueLabel', 'Pest issue label'),
    requiredString('buttonLabel', 'Button label'),
    optionalString('note', 'Note under the form'),
  ],
  preview: previewWith('Contact form'),
})
